import type {
  TActivity,
  TActivityRequest,
  TAdminBanner,
  TAdminCategory,
  TBannerRequest,
  TCreateCategoryRequest,
  THomePinItem,
  THomePinSection,
  THomePins,
  TUpdateCategoryRequest,
} from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const staffCall = { audience: 'staff' } as const;
const CATALOG_KEYS = {
  categories: ['admin', 'catalog', 'categories'] as const,
  banners: ['admin', 'catalog', 'banners'] as const,
  homePins: ['admin', 'catalog', 'home-pins'] as const,
  pinCandidates: (section: THomePinSection, keyword: string) =>
    ['admin', 'catalog', 'home-pins', 'candidates', section, keyword] as const,
  activities: ['admin', 'catalog', 'activities'] as const,
};

export function useAdminCategories() {
  return useQuery({
    queryKey: CATALOG_KEYS.categories,
    queryFn: async () =>
      (await api.get<{ data: TAdminCategory[] }>('/admin/catalog/categories', staffCall)).data,
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TCreateCategoryRequest | TUpdateCategoryRequest }) =>
      input.id
        ? api.put<TAdminCategory>(`/admin/catalog/categories/${input.id}`, input.body, staffCall)
        : api.post<TAdminCategory>('/admin/catalog/categories', input.body, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_KEYS.categories }),
    meta: { isToastSkipped: true },
  });
}

export function useAdminBanners() {
  return useQuery({
    queryKey: CATALOG_KEYS.banners,
    queryFn: async () => (await api.get<{ data: TAdminBanner[] }>('/admin/catalog/banners', staffCall)).data,
  });
}

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TBannerRequest }) =>
      input.id
        ? api.put<TAdminBanner>(`/admin/catalog/banners/${input.id}`, input.body, staffCall)
        : api.post<TAdminBanner>('/admin/catalog/banners', input.body, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_KEYS.banners }),
    meta: { isToastSkipped: true },
  });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/admin/catalog/banners/${id}`, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_KEYS.banners }),
  });
}

/** Deletes an empty category (the server refuses one with subcategories or goods); its home pins go with it. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/admin/catalog/categories/${id}`, staffCall),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEYS.categories });
      await queryClient.invalidateQueries({ queryKey: CATALOG_KEYS.homePins });
    },
  });
}

/** Every home section with its pinned items, named in the staff member's language. */
export function useHomePins(lang: string) {
  return useQuery({
    queryKey: [...CATALOG_KEYS.homePins, lang],
    queryFn: async () => (await api.get<{ data: THomePins[] }>('/admin/catalog/home-pins', staffCall)).data,
  });
}

export function useHomePinCandidates(section: THomePinSection, keyword: string, lang: string) {
  return useQuery({
    queryKey: [...CATALOG_KEYS.pinCandidates(section, keyword), lang],
    queryFn: async () =>
      (
        await api.get<{ data: THomePinItem[] }>('/admin/catalog/home-pins/candidates', {
          ...staffCall,
          query: { section, keyword },
        })
      ).data,
    placeholderData: (previous) => previous,
  });
}

export function useSaveHomePins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { section: THomePinSection; targetIds: string[] }) =>
      api.put<THomePins>(
        `/admin/catalog/home-pins/${input.section}`,
        { targetIds: input.targetIds },
        staffCall,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_KEYS.homePins }),
  });
}

export function useActivities() {
  return useQuery({
    queryKey: CATALOG_KEYS.activities,
    queryFn: async () => (await api.get<{ data: TActivity[] }>('/admin/catalog/activities', staffCall)).data,
  });
}

export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: TActivityRequest }) =>
      input.id
        ? api.put<TActivity>(`/admin/catalog/activities/${input.id}`, input.body, staffCall)
        : api.post<TActivity>('/admin/catalog/activities', input.body, staffCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOG_KEYS.activities }),
    meta: { isToastSkipped: true },
  });
}

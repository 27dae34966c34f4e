import type {
  TAdminBanner,
  TAdminCategory,
  TBannerRequest,
  TCreateCategoryRequest,
  TUpdateCategoryRequest,
} from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const staffCall = { audience: 'staff' } as const;
const CATALOG_KEYS = {
  categories: ['admin', 'catalog', 'categories'] as const,
  banners: ['admin', 'catalog', 'banners'] as const,
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

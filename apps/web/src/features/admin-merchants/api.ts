import type {
  TAdminMerchantApplicationsResponse,
  TAdminProductsResponse,
  TAdminStoresResponse,
} from '@caravan/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { api, buildApiUrl, type TQueryValue } from '../../lib/api';

type TQuery = Record<string, TQueryValue>;

const staff = { audience: 'staff' } as const;
const KEY = ['admin', 'merchants'] as const;

export function useApplications(query: TQuery) {
  return useQuery({
    queryKey: [...KEY, 'applications', query],
    queryFn: () =>
      api.get<TAdminMerchantApplicationsResponse>('/admin/merchant-applications', {
        ...staff,
        query: { ...query },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStores(query: TQuery) {
  return useQuery({
    queryKey: [...KEY, 'stores', query],
    queryFn: () => api.get<TAdminStoresResponse>('/admin/stores', { ...staff, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useModerationProducts(query: TQuery) {
  return useQuery({
    queryKey: [...KEY, 'products', query],
    queryFn: () =>
      api.get<TAdminProductsResponse>('/admin/products', {
        ...staff,
        query: {
          ...query,
          isTakenDown: query.isTakenDown === undefined ? undefined : String(query.isTakenDown),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One staff decision (approve, reject, suspend, take down...); the lists refresh after it. */
export function useStaffAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      api.post<unknown>(path, body ?? {}, staff),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** An applicant's document, private: read with the staff session (merchants.review), never cached. */
export function staffMerchantDocumentUrl(id: string): string {
  return buildApiUrl(`/admin/merchant-documents/${id}`, undefined, i18next.language || 'en');
}

import type { TStoreDetail } from '@caravan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const storeQueryKey = (id: string) => ['catalog', 'store', id] as const;

export const storeQuery = (id: string) =>
  queryOptions({
    queryKey: storeQueryKey(id),
    queryFn: ({ signal }) => api.get<TStoreDetail>(`/catalog/stores/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    meta: { isToastSkipped: true },
  });

export function useStore(id: string) {
  return useQuery(storeQuery(id));
}

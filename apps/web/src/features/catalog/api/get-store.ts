import type { TStoreDetail } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const storeQueryKey = (id: string) => ['catalog', 'store', id] as const;

export function useStore(id: string) {
  return useQuery({
    queryKey: storeQueryKey(id),
    queryFn: ({ signal }) => api.get<TStoreDetail>(`/catalog/stores/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    meta: { isToastSkipped: true },
  });
}

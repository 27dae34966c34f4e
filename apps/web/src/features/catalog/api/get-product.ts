import type { TProductDetail } from '@caravan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const productQueryKey = (id: string) => ['catalog', 'product', id] as const;

/** The page shows not-found and off-shelf states itself, so these errors are not toasted. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) =>
      api.get<TProductDetail>(`/catalog/products/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    meta: { isToastSkipped: true },
  });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

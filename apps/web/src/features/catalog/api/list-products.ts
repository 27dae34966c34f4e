import type { TProductPage, TProductSort } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type TProductFilters = {
  categoryId?: string;
  storeId?: string;
  minPrice?: string;
  maxPrice?: string;
  isDiscounted?: boolean;
  keyword?: string;
  sort?: TProductSort;
  pageNum: number;
  pageSize?: number;
};

/** Products with filters and sorts; a store's own list goes through its store path (in-shop search). */
export function useProducts(filters: TProductFilters, isEnabled = true) {
  const { storeId, ...query } = filters;
  const path = storeId ? `/catalog/stores/${encodeURIComponent(storeId)}/products` : '/catalog/products';
  return useQuery({
    queryKey: ['catalog', 'products', filters],
    queryFn: ({ signal }) => api.get<TProductPage>(path, { query, signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    meta: { isToastSkipped: Boolean(storeId) },
  });
}

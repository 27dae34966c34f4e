import type { TProductPage, TProductSort } from '@caravan/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
export const productsQuery = (filters: TProductFilters) => {
  const { storeId, ...query } = filters;
  const path = storeId ? `/catalog/stores/${encodeURIComponent(storeId)}/products` : '/catalog/products';
  return queryOptions({
    queryKey: ['catalog', 'products', filters],
    queryFn: ({ signal }) => api.get<TProductPage>(path, { query, signal }),
    meta: { isToastSkipped: Boolean(storeId) },
  });
};

export function useProducts(filters: TProductFilters, isEnabled = true) {
  return useQuery({ ...productsQuery(filters), enabled: isEnabled, placeholderData: keepPreviousData });
}

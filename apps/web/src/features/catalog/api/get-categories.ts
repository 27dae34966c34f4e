import type { TCategoryNode } from '@caravan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => api.get<{ categories: TCategoryNode[] }>('/catalog/categories', { signal }),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQuery());
}

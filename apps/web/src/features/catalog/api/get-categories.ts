import type { TCategoryNode } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useCategories() {
  return useQuery({
    queryKey: ['catalog', 'categories'],
    queryFn: ({ signal }) => api.get<{ categories: TCategoryNode[] }>('/catalog/categories', { signal }),
    staleTime: 5 * 60_000,
  });
}

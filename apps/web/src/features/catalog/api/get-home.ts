import type { THomeResponse } from '@caravan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const homeQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'home'],
    queryFn: ({ signal }) => api.get<THomeResponse>('/catalog/home', { signal }),
  });

export function useHome() {
  return useQuery(homeQuery());
}

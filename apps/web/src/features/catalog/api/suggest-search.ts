import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type TSuggestResponse = {
  keyword: string;
  goods: { id: string; name: string }[];
  storesEntry: boolean;
};

/** Suggestions while typing; the caller debounces the keyword. Failures only hide the list. */
export function useSuggestions(keyword: string) {
  return useQuery({
    queryKey: ['catalog', 'suggest', keyword],
    queryFn: ({ signal }) =>
      api.get<TSuggestResponse>('/catalog/search/suggest', { query: { k: keyword }, signal }),
    enabled: keyword.trim() !== '',
    staleTime: 60_000,
    retry: false,
    meta: { isToastSkipped: true },
  });
}

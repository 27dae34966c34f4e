import type { TStoreCard } from '@caravan/contracts';
import { PAGE_SIZE } from '@caravan/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keepPagesOfKeyword } from '../lib/keep-pages-of-keyword';

export type TStoreCardPage = { pageList: TStoreCard[]; pageNum: number; pageSize: number; total: number };

export const searchStoresQuery = (keyword: string, pageNum: number) =>
  queryOptions({
    queryKey: ['catalog', 'search-stores', keyword, pageNum],
    queryFn: ({ signal }) =>
      api.get<TStoreCardPage>('/catalog/search/stores', {
        query: { k: keyword, pageNum, pageSize: PAGE_SIZE.list },
        signal,
      }),
    enabled: keyword !== '',
    placeholderData: keepPagesOfKeyword<TStoreCardPage>(keyword),
  });

export function useSearchStores(keyword: string, pageNum: number) {
  return useQuery(searchStoresQuery(keyword, pageNum));
}

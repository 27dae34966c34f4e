import type { TProductPage } from '@caravan/contracts';
import { PAGE_SIZE } from '@caravan/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { keepPagesOfKeyword } from '../lib/keep-pages-of-keyword';

export const searchGoodsQuery = (keyword: string, pageNum: number) =>
  queryOptions({
    queryKey: ['catalog', 'search-goods', keyword, pageNum],
    queryFn: ({ signal }) =>
      api.get<TProductPage>('/catalog/search/goods', {
        query: { k: keyword, pageNum, pageSize: PAGE_SIZE.list },
        signal,
      }),
    enabled: keyword !== '',
    placeholderData: keepPagesOfKeyword<TProductPage>(keyword),
  });

export function useSearchGoods(keyword: string, pageNum: number) {
  return useQuery(searchGoodsQuery(keyword, pageNum));
}

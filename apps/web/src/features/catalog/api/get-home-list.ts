import type { THomeList, TProductPage, TStoreCard } from '@caravan/contracts';
import { PAGE_SIZE } from '@caravan/contracts/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

type TStorePage = { pageList: TStoreCard[]; pageNum: number; pageSize: number; total: number };
export type THomeListPage = { products?: TProductPage; stores?: TStorePage };

function pageOf(page: THomeListPage) {
  return page.products ?? page.stores ?? { pageNum: 1, pageSize: PAGE_SIZE.home, total: 0, pageList: [] };
}

/** "More" under a home list: pages 2, 3, ... of 12, fetched only once the visitor asks (page 1 is in /home). */
export function useHomeListMore(list: THomeList, isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['catalog', 'home-list', list],
    initialPageParam: 2,
    enabled: isEnabled,
    queryFn: ({ pageParam, signal }) =>
      api.get<THomeListPage>(`/catalog/home/${list}`, {
        query: { pageNum: pageParam, pageSize: PAGE_SIZE.home },
        signal,
      }),
    getNextPageParam: (last) => {
      const page = pageOf(last);
      return page.pageNum * page.pageSize < page.total && page.pageList.length > 0
        ? page.pageNum + 1
        : undefined;
    },
  });
}

export { pageOf as getHomeListPage };

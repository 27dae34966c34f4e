import type { TFollowedStorePage } from '@caravan/contracts';
import { PAGE_SIZE } from '@caravan/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useFollowedStores(pageNum: number) {
  return useQuery({
    queryKey: ['favourites', 'stores', pageNum],
    queryFn: ({ signal }) =>
      api.get<TFollowedStorePage>('/favourites/stores', {
        query: { pageNum, pageSize: PAGE_SIZE.list },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

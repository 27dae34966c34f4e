import type { TFavouriteProductPage } from '@caravan/contracts';
import { PAGE_SIZE } from '@caravan/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useFavouriteProducts(pageNum: number) {
  return useQuery({
    queryKey: ['favourites', 'products', pageNum],
    queryFn: ({ signal }) =>
      api.get<TFavouriteProductPage>('/favourites/products', {
        query: { pageNum, pageSize: PAGE_SIZE.list },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

import type { TProductDetail } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { productQueryKey } from './get-product';

type TFavouriteState = { isFavourite: boolean; count: number };

/** Adds or removes a favourite product (keepGoods) and refreshes every view of it. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, isFavourite }: { productId: string; isFavourite: boolean }) => {
      const path = `/favourites/products/${encodeURIComponent(productId)}`;
      return isFavourite ? api.post<TFavouriteState>(path) : api.delete<TFavouriteState>(path);
    },
    onSuccess: (state, { productId }) => {
      queryClient.setQueryData<TProductDetail>(productQueryKey(productId), (old) =>
        old ? { ...old, isFavourite: state.isFavourite } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['favourites'] });
    },
  });
}

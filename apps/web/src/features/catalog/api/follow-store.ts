import type { TStoreDetail } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { storeQueryKey } from './get-store';

type TFollowState = { isFollowed: boolean; count: number; followersCount: number };

/** Follows or unfollows a store (focusSeller) and refreshes the store header and the followed list. */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, isFollowed }: { storeId: string; isFollowed: boolean }) => {
      const path = `/favourites/stores/${encodeURIComponent(storeId)}`;
      return isFollowed ? api.post<TFollowState>(path) : api.delete<TFollowState>(path);
    },
    onSuccess: (state, { storeId }) => {
      queryClient.setQueryData<TStoreDetail>(storeQueryKey(storeId), (old) =>
        old ? { ...old, isFollowed: state.isFollowed, followersCount: state.followersCount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['favourites'] });
    },
  });
}

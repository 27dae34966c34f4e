import type { TWithdrawal } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FINANCE_KEYS, staffCall } from './keys';

export type TWithdrawalReview =
  | { id: string; decision: 'approve'; chainTxHash?: string }
  | { id: string; decision: 'reject'; reason: string };

/** Approve (pays out the held amount, optional chain tx hash) or reject (returns it) one withdrawal. */
export function reviewWithdrawal(input: TWithdrawalReview): Promise<TWithdrawal> {
  if (input.decision === 'approve') {
    return api.post<TWithdrawal>(
      `/admin/finance/withdrawals/${input.id}/approve`,
      input.chainTxHash ? { chainTxHash: input.chainTxHash } : {},
      staffCall,
    );
  }
  return api.post<TWithdrawal>(
    `/admin/finance/withdrawals/${input.id}/reject`,
    { reason: input.reason },
    staffCall,
  );
}

export function useReviewWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FINANCE_KEYS.all }),
    meta: { isToastSkipped: true },
  });
}

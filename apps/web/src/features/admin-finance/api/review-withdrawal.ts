import type { TWithdrawal } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';
import { FINANCE_KEYS, staffCall } from './keys';

export type TWithdrawalReview =
  | { id: string; decision: 'approve'; chainTxHash?: string }
  | { id: string; decision: 'reject'; reason: string };

/**
 * Approve (pays out the held amount, optional chain tx hash) or reject (returns it) one withdrawal: money moves, so
 * one Idempotency-Key per staff intent (a retry after a timeout replays the first answer).
 */
export function reviewWithdrawal(input: TWithdrawalReview): Promise<TWithdrawal> {
  return runIntent('withdrawal-review', input, ({ key }) => {
    const call = { ...staffCall, idempotencyKey: key };
    if (input.decision === 'approve') {
      return api.post<TWithdrawal>(
        `/admin/finance/withdrawals/${input.id}/approve`,
        input.chainTxHash ? { chainTxHash: input.chainTxHash } : {},
        call,
      );
    }
    return api.post<TWithdrawal>(
      `/admin/finance/withdrawals/${input.id}/reject`,
      { reason: input.reason },
      call,
    );
  });
}

export function useReviewWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FINANCE_KEYS.all }),
    meta: { isToastSkipped: true },
  });
}

import type { TRecharge } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';
import { FINANCE_KEYS, staffCall } from './keys';

export type TRechargeReview =
  | { id: string; decision: 'approve' }
  | { id: string; decision: 'reject'; reason: string };

/**
 * Approve (credits the actual amount) or reject (with a reason) one processing recharge: money moves, so one
 * Idempotency-Key per staff intent (a retry after a timeout replays the first answer).
 */
export function reviewRecharge(input: TRechargeReview): Promise<TRecharge> {
  return runIntent('recharge-review', input, ({ key }) => {
    const call = { ...staffCall, idempotencyKey: key };
    return input.decision === 'approve'
      ? api.post<TRecharge>(`/admin/finance/recharges/${input.id}/approve`, {}, call)
      : api.post<TRecharge>(`/admin/finance/recharges/${input.id}/reject`, { reason: input.reason }, call);
  });
}

export function useReviewRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewRecharge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FINANCE_KEYS.all }),
    meta: { isToastSkipped: true },
  });
}

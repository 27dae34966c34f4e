import type { TRecharge } from '@caravan/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FINANCE_KEYS, staffCall } from './keys';

export type TRechargeReview =
  | { id: string; decision: 'approve' }
  | { id: string; decision: 'reject'; reason: string };

/** Approve (credits the actual amount) or reject (with a reason) one processing recharge. */
export function reviewRecharge(input: TRechargeReview): Promise<TRecharge> {
  return input.decision === 'approve'
    ? api.post<TRecharge>(`/admin/finance/recharges/${input.id}/approve`, {}, staffCall)
    : api.post<TRecharge>(`/admin/finance/recharges/${input.id}/reject`, { reason: input.reason }, staffCall);
}

export function useReviewRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewRecharge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FINANCE_KEYS.all }),
    meta: { isToastSkipped: true },
  });
}

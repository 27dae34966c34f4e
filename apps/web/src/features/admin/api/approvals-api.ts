import type { TApproval, TApprovalAction, TApprovalStatus, TPage } from '@caravan/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';

const staffCall = { audience: 'staff' } as const;

export type TApprovalFilter = {
  pageNum: number;
  pageSize: number;
  status: TApprovalStatus;
  action?: TApprovalAction | undefined;
};

export const APPROVAL_KEYS = {
  all: ['admin', 'approvals'] as const,
  list: (filter: TApprovalFilter) => ['admin', 'approvals', filter] as const,
};

/** The second-approval queue (four-eyes) for the actions this staff member may approve. */
export function useApprovals(filter: TApprovalFilter) {
  return useQuery({
    queryKey: APPROVAL_KEYS.list(filter),
    queryFn: () => api.get<TPage<TApproval>>('/admin/approvals', { ...staffCall, query: filter }),
    placeholderData: (previous) => previous,
  });
}

export type TApprovalDecision =
  | { id: string; decision: 'approve'; chainTxHash?: string | undefined }
  | { id: string; decision: 'decline'; reason: string };

/**
 * A second approval carries out the money move it holds: one Idempotency-Key per staff intent, so a retry after a
 * timeout replays the first answer instead of being refused as already decided.
 */
export function decideApproval(input: TApprovalDecision): Promise<unknown> {
  return runIntent('approval-decision', input, ({ key }) => {
    const call = { ...staffCall, idempotencyKey: key };
    return input.decision === 'approve'
      ? api.post<TApproval>(
          `/admin/approvals/${input.id}/approve`,
          input.chainTxHash ? { chainTxHash: input.chainTxHash } : {},
          call,
        )
      : api.post(`/admin/approvals/${input.id}/decline`, { reason: input.reason }, call);
  });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    // Approving moves money: every queue and balance the console shows may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    meta: { isToastSkipped: true },
  });
}

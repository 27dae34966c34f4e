import type { TSecondApprovalWaiting } from '@caravan/contracts';
import type { TFunction } from 'i18next';
import { toast } from '../../lib/toast';
import { formatAmount } from '../ui/money-text';

/** The waiting second approval in an approve answer (withdrawal, recharge, manual refund), if any. */
export function findWaitingSecondApproval(result: unknown): NonNullable<TSecondApprovalWaiting> | null {
  if (typeof result !== 'object' || result === null || !('secondApproval' in result)) {
    return null;
  }
  const waiting = (result as { secondApproval: TSecondApprovalWaiting }).secondApproval;
  return waiting ?? null;
}

/**
 * After an approval: either the money moved (success toast) or, above the four-eyes threshold, it now
 * waits for a second staff member, which the staff member must be told plainly.
 */
export function announceApproval(result: unknown, successMessage: string, t: TFunction) {
  const waiting = findWaitingSecondApproval(result);
  if (waiting) {
    toast.info(
      t(waiting.judgedAmount ? 'console:approvals.waitingSecondJudged' : 'console:approvals.waitingSecond', {
        amount: formatAmount(waiting.amount),
        threshold: formatAmount(waiting.threshold),
        judged: waiting.judgedAmount && formatAmount(waiting.judgedAmount),
      }),
    );
  } else {
    toast.success(successMessage);
  }
}

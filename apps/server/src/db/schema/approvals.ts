import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ref, tstz } from '../columns';
import { staff } from './staff';

export const APPROVAL_ACTION_VALUES = ['withdrawal', 'recharge', 'refund', 'loan'] as const;
export const APPROVAL_STATUS_VALUES = ['waiting', 'approved', 'rejected', 'cancelled'] as const;

/**
 * Four-eyes: a money approval above its threshold waits here after the first staff member approves it,
 * until a second, different staff member approves (or rejects) it. At most one waiting row per target.
 */
export const fourEyesApprovals = pgTable(
  'four_eyes_approvals',
  {
    id: id(),
    action: text('action', { enum: APPROVAL_ACTION_VALUES }).notNull(),
    /** Withdrawal, recharge or loan id, or the order number of a manual refund. */
    targetId: text('target_id').notNull(),
    userId: ref('user_id'),
    amount: money('amount').notNull(),
    threshold: money('threshold').notNull(),
    /**
     * What was held against the threshold when more than `amount`: a manual refund with the order's earlier platform
     * refunds (5 + 6 above 10 waits, though 6 alone is below it). Null when it was the amount itself.
     */
    judgedAmount: money('judged_amount'),
    /** The reason the first staff member gave for a manual refund. */
    reason: text('reason'),
    status: text('status', { enum: APPROVAL_STATUS_VALUES }).notNull().default('waiting'),
    firstStaffId: ref('first_staff_id')
      .notNull()
      .references(() => staff.id),
    firstApprovedAt: tstz('first_approved_at').notNull().defaultNow(),
    secondStaffId: ref('second_staff_id').references(() => staff.id),
    decidedAt: tstz('decided_at'),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('four_eyes_approvals_waiting_key')
      .on(t.action, t.targetId)
      .where(sql`${t.status} = 'waiting'`),
    index('four_eyes_approvals_status_idx').on(t.status, t.id),
  ],
);

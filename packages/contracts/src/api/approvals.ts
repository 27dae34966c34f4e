import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { REPAYMENT_MODES } from '../loan-schedule';
import { zChoice, zPageQuery, zRequiredText } from '../validation';
import { zPageOf } from './admin';
import { LOAN_PRODUCT_KINDS, VERIFICATION_STATUSES } from './loans';

/** Money actions that need a second staff approval above their threshold (settings/approvals.ts). */
/** A loan keeps its own first approval (loans module) and is mirrored here so the queue shows it too. */
export const APPROVAL_ACTIONS = ['withdrawal', 'recharge', 'refund', 'loan'] as const;
export type TApprovalAction = (typeof APPROVAL_ACTIONS)[number];
export const APPROVAL_STATUSES = ['waiting', 'approved', 'rejected', 'cancelled'] as const;
export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * What the second approver sees of the record, as the first did in its review queue: whose it is, where a
 * withdrawal goes, a deposit's transaction, the fee and what is credited or paid out. Null for actions without.
 */
export const ZApprovalFacts = z.object({
  userName: z.string().nullable(),
  usercode: z.string().nullable(),
  network: z.string().nullable(),
  /** A withdrawal's destination. */
  address: z.string().nullable(),
  /** A deposit's chain transaction. */
  txHash: z.string().nullable(),
  /** A deposit's bank and card. */
  bank: z.string().nullable(),
  fee: z.string().nullable(),
  actualAmount: z.string().nullable(),
  /** A loan's terms as its first reviewer saw them; only for loans. */
  loan: z
    .object({
      /** The product's kind, which the console names in the reader's language; the name is the stored one. */
      productKind: z.enum(LOAN_PRODUCT_KINDS),
      productName: z.string(),
      termDays: z.number().int(),
      dailyRate: z.string(),
      mode: z.enum(REPAYMENT_MODES),
      /** What the borrower asked for; the approval's own amount is what the first reviewer approved. */
      amountAsked: z.string(),
      firstApprovedAmount: z.string().nullable(),
      /** The borrower's latest real-name and advanced verification ("not_submitted" without one). */
      realNameStatus: z.enum(VERIFICATION_STATUSES),
      advancedStatus: z.enum(VERIFICATION_STATUSES),
    })
    .optional(),
});
export type TApprovalFacts = z.infer<typeof ZApprovalFacts>;

export const ZApproval = z.object({
  id: z.string(),
  action: z.enum(APPROVAL_ACTIONS),
  /** Withdrawal, recharge or loan id, or the order number of a manual refund. */
  targetId: z.string(),
  userId: z.string().nullable(),
  amount: z.string(),
  threshold: z.string(),
  /**
   * What was held against the threshold when more than `amount` (a manual refund with the order's earlier platform
   * refunds), else null.
   */
  judgedAmount: z.string().nullable(),
  /** The first approver's reason for a manual refund. */
  reason: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  firstStaffId: z.string(),
  firstStaffName: z.string(),
  firstApprovedAt: z.string(),
  secondStaffId: z.string().nullable(),
  secondStaffName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  facts: ZApprovalFacts.nullable(),
});
export type TApproval = z.infer<typeof ZApproval>;
export const ZApprovalPage = zPageOf(ZApproval);
export type TApprovalPage = z.infer<typeof ZApprovalPage>;

export const ZApprovalListQuery = zPageQuery(PAGE_SIZE.list).extend({
  status: zChoice(APPROVAL_STATUSES).default('waiting'),
  action: zChoice(APPROVAL_ACTIONS).optional(),
  lang: z.string().optional(),
});
export type TApprovalListQuery = z.input<typeof ZApprovalListQuery>;

export const ZRejectApprovalRequest = z.strictObject({ reason: zRequiredText(255) });

/** Part of an approve answer: set when the action now waits for a second staff member. */
export const ZSecondApprovalWaiting = z
  .object({
    id: z.string(),
    firstStaffName: z.string(),
    amount: z.string(),
    threshold: z.string(),
    /** What was held against the threshold when more than `amount`, else null (ZApproval's). */
    judgedAmount: z.string().nullable(),
  })
  .nullable();
export type TSecondApprovalWaiting = z.infer<typeof ZSecondApprovalWaiting>;

/** A first approval that waits for a second staff member: who gave it, when, for how much and why. */
export const ZWaitingFirstApproval = z.object({
  staffId: z.string(),
  staffName: z.string(),
  approvedAt: z.string(),
  amount: z.string(),
  /** The first approver's reason (a manual refund's). */
  reason: z.string().nullable(),
});
export type TWaitingFirstApproval = z.infer<typeof ZWaitingFirstApproval>;

/**
 * A record's four-eyes state in a review queue: null when one approval moves its money (at or below the
 * threshold) or once it is decided; otherwise the threshold and the first approval, if one is recorded.
 */
export const ZRecordFourEyes = z
  .object({
    threshold: z.string(),
    firstApproval: ZWaitingFirstApproval.nullable(),
    /** The last first approval a second staff member declined, while none waits: who, when and why. */
    lastDecline: z.object({ staffName: z.string(), decidedAt: z.string(), reason: z.string() }).nullable(),
  })
  .nullable();
export type TRecordFourEyes = z.infer<typeof ZRecordFourEyes>;

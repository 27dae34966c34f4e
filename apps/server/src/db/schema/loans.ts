import { LOAN_OFFER_OUTCOMES, LOAN_STATUSES } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, money, ref, tstz, updatedAt } from '../columns';
import { users } from './accounts';
import { ledgerTransactions } from './ledger';
import { staff } from './staff';

const userRef = () =>
  ref('user_id')
    .notNull()
    .references(() => users.id);

/**
 * Identity photos (ID front and back, selfie with the document, proof of address). Kept in the database,
 * never in the public upload directory: they are served only through the verification endpoints, to
 * their owner and to staff with `kyc.review`, and every server process sees the same rows.
 */
export const identityImages = pgTable(
  'identity_images',
  {
    id: id(),
    userId: userRef(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('identity_images_user_idx').on(t.userId)],
);

export const VERIFICATION_LEVELS = ['real_name', 'advanced'] as const;
export const VERIFICATION_ROW_STATUSES = ['reviewing', 'approved', 'rejected', 'resubmit'] as const;

/** Real-name and advanced verification submissions; a resubmission is a new row. */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: id(),
    userId: userRef(),
    level: text('level', { enum: VERIFICATION_LEVELS }).notNull(),
    status: text('status', { enum: VERIFICATION_ROW_STATUSES }).notNull().default('reviewing'),
    realName: text('real_name'),
    nationality: text('nationality'),
    idType: text('id_type'),
    idNumber: text('id_number'),
    /** Upper case without spaces and hyphens: the uniqueness key across accounts. */
    idNumberKey: text('id_number_key'),
    frontImageId: ref('front_image_id').references(() => identityImages.id),
    backImageId: ref('back_image_id').references(() => identityImages.id),
    selfieImageId: ref('selfie_image_id').references(() => identityImages.id),
    addressProofImageId: ref('address_proof_image_id').references(() => identityImages.id),
    reason: text('reason'),
    reviewerStaffId: ref('reviewer_staff_id').references(() => staff.id),
    reviewedAt: tstz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('identity_verifications_user_idx').on(t.userId, t.level, t.id),
    index('identity_verifications_status_idx').on(t.status, t.id),
    // one live (reviewing or approved) submission per user and level
    uniqueIndex('identity_verifications_live_key')
      .on(t.userId, t.level)
      .where(sql`${t.status} in ('reviewing', 'approved')`),
    // an ID number belongs to one account
    uniqueIndex('identity_verifications_id_number_key')
      .on(t.idType, t.idNumberKey)
      .where(sql`${t.level} = 'real_name' and ${t.status} in ('reviewing', 'approved')`),
  ],
);

export const LOAN_PRODUCT_KINDS = ['startup', 'credit', 'other'] as const;
export const REPAYMENT_MODES = ['bullet', 'interest_first', 'equal_instalments'] as const;

/** Loan products set by the platform. Rates are per day, stored as numeric(30,10). */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind', { enum: LOAN_PRODUCT_KINDS }).notNull(),
    name: text('name').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    termOptions: integer('term_options').array().notNull(),
    dailyRate: money('daily_rate').notNull(),
    modes: text('modes').array().notNull(),
    cycleDays: integer('cycle_days').notNull(),
    penaltyDailyRate: money('penalty_daily_rate').notNull(),
    graceDays: integer('grace_days').notNull().default(0),
    advancedAbove: money('advanced_above').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loan_products_code_key').on(t.code),
    check(
      'loan_products_amounts',
      sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount} and ${t.advancedAbove} >= 0`,
    ),
    check(
      'loan_products_rates',
      sql`${t.dailyRate} >= 0 and ${t.dailyRate} <= 0.1 and ${t.penaltyDailyRate} >= 0 and ${t.penaltyDailyRate} <= 0.1`,
    ),
    check('loan_products_days', sql`${t.cycleDays} between 1 and 365 and ${t.graceDays} between 0 and 90`),
  ],
);

/**
 * A loan from application to repayment. Its terms are copied from the product when applying, so a later
 * product change never alters a signed loan. Money columns are the running totals the daily accrual and
 * the repayments keep; the schedule is computed from the terms (packages/contracts loan-schedule).
 */
export const loans = pgTable(
  'loans',
  {
    id: id(),
    userId: userRef(),
    productId: ref('product_id')
      .notNull()
      .references(() => loanProducts.id),
    status: text('status', { enum: LOAN_STATUSES }).notNull().default('applying'),
    amount: money('amount').notNull(),
    approvedAmount: money('approved_amount'),
    termDays: integer('term_days').notNull(),
    mode: text('mode', { enum: REPAYMENT_MODES }).notNull(),
    cycleDays: integer('cycle_days').notNull(),
    dailyRate: money('daily_rate').notNull(),
    penaltyDailyRate: money('penalty_daily_rate').notNull(),
    graceDays: integer('grace_days').notNull(),
    purpose: text('purpose').notNull(),
    realName: text('real_name').notNull(),
    nationality: text('nationality').notNull(),
    idNumber: text('id_number').notNull(),
    verificationId: ref('verification_id').references(() => identityVerifications.id),
    agreedAt: tstz('agreed_at').notNull(),
    firstReviewerStaffId: ref('first_reviewer_staff_id').references(() => staff.id),
    firstApprovedAmount: money('first_approved_amount'),
    firstApprovedAt: tstz('first_approved_at'),
    reviewerStaffId: ref('reviewer_staff_id').references(() => staff.id),
    approvedAt: tstz('approved_at'),
    rejectReason: text('reject_reason'),
    rejectedAt: tstz('rejected_at'),
    /** An approval below the amount asked is an offer (status approved) the borrower answers before this instant. */
    offerExpiresAt: tstz('offer_expires_at'),
    offerOutcome: text('offer_outcome', { enum: LOAN_OFFER_OUTCOMES }),
    offerAnsweredAt: tstz('offer_answered_at'),
    offerDeclineReason: text('offer_decline_reason'),
    disbursedAt: tstz('disbursed_at'),
    /** UTC date of disbursement: day 0 of the schedule. */
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    disburseTransactionId: ref('disburse_transaction_id').references(() => ledgerTransactions.id),
    principalPaid: money('principal_paid').notNull().default(sql`0`),
    interestAccrued: money('interest_accrued').notNull().default(sql`0`),
    interestPaid: money('interest_paid').notNull().default(sql`0`),
    penaltyAccrued: money('penalty_accrued').notNull().default(sql`0`),
    penaltyPaid: money('penalty_paid').notNull().default(sql`0`),
    /** Last day (days after disbursement) whose interest and penalty are accrued. */
    accruedThroughDay: integer('accrued_through_day').notNull().default(0),
    overdueSince: date('overdue_since', { mode: 'string' }),
    hasBeenOverdue: boolean('has_been_overdue').notNull().default(false),
    /** Last instalment due day a reminder was sent for. */
    remindedDueDay: integer('reminded_due_day').notNull().default(0),
    repaidAt: tstz('repaid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.id),
    index('loans_status_idx').on(t.status, t.id),
    // the lapse job's scan of open offers
    index('loans_offer_expiry_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'approved'`),
    // a pending or outstanding loan blocks a new application, also between racing requests
    uniqueIndex('loans_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in ('applying', 'reviewing', 'approved', 'disbursed', 'overdue')`),
    check(
      'loans_paid_within_accrued',
      sql`${t.interestPaid} <= ${t.interestAccrued} and ${t.penaltyPaid} <= ${t.penaltyAccrued} and ${t.principalPaid} >= 0`,
    ),
  ],
);

/** One row per loan and day: the daily job's record that the day was accrued exactly once. */
export const loanAccruals = pgTable(
  'loan_accruals',
  {
    loanId: ref('loan_id')
      .notNull()
      .references(() => loans.id),
    day: integer('day').notNull(),
    accruedOn: date('accrued_on', { mode: 'string' }).notNull(),
    principalOutstanding: money('principal_outstanding').notNull(),
    overdueAmount: money('overdue_amount').notNull(),
    interest: money('interest').notNull(),
    penalty: money('penalty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.day] })],
);

export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: id(),
    loanId: ref('loan_id')
      .notNull()
      .references(() => loans.id),
    userId: userRef(),
    amount: money('amount').notNull(),
    penalty: money('penalty').notNull(),
    interest: money('interest').notNull(),
    principal: money('principal').notNull(),
    transactionId: ref('transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [index('loan_repayments_loan_idx').on(t.loanId, t.id)],
);

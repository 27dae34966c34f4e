import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { zId, zPageNum, zPageSize } from '../validation';

/** Accounts of the double-entry ledger (ARCHITECTURE.md, Money). */
export const USER_ACCOUNT_KINDS = ['user_available', 'user_held'] as const;
export const PLATFORM_ACCOUNT_KINDS = [
  'order_escrow',
  'platform_revenue',
  'chain_clearing',
  'bank_clearing',
  'loan_book',
  'interest_income',
  /** Coupons: the platform pays the discount into the order's escrow (negative = spent on marketing). */
  'platform_marketing',
] as const;
export const LEDGER_ACCOUNT_KINDS = [...USER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS] as const;
export type TUserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type TPlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export type TLedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** What a ledger transaction was for; shown in balance histories (web dictionary `wallet:ledgerKind.*`). */
export const LEDGER_TRANSACTION_KINDS = [
  'deposit',
  'withdraw_hold',
  'withdraw_release',
  'withdraw_settle',
  'order_payment',
  'order_settlement',
  'order_refund',
  'loan_disbursement',
  'loan_repayment',
  'transfer',
  'adjustment',
] as const;
export type TLedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** One line of a user's balance history: a posting on their available or held account. */
export const ZLedgerEntry = z.object({
  id: z.string(),
  transactionId: z.string(),
  /** A known kind from LEDGER_TRANSACTION_KINDS, or another team's own kind. */
  kind: z.string(),
  account: z.enum(USER_ACCOUNT_KINDS),
  /** Signed decimal string: positive credits the account. */
  amount: z.string(),
  /** Balance of that account right after this posting. */
  balanceAfter: z.string(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZLedgerHistoryQuery = z.strictObject({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(PAGE_SIZE.list),
  account: z.enum(USER_ACCOUNT_KINDS).optional(),
  lang: z.string().optional(),
});
export type TLedgerHistoryQuery = z.input<typeof ZLedgerHistoryQuery>;

export const ZLedgerHistoryPage = z.object({
  pageList: z.array(ZLedgerEntry),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TLedgerHistoryPage = z.infer<typeof ZLedgerHistoryPage>;

export const ZLedgerUserParams = z.strictObject({ userId: zId });

export const LEDGER_BREACH_KINDS = [
  'transaction_unbalanced',
  'transaction_too_few_postings',
  'posting_zero_amount',
  'balance_mismatch',
  'negative_user_balance',
  'ledger_total_nonzero',
] as const;
export type TLedgerBreachKind = (typeof LEDGER_BREACH_KINDS)[number];

export const ZLedgerBreach = z.object({
  kind: z.enum(LEDGER_BREACH_KINDS),
  transactionId: z.string().nullable(),
  accountId: z.string().nullable(),
  /** The offending sum, balance or difference as a decimal string. */
  amount: z.string(),
  detail: z.string(),
});
export type TLedgerBreach = z.infer<typeof ZLedgerBreach>;

/** Result of `npm run ledger:check` and of GET /api/v1/admin/ledger/check. */
export const ZLedgerCheckReport = z.object({
  isOk: z.boolean(),
  checkedAt: z.string(),
  transactionCount: z.number().int(),
  postingCount: z.number().int(),
  accountCount: z.number().int(),
  /** Sum of every user's available and held balance. */
  userTotal: z.string(),
  /** Balance of each platform account kind (the sum of its shards); clearing accounts may be negative. */
  platformBalances: z.record(z.string(), z.string()),
  breaches: z.array(ZLedgerBreach),
  /** Only the first breaches of each kind are listed; this counts them all. */
  breachCount: z.number().int(),
});
export type TLedgerCheckReport = z.infer<typeof ZLedgerCheckReport>;

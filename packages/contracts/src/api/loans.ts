import { z } from 'zod';
import { LOAN_MAX, LOAN_MAX_TERM_DAYS, LOAN_MIN, MY_LOANS_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { zSortQuery } from '../list-sort';
import { REPAYMENT_MODES } from '../loan-schedule';
import { isDecimalAbove, isMoneyString, parseMoney } from '../money';
import {
  messageWithValues,
  requiredOrInvalid,
  V,
  zAmount,
  zChoice,
  zId,
  zPageNum,
  zPageSize,
  zRequiredText,
  zTxPassword,
  zWhole,
  zWholeFromText,
} from '../validation';
import { ADMIN_USER_STATUSES } from './admin';

/**
 * Identity verification (real-name, advanced) and loans: products, application, review with four-eyes,
 * disbursement, schedule, repayment, loan book. Amounts are decimal strings of USDT.
 */

export const ID_TYPES = ['id_card', 'passport'] as const;
export type TIdType = (typeof ID_TYPES)[number];

export const VERIFICATION_LEVELS = ['real_name', 'advanced'] as const;
export type TVerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/** Stored states; "not_submitted" is what a user without a row sees. */
export const VERIFICATION_STATUSES = [
  'not_submitted',
  'reviewing',
  'approved',
  'rejected',
  'resubmit',
] as const;
export type TVerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Normalised ID numbers: upper case, without spaces and hyphens. */
export function normaliseIdNumber(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

/** ID card: 6-20 letters or digits; passport: 6-9 letters or digits with at least one digit. */
export function isValidIdNumber(idType: TIdType, value: string): boolean {
  const normalised = normaliseIdNumber(value);
  if (idType === 'passport') {
    return /^[A-Z0-9]{6,9}$/.test(normalised) && /\d/.test(normalised);
  }
  return /^[A-Z0-9]{6,20}$/.test(normalised) && /\d/.test(normalised);
}

const zCountryCode = z
  .string({ error: requiredOrInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: requiredOrInvalid });

export const ZSubmitRealNameRequest = z
  .strictObject({
    realName: zRequiredText(64),
    nationality: zCountryCode,
    idType: zChoice(ID_TYPES),
    idNumber: zRequiredText(32),
    frontImageId: zId,
    /** Required for ID cards; a passport has only its photo page. */
    backImageId: zId.optional(),
  })
  .refine((v) => v.backImageId === undefined || v.backImageId !== v.frontImageId, {
    path: ['backImageId'],
    error: V.idBackSameAsFront,
  });
export type TSubmitRealNameRequest = z.input<typeof ZSubmitRealNameRequest>;

export const ZSubmitAdvancedRequest = z
  .strictObject({
    selfieImageId: zId,
    addressProofImageId: zId,
  })
  .refine((v) => v.addressProofImageId !== v.selfieImageId, {
    path: ['addressProofImageId'],
    error: V.addressProofSameAsSelfie,
  });
export type TSubmitAdvancedRequest = z.input<typeof ZSubmitAdvancedRequest>;

export const ZVerification = z.object({
  id: z.string(),
  level: z.enum(VERIFICATION_LEVELS),
  status: z.enum(VERIFICATION_STATUSES),
  realName: z.string().nullable(),
  nationality: z.string().nullable(),
  idType: z.enum(ID_TYPES).nullable(),
  idNumber: z.string().nullable(),
  /** Identity image ids; read them at /api/v1/verification/images/:id (owner) or the staff path. */
  images: z.object({
    front: z.string().nullable(),
    back: z.string().nullable(),
    selfie: z.string().nullable(),
    addressProof: z.string().nullable(),
  }),
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TVerification = z.infer<typeof ZVerification>;

export const ZMyVerification = z.object({
  realName: ZVerification.nullable(),
  advanced: ZVerification.nullable(),
  realNameStatus: z.enum(VERIFICATION_STATUSES),
  advancedStatus: z.enum(VERIFICATION_STATUSES),
});
export type TMyVerification = z.infer<typeof ZMyVerification>;

export const ZIdentityImage = z.object({ id: z.string(), width: z.number().int(), height: z.number().int() });
export type TIdentityImage = z.infer<typeof ZIdentityImage>;

export const ZAdminVerificationQuery = z.strictObject({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(PAGE_SIZE.list),
  status: z.enum(VERIFICATION_STATUSES).optional(),
  level: z.enum(VERIFICATION_LEVELS).optional(),
  lang: z.string().max(8).optional(),
});

export const ZAdminVerification = ZVerification.extend({
  userId: z.string(),
  usercode: z.string(),
  userDisplayName: z.string(),
  reviewerId: z.string().nullable(),
});
export type TAdminVerification = z.infer<typeof ZAdminVerification>;
export const ZAdminVerificationPage = z.object({
  pageList: z.array(ZAdminVerification),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** Most characters of what a loan is for, as the applicant writes it. */
export const LOAN_PURPOSE_MAX = 200;
/** Most characters of a reason given on a loan or an identity check (a refusal, a borrower's decline). */
export const LOAN_REASON_MAX = 255;
export const VERIFICATION_DECISIONS = ['approve', 'reject', 'resubmit'] as const;
export const ZReviewVerificationRequest = z
  .strictObject({
    decision: zChoice(VERIFICATION_DECISIONS),
    reason: z.string({ error: V.invalidValue }).trim().max(LOAN_REASON_MAX, { error: V.tooLong }).optional(),
  })
  .refine((v) => v.decision === 'approve' || (v.reason !== undefined && v.reason.length > 0), {
    error: V.required,
    path: ['reason'],
  });
export type TReviewVerificationRequest = z.input<typeof ZReviewVerificationRequest>;

// Loan products ----------------------------------------------------------------------------------

export const LOAN_PRODUCT_KINDS = ['startup', 'credit', 'other'] as const;
export type TLoanProductKind = (typeof LOAN_PRODUCT_KINDS)[number];

/** A rate per day as a decimal string: 0 to 0.1 (10 % a day), at most 10 decimals. */
const zDailyRate = z
  .string({ error: V.dailyRate })
  .trim()
  .max(14, { error: V.dailyRate })
  .refine((v) => isMoneyString(v, 10) && !v.startsWith('-') && parseMoney(v) <= parseMoney('0.1'), {
    error: V.dailyRate,
  });

const zTermDays = zWholeFromText(1, LOAN_MAX_TERM_DAYS);

/** A loan amount: whole cents, positive; limits are checked by the service with the LOAN_ messages. */
export const zLoanAmount = zAmount(2, V.amountCents).pipe(z.string().max(24, { error: V.amountCents }));

/**
 * An amount of a loan product up to `max`: its range is said first (a 21-digit figure is out of range, not badly
 * written), then the format of every loan amount.
 */
const zLoanAmountUpTo = (max: number, message: string) =>
  z
    .string({ error: V.amountCents })
    .trim()
    .refine((v) => !isDecimalAbove(v, max), { error: message, abort: true })
    .pipe(zLoanAmount);

const LOAN_RANGE_MESSAGE = messageWithValues(V.amountRange, { min: LOAN_MIN, max: LOAN_MAX });
/** A product's smallest or largest loan: within the platform's loan range (SPEC §9: 100,000 to 30,000,000). */
const zProductLoanAmount = zLoanAmountUpTo(LOAN_MAX, LOAN_RANGE_MESSAGE).refine(
  (v) => !isMoneyString(v, 2) || parseMoney(v) >= parseMoney(String(LOAN_MIN)),
  { error: LOAN_RANGE_MESSAGE },
);

export const ZLoanProduct = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(LOAN_PRODUCT_KINDS),
  name: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  termOptions: z.array(z.number().int()),
  dailyRate: z.string(),
  modes: z.array(z.enum(REPAYMENT_MODES)),
  cycleDays: z.number().int(),
  penaltyDailyRate: z.string(),
  graceDays: z.number().int(),
  /** Above this amount the applicant needs advanced verification. */
  advancedAbove: z.string(),
  isActive: z.boolean(),
  aprPercent: z.string(),
});
export type TLoanProduct = z.infer<typeof ZLoanProduct>;
export const ZLoanProductList = z.object({ products: z.array(ZLoanProduct) });

export const ZLoanProductRequest = z
  .strictObject({
    code: z
      .string({ error: requiredOrInvalid })
      .trim()
      .regex(/^[a-z0-9_-]{2,32}$/, { error: requiredOrInvalid }),
    kind: z.enum(LOAN_PRODUCT_KINDS),
    name: zRequiredText(64),
    minAmount: zProductLoanAmount,
    maxAmount: zProductLoanAmount,
    termOptions: z
      .array(zTermDays)
      .min(1, { error: V.required })
      .max(24, { error: messageWithValues(V.itemsAtMost, { max: 24 }) }),
    dailyRate: zDailyRate,
    modes: z.array(z.enum(REPAYMENT_MODES)).min(1, { error: V.required }).max(REPAYMENT_MODES.length),
    cycleDays: zTermDays,
    penaltyDailyRate: zDailyRate,
    graceDays: zWholeFromText(0, 90),
    // Every loan of a product above this needs advanced verification: at most the largest loan there is.
    advancedAbove: zLoanAmountUpTo(LOAN_MAX, messageWithValues(V.amountUpTo, { max: LOAN_MAX })),
    isActive: z.boolean().default(true),
  })
  // Refinements run past a field's own refusal: compare only two well-formed amounts.
  .refine(
    (v) =>
      !isMoneyString(v.minAmount, 2) ||
      !isMoneyString(v.maxAmount, 2) ||
      parseMoney(v.minAmount) <= parseMoney(v.maxAmount),
    {
      error: V.maxBelowMin,
      path: ['maxAmount'],
    },
  );
export type TLoanProductRequest = z.input<typeof ZLoanProductRequest>;

// Quote and application -------------------------------------------------------------------------

export const ZLoanQuoteQuery = z.strictObject({
  productId: zId,
  amount: zLoanAmount,
  termDays: zTermDays,
  mode: z.enum(REPAYMENT_MODES),
  lang: z.string().max(8).optional(),
});
export type TLoanQuoteQuery = z.input<typeof ZLoanQuoteQuery>;

export const INSTALMENT_STATES = ['paid', 'due', 'overdue', 'upcoming'] as const;
export type TInstalmentState = (typeof INSTALMENT_STATES)[number];

export const ZScheduleLine = z.object({
  number: z.number().int(),
  dueDay: z.number().int(),
  /** ISO date (YYYY-MM-DD) once the loan is disbursed, else null. */
  dueDate: z.string().nullable(),
  principal: z.string(),
  interest: z.string(),
  total: z.string(),
  balanceAfter: z.string(),
  state: z.enum(INSTALMENT_STATES),
});
export type TScheduleLine = z.infer<typeof ZScheduleLine>;

export const ZLoanQuote = z.object({
  amount: z.string(),
  termDays: z.number().int(),
  mode: z.enum(REPAYMENT_MODES),
  dailyRate: z.string(),
  aprPercent: z.string(),
  totalInterest: z.string(),
  totalRepayment: z.string(),
  schedule: z.array(ZScheduleLine),
});
export type TLoanQuote = z.infer<typeof ZLoanQuote>;

export const ZApplyLoanRequest = z.strictObject({
  productId: zId,
  amount: zLoanAmount,
  termDays: zTermDays,
  mode: z.enum(REPAYMENT_MODES),
  purpose: zRequiredText(LOAN_PURPOSE_MAX),
  /** The loan agreement of these figures was ticked; false is refused with LOAN_AGREEMENT_REQUIRED. */
  agreed: z.boolean({ error: requiredOrInvalid }),
});
export type TApplyLoanRequest = z.input<typeof ZApplyLoanRequest>;

/**
 * Stored loan states (SPEC §4): applying = waiting for review; reviewing = first approval given; approved = approved
 * for less than was asked, an offer waiting for the borrower's answer (nothing credited yet).
 */
export const LOAN_STATUSES = [
  'applying',
  'reviewing',
  'approved',
  'disbursed',
  'overdue',
  'repaid',
  'failed',
] as const;
export type TLoanStatus = (typeof LOAN_STATUSES)[number];
/** A loan in one of these blocks a new application (SPEC §4): not yet decided, or paid out and not yet repaid. */
export const OPEN_LOAN_STATUSES = [
  'applying',
  'reviewing',
  'approved',
  'disbursed',
  'overdue',
] as const satisfies readonly TLoanStatus[];

/**
 * How a counter-offer (status approved) ended: taken and paid out, declined by the borrower, left to lapse, or
 * withdrawn by staff before the borrower answered (the staff's reason is the loan's rejectReason).
 */
export const LOAN_OFFER_OUTCOMES = ['accepted', 'declined', 'lapsed', 'withdrawn'] as const;
export type TLoanOfferOutcome = (typeof LOAN_OFFER_OUTCOMES)[number];

/**
 * How a failed loan's lower offer ended, when that is why it failed (declined, lapsed or withdrawn), else null: its
 * status alone (`failed`) read as "loan rejected" in the status tags, the timeline and the staff's list.
 */
export function endedOfferOf(loan: {
  status: string;
  offerOutcome: TLoanOfferOutcome | null;
}): Exclude<TLoanOfferOutcome, 'accepted'> | null {
  return loan.status === 'failed' && loan.offerOutcome !== null && loan.offerOutcome !== 'accepted'
    ? loan.offerOutcome
    : null;
}

export const LOAN_EVENT_KINDS = [
  'applied',
  'first_approval',
  'approved',
  'disbursed',
  'failed',
  'overdue',
  'repayment',
  'repaid',
] as const;

export const ZLoanEvent = z.object({
  kind: z.enum(LOAN_EVENT_KINDS),
  at: z.string(),
  amount: z.string().nullable(),
});

export const ZLoan = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  productKind: z.enum(LOAN_PRODUCT_KINDS),
  status: z.enum(LOAN_STATUSES),
  amount: z.string(),
  approvedAmount: z.string().nullable(),
  termDays: z.number().int(),
  mode: z.enum(REPAYMENT_MODES),
  cycleDays: z.number().int(),
  dailyRate: z.string(),
  penaltyDailyRate: z.string(),
  graceDays: z.number().int(),
  aprPercent: z.string(),
  purpose: z.string(),
  realName: z.string(),
  nationality: z.string(),
  idNumber: z.string(),
  rejectReason: z.string().nullable(),
  /** While the loan is an offer (status approved): when it lapses unanswered; kept afterwards. */
  offerExpiresAt: z.string().nullable(),
  offerOutcome: z.enum(LOAN_OFFER_OUTCOMES).nullable(),
  /** When the borrower accepted or declined the offer (null while open, and for a lapsed one). */
  offerAnsweredAt: z.string().nullable(),
  /** The borrower's own words when declining an offer (optional). */
  offerDeclineReason: z.string().nullable(),
  createdAt: z.string(),
  disbursedAt: z.string().nullable(),
  repaidAt: z.string().nullable(),
  principalOutstanding: z.string(),
  interestAccrued: z.string(),
  interestOwed: z.string(),
  penaltyOwed: z.string(),
  totalOwed: z.string(),
  /** What the next instalment needs by `nextDueDate` if nothing else is paid (interest still to accrue included). */
  nextDue: z.string(),
  nextDueDate: z.string().nullable(),
  /** What "repay next instalment" takes now: penalty and interest to date plus the next principal part; "0.00" while
   * nothing of it is owed yet (interest cannot be paid before it accrues). */
  nextPayableNow: z.string(),
  totalInterestScheduled: z.string(),
  totalRepaymentScheduled: z.string(),
  daysLoaned: z.number().int(),
  overdueDays: z.number().int(),
  schedule: z.array(ZScheduleLine),
  events: z.array(ZLoanEvent),
});
export type TLoan = z.infer<typeof ZLoan>;

/** GET /api/v1/loans/mine: the current loan comes with every page of the history. */
export const ZMyLoansQuery = z.strictObject({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(MY_LOANS_PAGE_SIZE),
  lang: z.string().max(8).optional(),
});
export type TMyLoansQuery = z.input<typeof ZMyLoansQuery>;

export const ZMyLoans = z.object({
  current: ZLoan.nullable(),
  /** One page of the other loans, newest first. */
  history: z.array(ZLoan),
  /** How many other loans there are, on every page. */
  historyTotal: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** An earlier loan went overdue: a new application is refused (LOAN_NOT_QUALIFIED, reason overdue_history). */
  hasOverdueHistory: z.boolean(),
});
export type TMyLoans = z.infer<typeof ZMyLoans>;

/** The borrower declines an offer for less than asked; the reason is optional. */
export const ZDeclineLoanOfferRequest = z.strictObject({
  reason: z.string({ error: requiredOrInvalid }).trim().max(LOAN_REASON_MAX, { error: V.tooLong }).optional(),
});
export type TDeclineLoanOfferRequest = z.input<typeof ZDeclineLoanOfferRequest>;

export const REPAY_KINDS = ['next', 'all', 'amount'] as const;
export const ZRepayLoanRequest = z.strictObject({
  kind: z.enum(REPAY_KINDS),
  amount: zLoanAmount.optional(),
  txPassword: zTxPassword,
});
export type TRepayLoanRequest = z.input<typeof ZRepayLoanRequest>;

export const ZLoanRepayment = z.object({
  id: z.string(),
  loanId: z.string(),
  amount: z.string(),
  penalty: z.string(),
  interest: z.string(),
  principal: z.string(),
  createdAt: z.string(),
});
export type TLoanRepayment = z.infer<typeof ZLoanRepayment>;
export const ZRepayLoanResponse = z.object({ repayment: ZLoanRepayment, loan: ZLoan });

// Staff ----------------------------------------------------------------------------------------------

/**
 * The loan queue sorts by these (amount: the approved amount, else the one asked for, as the queue shows it); by
 * default newest first (by id).
 */
export const ADMIN_LOAN_SORTS = ['createdAt', 'amount'] as const;
export type TAdminLoanSort = (typeof ADMIN_LOAN_SORTS)[number];

export const ZAdminLoanQuery = z.strictObject({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(PAGE_SIZE.list),
  status: z.enum(LOAN_STATUSES).optional(),
  ...zSortQuery(ADMIN_LOAN_SORTS),
  lang: z.string().max(8).optional(),
});

export const ZAdminLoan = ZLoan.extend({
  userId: z.string(),
  usercode: z.string(),
  userDisplayName: z.string(),
  firstReviewerId: z.string().nullable(),
  firstApprovedAmount: z.string().nullable(),
  /** True when the approval needs a second, different reviewer (above the four-eyes threshold). */
  needsSecondReview: z.boolean(),
  /** The borrower's account: an approval is refused unless it is active (disabled, locked or cancelled). */
  userStatus: z.enum(ADMIN_USER_STATUSES),
});
export type TAdminLoan = z.infer<typeof ZAdminLoan>;
export const ZAdminLoanPage = z.object({
  pageList: z.array(ZAdminLoan),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const ZLoanLedgerMovement = z.object({
  transactionId: z.string(),
  kind: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});

export const ZAdminLoanDetail = z.object({
  loan: ZAdminLoan,
  verification: ZAdminVerification.nullable(),
  advanced: ZAdminVerification.nullable(),
  history: z.object({
    orderCount: z.number().int(),
    orderTotal: z.string(),
    walletAvailable: z.string(),
    walletHeld: z.string(),
    earlierLoans: z.array(
      ZLoan.pick({ id: true, status: true, amount: true, createdAt: true, overdueDays: true }),
    ),
  }),
  movements: z.array(ZLoanLedgerMovement),
  /**
   * What an approval of an open application may give: from the product's smallest loan to the amount asked for (or
   * the first approval's, at the second), and the four-eyes threshold above which a first approval waits for a
   * second reviewer. Null once the application is decided.
   */
  approval: z
    .object({ minAmount: z.string(), maxAmount: z.string(), fourEyesThreshold: z.string() })
    .nullable(),
});
export type TAdminLoanDetail = z.infer<typeof ZAdminLoanDetail>;

export const ZApproveLoanRequest = z.strictObject({ amount: zLoanAmount.optional() });
export type TApproveLoanRequest = z.input<typeof ZApproveLoanRequest>;
export const ZRejectLoanRequest = z.strictObject({
  reason: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: V.required })
    .max(LOAN_REASON_MAX, { error: 'reason' }),
});

/** Most characters of the reason staff give for withdrawing an offer (shown to the borrower). */
export const LOAN_OFFER_WITHDRAW_REASON_MAX = 500;
/** Staff withdraw an offer the borrower has not answered: a reason is required (trimmed, no NUL). */
export const ZWithdrawLoanOfferRequest = z.strictObject({
  reason: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: V.required })
    .max(LOAN_OFFER_WITHDRAW_REASON_MAX, { error: V.tooLong })
    .refine((v) => !v.includes('\u0000'), { error: V.invalidValue }),
});
export type TWithdrawLoanOfferRequest = z.input<typeof ZWithdrawLoanOfferRequest>;

export const ZLoanBook = z.object({
  outstandingPrincipal: z.string(),
  /** -(loan book account balance): what the ledger says is lent out; equals outstandingPrincipal. */
  ledgerLoanBook: z.string(),
  interestOwed: z.string(),
  penaltyOwed: z.string(),
  openLoans: z.number().int(),
  overdueBuckets: z.array(z.object({ bucket: z.string(), count: z.number().int(), principal: z.string() })),
  daily: z.array(z.object({ day: z.string(), disbursed: z.string(), repaid: z.string() })),
});
export type TLoanBook = z.infer<typeof ZLoanBook>;

export const ZAdvanceClockRequest = z.strictObject({
  days: zWhole(0, 400),
});
export const ZClockResponse = z.object({ now: z.string() });

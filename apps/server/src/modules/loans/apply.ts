import {
  buildSchedule,
  displayMoney,
  formatMoney,
  MY_LOANS_PAGE_SIZE,
  OPEN_LOAN_STATUSES,
  parseMoney,
  type TApplyLoanRequest,
  type TLoan,
  type TLoanQuote,
  type TLoanQuoteQuery,
  type TMyLoans,
  type TRepaymentMode,
} from '@caravan/contracts';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { findPgError } from '../../db/pg-error';
import { loans } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { TranslatedParam } from '../../i18n/messages';
import { presentLoan, presentLoans } from './present';
import { findLoanProduct, rateString, type TLoanProductRow } from './products';
import { findApprovedVerification } from './verification';

/** Checks amount, term and mode against the product; answers the parsed amount. */
function assertWithinProduct(
  product: TLoanProductRow,
  input: { amount: string; termDays: number; mode: TRepaymentMode },
): bigint {
  if (!product.isActive) {
    throw new AppError('LOAN_PRODUCT_NOT_FOUND');
  }
  const amount = parseMoney(input.amount, 2);
  if (amount < product.minAmount) {
    throw new AppError('LOAN_BELOW_MIN', { min: formatMoney(product.minAmount) });
  }
  if (amount > product.maxAmount) {
    throw new AppError('LOAN_ABOVE_MAX', { max: formatMoney(product.maxAmount) });
  }
  if (!product.termOptions.includes(input.termDays)) {
    throw new AppError('LOAN_TERM_INVALID', { termOptions: product.termOptions });
  }
  if (!product.modes.includes(input.mode)) {
    throw new AppError('LOAN_MODE_INVALID', { modes: product.modes });
  }
  return amount;
}

/** The whole schedule, APR, total interest and total to repay, before anything is signed. */
export async function quoteLoan(db: Executor, query: TLoanQuoteQuery): Promise<TLoanQuote> {
  const product = await findLoanProduct(db, BigInt(query.productId));
  const termDays = Number(query.termDays);
  const amount = assertWithinProduct(product, { amount: query.amount, termDays, mode: query.mode });
  const dailyRate = rateString(product.dailyRate);
  const schedule = buildSchedule({
    principal: amount,
    termDays,
    cycleDays: product.cycleDays,
    dailyRate,
    mode: query.mode,
  });
  return {
    amount: formatMoney(amount),
    termDays,
    mode: query.mode,
    dailyRate,
    aprPercent: schedule.aprPercent,
    totalInterest: formatMoney(schedule.totalInterest),
    totalRepayment: formatMoney(schedule.totalRepayment),
    schedule: schedule.instalments.map((i) => ({
      number: i.number,
      dueDay: i.dueDay,
      dueDate: null,
      principal: formatMoney(i.principal),
      interest: formatMoney(i.interest),
      total: formatMoney(i.total),
      balanceAfter: formatMoney(i.balanceAfter),
      state: 'upcoming' as const,
    })),
  };
}

async function hasOpenLoan(db: Executor, userId: bigint): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, [...OPEN_LOAN_STATUSES])));
  return (row?.n ?? 0) > 0;
}

async function hasOverdueHistory(db: Executor, userId: bigint): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.hasBeenOverdue, true)));
  return (row?.n ?? 0) > 0;
}

/** The refusal's message names its reason (server:loanNotQualified.<reason>), as `details.reason` does. */
function notQualifiedBecause(
  reason: 'real_name' | 'advanced' | 'overdue_history',
  params: Record<string, unknown> = {},
) {
  return { reason: new TranslatedParam(`server:loanNotQualified.${reason}`, params) };
}

/**
 * A loan application. Refusals (SPEC §8): agreement not ticked; amount outside the product's limits;
 * term or mode not offered; not qualified (no approved real-name verification, no advanced verification
 * above the product's amount, an overdue history); a loan already pending or outstanding.
 */
export async function applyForLoan(
  db: Database,
  input: { userId: bigint; request: TApplyLoanRequest },
): Promise<TLoan> {
  const { request } = input;
  if (request.agreed !== true) {
    throw new AppError('LOAN_AGREEMENT_REQUIRED');
  }
  const product = await findLoanProduct(db, BigInt(request.productId));
  const termDays = Number(request.termDays);
  const amount = assertWithinProduct(product, { amount: request.amount, termDays, mode: request.mode });
  const realName = await findApprovedVerification(db, input.userId, 'real_name');
  if (!realName) {
    throw new AppError('LOAN_NOT_QUALIFIED', { reason: 'real_name' }, notQualifiedBecause('real_name'));
  }
  if (amount > product.advancedAbove && !(await findApprovedVerification(db, input.userId, 'advanced'))) {
    throw new AppError(
      'LOAN_NOT_QUALIFIED',
      { reason: 'advanced', above: formatMoney(product.advancedAbove) },
      notQualifiedBecause('advanced', { above: displayMoney(product.advancedAbove) }),
    );
  }
  if (await hasOpenLoan(db, input.userId)) {
    throw new AppError('LOAN_PENDING_EXISTS');
  }
  if (await hasOverdueHistory(db, input.userId)) {
    throw new AppError(
      'LOAN_NOT_QUALIFIED',
      { reason: 'overdue_history' },
      notQualifiedBecause('overdue_history'),
    );
  }
  try {
    const [row] = await db
      .insert(loans)
      .values({
        userId: input.userId,
        productId: product.id,
        amount,
        termDays,
        mode: request.mode,
        cycleDays: product.cycleDays,
        dailyRate: product.dailyRate,
        penaltyDailyRate: product.penaltyDailyRate,
        graceDays: product.graceDays,
        purpose: request.purpose.trim(),
        realName: realName.realName ?? '',
        nationality: realName.nationality ?? '',
        idNumber: realName.idNumber ?? '',
        verificationId: realName.id,
        agreedAt: new Date(),
      })
      .returning();
    return presentLoan(db, row!, new Date());
  } catch (error) {
    if (findPgError(error)?.code === '23505') {
      throw new AppError('LOAN_PENDING_EXISTS');
    }
    throw error;
  }
}

/** The user's current loan: the open one (at most one is open), else the latest; undefined without any loan. */
async function currentLoanRowOf(db: Executor, userId: bigint) {
  const [open] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, [...OPEN_LOAN_STATUSES])))
    .orderBy(desc(loans.id))
    .limit(1);
  if (open) {
    return open;
  }
  const [latest] = await db
    .select()
    .from(loans)
    .where(eq(loans.userId, userId))
    .orderBy(desc(loans.id))
    .limit(1);
  return latest;
}

/**
 * The current (open or latest) loan and a page of the other loans, newest first, with their count. The history
 * was the latest 49 others, so a borrower's older loans could never be seen.
 */
export async function getMyLoans(
  db: Executor,
  userId: bigint,
  now: Date,
  page: { pageNum: number; pageSize: number } = { pageNum: 1, pageSize: MY_LOANS_PAGE_SIZE },
): Promise<TMyLoans> {
  const current = await currentLoanRowOf(db, userId);
  const others = and(eq(loans.userId, userId), current ? ne(loans.id, current.id) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(loans)
      .where(others)
      .orderBy(desc(loans.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(loans).where(others),
  ]);
  return {
    current: current ? await presentLoan(db, current, now) : null,
    history: await presentLoans(db, rows, now),
    historyTotal: total?.n ?? 0,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    hasOverdueHistory: await hasOverdueHistory(db, userId),
  };
}

/**
 * The user's open loan, else the latest, with its figures as the buyer sees them (approved amount, owed now,
 * overdue); null without any loan. For the customer-service panel.
 */
export async function getCurrentLoanOf(db: Executor, userId: bigint, now: Date): Promise<TLoan | null> {
  const current = await currentLoanRowOf(db, userId);
  return current ? presentLoan(db, current, now) : null;
}

/** One loan of the user; another user's loan is not found. */
export async function getMyLoan(
  db: Executor,
  input: { userId: bigint; id: bigint; now: Date },
): Promise<TLoan> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, input.id), eq(loans.userId, input.userId)))
    .limit(1);
  if (!row) {
    throw new AppError('LOAN_NOT_FOUND');
  }
  return presentLoan(db, row, input.now);
}

export async function countWaitingLoans(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loans)
    .where(inArray(loans.status, ['applying', 'reviewing']));
  return row?.n ?? 0;
}

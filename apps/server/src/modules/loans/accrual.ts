import type { TRepaymentMode } from '@caravan/contracts';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { loanAccruals, loans } from '../../db/schema';
import { withMoneyTransaction } from '../ledger';
import { notify } from '../notifications';
import { addDays, daysSince, utcDate } from './clock';
import {
  accrueDay,
  interestThroughOf,
  overdueOn,
  scheduleOf,
  type TDayAccrual,
  type TLoanTerms,
  type TLoanTotals,
  withAccrual,
} from './loan-math';
import { rateString } from './products';

export type TLoanRow = typeof loans.$inferSelect;

/** The signed terms of a disbursed loan (principal = the approved amount). */
export function loanTermsOf(row: TLoanRow): TLoanTerms {
  return {
    principal: row.approvedAmount ?? row.amount,
    termDays: row.termDays,
    cycleDays: row.cycleDays,
    dailyRate: rateString(row.dailyRate),
    penaltyDailyRate: rateString(row.penaltyDailyRate),
    graceDays: row.graceDays,
    mode: row.mode as TRepaymentMode,
  };
}

export function loanTotalsOf(row: TLoanRow): TLoanTotals {
  return {
    principalPaid: row.principalPaid,
    interestAccrued: row.interestAccrued,
    interestPaid: row.interestPaid,
    penaltyAccrued: row.penaltyAccrued,
    penaltyPaid: row.penaltyPaid,
    accruedThroughDay: row.accruedThroughDay,
  };
}

export async function loadAccruals(db: Executor, loanId: bigint) {
  return db
    .select({ day: loanAccruals.day, interest: loanAccruals.interest, penalty: loanAccruals.penalty })
    .from(loanAccruals)
    .where(eq(loanAccruals.loanId, loanId))
    .orderBy(asc(loanAccruals.day));
}

/** The status (disbursed or overdue) and overdue date a disbursed loan has on `day` with `totals`. */
export function overdueFields(
  row: TLoanRow,
  totals: TLoanTotals,
  accruals: { day: number; interest: bigint }[],
  day: number,
): Pick<TLoanRow, 'status' | 'overdueSince' | 'hasBeenOverdue'> {
  const terms = loanTermsOf(row);
  const overdue = overdueOn(terms, scheduleOf(terms), totals, interestThroughOf(accruals), day);
  if (overdue.amount === 0n || overdue.sinceDueDay === null || !row.disbursedOn) {
    return { status: 'disbursed', overdueSince: null, hasBeenOverdue: row.hasBeenOverdue };
  }
  return {
    status: 'overdue',
    overdueSince: addDays(row.disbursedOn, overdue.sinceDueDay),
    hasBeenOverdue: true,
  };
}

const INSERT_CHUNK = 500;

/**
 * Locks the loan and accrues every day from the last accrued one up to today (catching up missed
 * days), exactly once per (loan, day): the rows' primary key refuses a second insert, and the loan row
 * lock keeps two processes from computing the same day. Returns the locked, updated row. Call inside a
 * transaction.
 */
export async function catchUpLoan(tx: Executor, loanId: bigint, now: Date): Promise<TLoanRow | undefined> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!row || (row.status !== 'disbursed' && row.status !== 'overdue') || !row.disbursedOn) {
    return row;
  }
  const today = daysSince(row.disbursedOn, now);
  if (today <= row.accruedThroughDay) {
    return row;
  }
  const terms = loanTermsOf(row);
  const schedule = scheduleOf(terms);
  const accruals: { day: number; interest: bigint }[] = await loadAccruals(tx, loanId);
  let totals = loanTotalsOf(row);
  const fresh: TDayAccrual[] = [];
  for (let day = row.accruedThroughDay + 1; day <= today; day++) {
    const accrual = accrueDay(terms, schedule, totals, interestThroughOf(accruals), day);
    fresh.push(accrual);
    accruals.push({ day, interest: accrual.interest });
    totals = withAccrual(totals, accrual);
  }
  for (let start = 0; start < fresh.length; start += INSERT_CHUNK) {
    const chunk = fresh.slice(start, start + INSERT_CHUNK);
    const inserted = await tx
      .insert(loanAccruals)
      .values(
        chunk.map((a) => ({
          loanId,
          day: a.day,
          accruedOn: addDays(row.disbursedOn!, a.day),
          principalOutstanding: a.principalOutstanding,
          overdueAmount: a.overdueAmount,
          interest: a.interest,
          penalty: a.penalty,
        })),
      )
      .onConflictDoNothing()
      .returning({ day: loanAccruals.day });
    if (inserted.length !== chunk.length) {
      // Another writer accrued these days without holding the loan lock: stop rather than count twice.
      throw new Error(
        `loan ${loanId}: accrual rows already exist for days ${chunk[0]!.day}-${chunk.at(-1)!.day}`,
      );
    }
  }
  const overdue = overdueFields(row, totals, accruals, today);
  const [updated] = await tx
    .update(loans)
    .set({
      interestAccrued: totals.interestAccrued,
      penaltyAccrued: totals.penaltyAccrued,
      accruedThroughDay: today,
      ...overdue,
      updatedAt: new Date(),
    })
    .where(eq(loans.id, loanId))
    .returning();
  if (overdue.status === 'overdue' && row.status !== 'overdue') {
    await notify(tx, {
      userId: row.userId,
      audience: 'buyer',
      event: 'loan.overdue',
      params: { loanId: String(loanId), since: overdue.overdueSince ?? '' },
    });
  }
  return updated;
}

/**
 * The daily job: every disbursed or overdue loan not yet accrued up to today is caught up, each in its
 * own transaction. Safe to run from several processes at once and again after a restart.
 */
export async function runLoanAccrual(db: Database, now: Date): Promise<number> {
  const today = utcDate(now);
  const due = await db
    .select({ id: loans.id })
    .from(loans)
    .where(
      and(
        inArray(loans.status, ['disbursed', 'overdue']),
        lt(sql`${loans.disbursedOn} + ${loans.accruedThroughDay}`, sql`${today}::date`),
      ),
    )
    .orderBy(asc(loans.id));
  for (const { id } of due) {
    await withMoneyTransaction(db, (tx) => catchUpLoan(tx, id, now));
  }
  return due.length;
}

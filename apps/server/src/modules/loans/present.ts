import {
  aprPercent,
  formatMoney,
  type TLoan,
  type TLoanProductKind,
  type TRepaymentMode,
  type TScheduleLine,
} from '@caravan/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loanProducts, loanRepayments } from '../../db/schema';
import { loadAccruals, loanTermsOf, loanTotalsOf, type TLoanRow } from './accrual';
import { addDays, daysSince } from './clock';
import {
  instalmentStates,
  interestThroughOf,
  nextInstalment,
  owedNow,
  planLines,
  scheduleOf,
  totalOwed,
} from './loan-math';
import { rateString } from './products';

type TEvent = TLoan['events'][number];

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** A loan in the API shape: figures, schedule with paid/due/overdue lines, timeline. */
export async function presentLoan(db: Executor, row: TLoanRow, now: Date): Promise<TLoan> {
  const [product] = await db
    .select({ name: loanProducts.name, kind: loanProducts.kind })
    .from(loanProducts)
    .where(eq(loanProducts.id, row.productId));
  const terms = loanTermsOf(row);
  const schedule = scheduleOf(terms);
  const isLive = row.status === 'disbursed' || row.status === 'overdue' || row.status === 'repaid';
  const accruals = isLive ? await loadAccruals(db, row.id) : [];
  const repayments = isLive
    ? await db
        .select()
        .from(loanRepayments)
        .where(eq(loanRepayments.loanId, row.id))
        .orderBy(asc(loanRepayments.id))
    : [];
  const totals = loanTotalsOf(row);
  const interestThrough = interestThroughOf(accruals);
  const today = row.disbursedOn ? daysSince(row.disbursedOn, now) : 0;
  const states = isLive ? instalmentStates(terms, schedule, totals, interestThrough, today) : [];
  const owed = isLive ? owedNow(terms, totals) : { penalty: 0n, interest: 0n, principal: 0n };
  const next =
    isLive && row.status !== 'repaid'
      ? nextInstalment(terms, schedule, totals, interestThrough, today)
      : null;
  // A paid-out loan's plan as it stands (paid lines as paid, open ones as left); before, the agreement's figures.
  const figures = isLive ? planLines(terms, schedule, totals, interestThrough, states) : schedule.instalments;
  const lines: TScheduleLine[] = schedule.instalments.map((instalment, index) => ({
    number: instalment.number,
    dueDay: instalment.dueDay,
    dueDate: row.disbursedOn ? addDays(row.disbursedOn, instalment.dueDay) : null,
    principal: formatMoney(figures[index]!.principal),
    interest: formatMoney(figures[index]!.interest),
    total: formatMoney(figures[index]!.total),
    balanceAfter: formatMoney(figures[index]!.balanceAfter),
    state: states[index] ?? 'upcoming',
  }));
  const events: TEvent[] = [
    { kind: 'applied', at: row.createdAt.toISOString(), amount: formatMoney(row.amount) },
  ];
  if (row.firstApprovedAt) {
    events.push({
      kind: 'first_approval',
      at: row.firstApprovedAt.toISOString(),
      amount: row.firstApprovedAmount === null ? null : formatMoney(row.firstApprovedAmount),
    });
  }
  if (row.approvedAt) {
    events.push({
      kind: 'approved',
      at: row.approvedAt.toISOString(),
      amount: row.approvedAmount === null ? null : formatMoney(row.approvedAmount),
    });
  }
  if (row.disbursedAt) {
    events.push({
      kind: 'disbursed',
      at: row.disbursedAt.toISOString(),
      amount: row.approvedAmount === null ? null : formatMoney(row.approvedAmount),
    });
  }
  if (row.rejectedAt) {
    events.push({ kind: 'failed', at: row.rejectedAt.toISOString(), amount: null });
  }
  // `overdueSince` is the due date of the oldest late instalment; the loan became overdue (and the penalty started)
  // at the start of the first day after its grace days.
  const overdueFrom = row.overdueSince ? addDays(row.overdueSince, row.graceDays + 1) : null;
  if (overdueFrom) {
    events.push({ kind: 'overdue', at: `${overdueFrom}T00:00:00.000Z`, amount: null });
  }
  for (const repayment of repayments) {
    events.push({
      kind: 'repayment',
      at: repayment.createdAt.toISOString(),
      amount: formatMoney(repayment.amount),
    });
  }
  if (row.repaidAt) {
    events.push({ kind: 'repaid', at: row.repaidAt.toISOString(), amount: null });
  }
  events.sort((a, b) => a.at.localeCompare(b.at));
  const dailyRate = rateString(row.dailyRate);
  // Days with a penalty, the first overdue day counting as one: the grace days after the due date are not overdue.
  const overdueDays =
    row.status === 'overdue' && overdueFrom ? Math.max(0, daysSince(overdueFrom, now) + 1) : 0;
  return {
    id: String(row.id),
    productId: String(row.productId),
    productName: product?.name ?? '',
    productKind: (product?.kind ?? 'other') as TLoanProductKind,
    status: row.status,
    amount: formatMoney(row.amount),
    approvedAmount: row.approvedAmount === null ? null : formatMoney(row.approvedAmount),
    termDays: row.termDays,
    mode: row.mode as TRepaymentMode,
    cycleDays: row.cycleDays,
    dailyRate,
    penaltyDailyRate: rateString(row.penaltyDailyRate),
    graceDays: row.graceDays,
    aprPercent: aprPercent(dailyRate),
    purpose: row.purpose,
    realName: row.realName,
    nationality: row.nationality,
    idNumber: row.idNumber,
    rejectReason: row.rejectReason,
    offerExpiresAt: iso(row.offerExpiresAt),
    offerOutcome: row.offerOutcome,
    offerAnsweredAt: iso(row.offerAnsweredAt),
    offerDeclineReason: row.offerDeclineReason,
    createdAt: row.createdAt.toISOString(),
    disbursedAt: iso(row.disbursedAt),
    repaidAt: iso(row.repaidAt),
    principalOutstanding: formatMoney(owed.principal),
    interestAccrued: formatMoney(row.interestAccrued),
    interestOwed: formatMoney(owed.interest),
    penaltyOwed: formatMoney(owed.penalty),
    totalOwed: formatMoney(totalOwed(owed)),
    nextDue: formatMoney(next?.projected ?? 0n),
    nextPayableNow: formatMoney(next?.amount ?? 0n),
    nextDueDate: next?.dueDay && row.disbursedOn ? addDays(row.disbursedOn, next.dueDay) : null,
    totalInterestScheduled: formatMoney(schedule.totalInterest),
    totalRepaymentScheduled: formatMoney(schedule.totalRepayment),
    daysLoaned:
      isLive && row.disbursedOn
        ? Math.max(0, row.repaidAt ? daysSince(row.disbursedOn, row.repaidAt) : today)
        : 0,
    overdueDays,
    schedule: lines,
    events,
  };
}

export async function presentLoans(db: Executor, rows: TLoanRow[], now: Date): Promise<TLoan[]> {
  const out: TLoan[] = [];
  for (const row of rows) {
    out.push(await presentLoan(db, row, now));
  }
  return out;
}

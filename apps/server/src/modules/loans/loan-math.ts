import {
  buildSchedule,
  CHARGE_DECIMALS,
  dailyAccrual,
  lastDueDayBy,
  maxMoney,
  minMoney,
  parseRate,
  periodInterest,
  principalDueBy,
  roundMoney,
  type TInstalmentState,
  type TMoney,
  type TOwed,
  type TRepaymentMode,
  type TSchedule,
} from '@caravan/contracts';

/**
 * What a disbursed loan owes, day by day, as pure functions (the database code in accrual.ts and
 * repay.ts only loads, locks and stores). Day 0 is the UTC date of disbursement; the accrual of day d
 * (1, 2, ...) is written once that date has begun.
 *
 * - Interest: each day up to the end of the term, the outstanding principal x the daily rate, accrued exact to
 *   10^-10 USDT. Paying early therefore owes interest to date only: interest that has not accrued cannot be
 *   paid ahead, so a payment before it goes to the principal (and lowers the interest to come).
 * - Owed: what has accrued, in whole cents rounded down (the fraction of a cent is the borrower's), less what was
 *   paid. Every charge to the wallet is whole cents: a withdrawal takes two decimals, so a fraction of a cent left
 *   there could never leave it; and nothing is ever paid beyond what accrued.
 * - Overdue: on day d, every instalment whose due day + grace days is before d must be paid (its
 *   principal part and the interest accrued up to its due day); what is not is the overdue amount.
 * - Penalty: each overdue day, the overdue amount x the daily penalty rate.
 */
export type TLoanTerms = {
  principal: TMoney;
  termDays: number;
  cycleDays: number;
  dailyRate: string;
  penaltyDailyRate: string;
  graceDays: number;
  mode: TRepaymentMode;
};

export type TLoanTotals = {
  principalPaid: TMoney;
  interestAccrued: TMoney;
  interestPaid: TMoney;
  penaltyAccrued: TMoney;
  penaltyPaid: TMoney;
  accruedThroughDay: number;
};

/** Interest accrued on days 1..day, from the daily accrual rows, in whole cents (what paying it takes). */
export type TInterestThrough = (day: number) => TMoney;

/** An accrued amount as it is owed and charged: whole cents, rounded down. */
function inCents(accrued: TMoney): TMoney {
  return roundMoney(accrued, CHARGE_DECIMALS, 'down');
}

/** What is owed of an accrued amount after what was paid (never below zero: a payment made before amounts were
 * charged in cents may have paid the fraction of a cent the rounding leaves off). */
function owedOf(accrued: TMoney, paid: TMoney): TMoney {
  const owed = inCents(accrued) - paid;
  return owed > 0n ? owed : 0n;
}

export function scheduleOf(terms: TLoanTerms): TSchedule {
  return buildSchedule({
    principal: terms.principal,
    termDays: terms.termDays,
    cycleDays: terms.cycleDays,
    dailyRate: terms.dailyRate,
    mode: terms.mode,
  });
}

/** Cumulative interest by day from accrual rows (any order; missing days count as zero). */
export function interestThroughOf(rows: { day: number; interest: TMoney }[]): TInterestThrough {
  const sorted = [...rows].sort((a, b) => a.day - b.day);
  const days = sorted.map((r) => r.day);
  const cumulative: TMoney[] = [];
  let sum = 0n;
  for (const row of sorted) {
    sum += row.interest;
    cumulative.push(sum);
  }
  return (day: number) => {
    // last index with days[i] <= day
    let low = 0;
    let high = days.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (days[mid]! <= day) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return found < 0 ? 0n : inCents(cumulative[found]!);
  };
}

export function principalOutstanding(terms: TLoanTerms, totals: TLoanTotals): TMoney {
  return terms.principal - totals.principalPaid;
}

export function owedNow(terms: TLoanTerms, totals: TLoanTotals): TOwed {
  return {
    penalty: owedOf(totals.penaltyAccrued, totals.penaltyPaid),
    interest: owedOf(totals.interestAccrued, totals.interestPaid),
    principal: principalOutstanding(terms, totals),
  };
}

export function totalOwed(owed: TOwed): TMoney {
  return owed.penalty + owed.interest + owed.principal;
}

function isInstalmentSettled(
  schedule: TSchedule,
  totals: TLoanTotals,
  interestThrough: TInterestThrough,
  dueDay: number,
): boolean {
  return (
    totals.principalPaid >= principalDueBy(schedule, dueDay) && totals.interestPaid >= interestThrough(dueDay)
  );
}

export type TOverdue = { amount: TMoney; sinceDueDay: number | null };

/** The overdue amount on `day`, and the due day of the oldest unsettled instalment past its grace. */
export function overdueOn(
  terms: TLoanTerms,
  schedule: TSchedule,
  totals: TLoanTotals,
  interestThrough: TInterestThrough,
  day: number,
): TOverdue {
  const lastDue = lastDueDayBy(schedule, day - terms.graceDays - 1);
  if (lastDue === 0) {
    return { amount: 0n, sinceDueDay: null };
  }
  const principalLate = principalDueBy(schedule, lastDue) - totals.principalPaid;
  const interestLate = interestThrough(lastDue) - totals.interestPaid;
  const amount = (principalLate > 0n ? principalLate : 0n) + (interestLate > 0n ? interestLate : 0n);
  if (amount === 0n) {
    return { amount, sinceDueDay: null };
  }
  const oldest = schedule.instalments.find(
    (i) => i.dueDay <= lastDue && !isInstalmentSettled(schedule, totals, interestThrough, i.dueDay),
  );
  return { amount, sinceDueDay: oldest?.dueDay ?? lastDue };
}

export type TDayAccrual = {
  day: number;
  principalOutstanding: TMoney;
  overdueAmount: TMoney;
  interest: TMoney;
  penalty: TMoney;
};

/** The accrual of one day, from the totals as they stand before it. */
export function accrueDay(
  terms: TLoanTerms,
  schedule: TSchedule,
  totals: TLoanTotals,
  interestThrough: TInterestThrough,
  day: number,
): TDayAccrual {
  const outstanding = principalOutstanding(terms, totals);
  const interest = day <= terms.termDays ? dailyAccrual(outstanding, terms.dailyRate) : 0n;
  const overdue = overdueOn(terms, schedule, totals, interestThrough, day);
  const penalty = dailyAccrual(overdue.amount, terms.penaltyDailyRate);
  return { day, principalOutstanding: outstanding, overdueAmount: overdue.amount, interest, penalty };
}

/** Applies one day's accrual to the totals (returns new totals). */
export function withAccrual(totals: TLoanTotals, accrual: TDayAccrual): TLoanTotals {
  return {
    ...totals,
    interestAccrued: totals.interestAccrued + accrual.interest,
    penaltyAccrued: totals.penaltyAccrued + accrual.penalty,
    accruedThroughDay: accrual.day,
  };
}

export type TNextInstalment = {
  /** Due day of the next instalment, null once nothing is owed. */
  dueDay: number | null;
  /** What "repay next instalment" takes now: penalty and interest to date plus the principal due by it. */
  amount: TMoney;
  /** What that instalment needs by its due day if nothing else is paid: `amount` plus the interest still to accrue
   * until then on today's outstanding principal. */
  projected: TMoney;
};

/**
 * The next instalment: the first one not yet settled (an overdue one, or today's), else the first falling due after
 * today (today's, once paid, is no longer next: it showed 0.00 due today).
 * Nothing of it may be owed yet (an interest-only loan's first days, or principal paid ahead): `amount` is then
 * zero, as interest cannot be paid before it accrues. Before, "next" offered the schedule's whole instalment, which
 * went to the principal, left the instalment unpaid and let it fall overdue although the buyer had paid it early.
 */
export function nextInstalment(
  terms: TLoanTerms,
  schedule: TSchedule,
  totals: TLoanTotals,
  interestThrough: TInterestThrough,
  day: number,
): TNextInstalment {
  const owed = owedNow(terms, totals);
  if (totalOwed(owed) === 0n) {
    return { dueDay: null, amount: 0n, projected: 0n };
  }
  const next =
    schedule.instalments.find(
      (i) => i.dueDay <= day && !isInstalmentSettled(schedule, totals, interestThrough, i.dueDay),
    ) ?? schedule.instalments.find((i) => i.dueDay > day);
  const dueDay = next?.dueDay ?? terms.termDays;
  const principalDue = principalDueBy(schedule, dueDay) - totals.principalPaid;
  const amount = owed.penalty + owed.interest + (principalDue > 0n ? principalDue : 0n);
  const daysToAccrue = Math.min(dueDay, terms.termDays) - totals.accruedThroughDay;
  const interestToCome =
    daysToAccrue > 0
      ? dailyAccrual(principalOutstanding(terms, totals), terms.dailyRate) * BigInt(daysToAccrue)
      : 0n;
  const projectedInterest = owedOf(totals.interestAccrued + interestToCome, totals.interestPaid);
  return { dueDay, amount, projected: amount - owed.interest + projectedInterest };
}

/** Paid, overdue, due (the next one) or upcoming, for each instalment on `day`. */
export function instalmentStates(
  terms: TLoanTerms,
  schedule: TSchedule,
  totals: TLoanTotals,
  interestThrough: TInterestThrough,
  day: number,
): TInstalmentState[] {
  const isAllPaid = totalOwed(owedNow(terms, totals)) === 0n && totals.principalPaid === terms.principal;
  let hasDue = false;
  return schedule.instalments.map((instalment) => {
    if (
      isAllPaid ||
      (instalment.dueDay <= totals.accruedThroughDay &&
        isInstalmentSettled(schedule, totals, interestThrough, instalment.dueDay))
    ) {
      return 'paid';
    }
    if (day > instalment.dueDay + terms.graceDays) {
      return 'overdue';
    }
    if (!hasDue) {
      hasDue = true;
      return 'due';
    }
    return 'upcoming';
  });
}

export type TPlanLine = { principal: TMoney; interest: TMoney; total: TMoney; balanceAfter: TMoney };

/**
 * The repayment plan of a paid-out loan as it stands on its accrued day: a paid line says what it took (its principal
 * and the interest that accrued in its period, none after an early repayment), a line still open what is left of it
 * (the principal not yet paid of it, the interest accrued in its period and not paid, and the interest to come on
 * the principal then outstanding if the plan is kept). Before, the lines kept the figures of the day of paying out:
 * after repaying half, the due line still asked for its whole instalment, and a loan repaid the same day showed a
 * full period's interest that was never charged. Untouched, the lines are the agreement's own.
 */
export function planLines(
  terms: TLoanTerms,
  schedule: TSchedule,
  totals: TLoanTotals,
  interestThrough: TInterestThrough,
  states: TInstalmentState[],
): TPlanLine[] {
  const rateUnits = parseRate(terms.dailyRate);
  const today = totals.accruedThroughDay;
  const accruedBy = (day: number) => interestThrough(Math.min(day, today));
  // Interest payments settle the oldest accrued interest first (penalty, interest, principal of what is owed).
  let interestPaidLeft = totals.interestPaid;
  let previousDueDay = 0;
  return schedule.instalments.map((instalment, index) => {
    const principalBefore = principalDueBy(schedule, previousDueDay);
    const principalBy = principalDueBy(schedule, instalment.dueDay);
    const accrued = accruedBy(instalment.dueDay) - accruedBy(previousDueDay);
    const covered = minMoney(accrued, interestPaidLeft);
    interestPaidLeft -= covered;
    const balanceAfter = terms.principal - maxMoney(totals.principalPaid, principalBy);
    let principal: TMoney;
    let interest: TMoney;
    if (states[index] === 'paid') {
      principal = instalment.principal;
      interest = accrued;
    } else {
      // The principal counted as paid before this line: what was paid, or what the lines before it take.
      const settledBefore = maxMoney(totals.principalPaid, principalBefore);
      // Days of the period still to accrue, on the principal outstanding then: what is paid now, or, for a period not
      // begun, what will be once the lines before it are paid as planned.
      const daysToCome = instalment.dueDay - Math.max(today, previousDueDay);
      const outstandingThen =
        terms.principal - (previousDueDay >= today ? settledBefore : totals.principalPaid);
      const interestToCome =
        daysToCome > 0 && outstandingThen > 0n ? periodInterest(outstandingThen, rateUnits, daysToCome) : 0n;
      principal = maxMoney(principalBy - settledBefore, 0n);
      interest = accrued - covered + interestToCome;
    }
    previousDueDay = instalment.dueDay;
    return { principal, interest, total: principal + interest, balanceAfter };
  });
}

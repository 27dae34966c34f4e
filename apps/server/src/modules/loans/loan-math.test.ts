import { parseMoney, roundMoney } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import {
  interestThroughOf,
  nextInstalment,
  owedNow,
  scheduleOf,
  type TLoanTerms,
  type TLoanTotals,
} from './loan-math';

const TERMS: TLoanTerms = {
  principal: parseMoney('120000'),
  termDays: 90,
  cycleDays: 30,
  dailyRate: '0.0005',
  penaltyDailyRate: '0.001',
  graceDays: 3,
  mode: 'interest_first',
};
const FRESH: TLoanTotals = {
  principalPaid: 0n,
  interestAccrued: 0n,
  interestPaid: 0n,
  penaltyAccrued: 0n,
  penaltyPaid: 0n,
  accruedThroughDay: 0,
};

describe('nextInstalment', () => {
  it("owes nothing yet on an interest-only loan's first day, and projects the first instalment's interest", () => {
    const schedule = scheduleOf(TERMS);
    const first = schedule.instalments[0]!;
    expect(first.principal).toBe(0n);
    const next = nextInstalment(TERMS, schedule, FRESH, interestThroughOf([]), 0);
    // It offered the whole instalment (1,800): paid on day 0 it went to the principal, the instalment stayed unpaid
    // and fell overdue once its interest had accrued.
    expect(next).toEqual({ dueDay: 30, amount: 0n, projected: first.total });
    expect(next.projected).toBe(parseMoney('1800'));
  });

  it('is what is due to date once interest has accrued, and projects the rest of the instalment', () => {
    const schedule = scheduleOf(TERMS);
    const accrued = { ...FRESH, interestAccrued: parseMoney('600'), accruedThroughDay: 10 };
    const rows = Array.from({ length: 10 }, (_, i) => ({ day: i + 1, interest: parseMoney('60') }));
    expect(nextInstalment(TERMS, schedule, accrued, interestThroughOf(rows), 10)).toEqual({
      dueDay: 30,
      amount: parseMoney('600'),
      projected: parseMoney('1800'),
    });
  });

  it('moves on to the following instalment once the one due today is paid, not 0.00 due today', () => {
    const schedule = scheduleOf(TERMS);
    const rows = Array.from({ length: 30 }, (_, i) => ({ day: i + 1, interest: parseMoney('60') }));
    const paidToday = {
      ...FRESH,
      interestAccrued: parseMoney('1800'),
      interestPaid: parseMoney('1800'),
      accruedThroughDay: 30,
    };
    expect(nextInstalment(TERMS, schedule, paidToday, interestThroughOf(rows), 30)).toEqual({
      dueDay: 60,
      amount: 0n,
      projected: parseMoney('1800'),
    });
    // Not paid yet, today's instalment is the next one.
    const unpaid = { ...paidToday, interestPaid: 0n };
    expect(nextInstalment(TERMS, schedule, unpaid, interestThroughOf(rows), 30)).toMatchObject({
      dueDay: 30,
      amount: parseMoney('1800'),
    });
  });

  it('projects the lower interest after principal paid ahead, and owes only its principal part now', () => {
    const equal: TLoanTerms = {
      ...TERMS,
      principal: parseMoney('150000.55'),
      dailyRate: '0.0008',
      mode: 'equal_instalments',
    };
    const schedule = scheduleOf(equal);
    const first = schedule.instalments[0]!;
    const fresh = nextInstalment(equal, schedule, FRESH, interestThroughOf([]), 0);
    expect(fresh.amount).toBe(first.principal);
    expect(fresh.projected).toBe(first.total);
    const paid = { ...FRESH, principalPaid: first.principal };
    const afterPaying = nextInstalment(equal, schedule, paid, interestThroughOf([]), 0);
    // Nothing more is owed now; by day 30 the interest on what is left (150,000.55 - principal) for 30 days.
    expect(afterPaying.amount).toBe(0n);
    const dayInterest = ((parseMoney('150000.55') - first.principal) * 8n) / 10_000n;
    expect(afterPaying.projected).toBe(roundMoney(dayInterest * 30n, 2, 'down'));
  });
});

describe('owedNow', () => {
  it('owes accrued interest and penalty in whole cents rounded down, so every charge to the wallet is whole cents', () => {
    const totals = {
      ...FRESH,
      interestAccrued: parseMoney('120.00044'),
      penaltyAccrued: parseMoney('2.959'),
      accruedThroughDay: 1,
    };
    expect(owedNow(TERMS, totals)).toEqual({
      interest: parseMoney('120'),
      penalty: parseMoney('2.95'),
      principal: parseMoney('120000'),
    });
    // A payment made before this rule may have paid the fraction of a cent: nothing is then owed, not less than nothing.
    expect(owedNow(TERMS, { ...totals, interestPaid: parseMoney('120.00044') }).interest).toBe(0n);
  });

  it('settles an instalment whose rounded interest was paid', () => {
    const rows = [{ day: 30, interest: parseMoney('3600.0132') }];
    expect(interestThroughOf(rows)(30)).toBe(parseMoney('3600.01'));
  });
});

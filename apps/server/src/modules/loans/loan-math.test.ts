import { parseMoney } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import {
  interestThroughOf,
  nextInstalment,
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
  it("is the schedule's first instalment on an interest-only loan's first day, not the whole loan", () => {
    const schedule = scheduleOf(TERMS);
    const first = schedule.instalments[0]!;
    expect(first.principal).toBe(0n);
    const next = nextInstalment(TERMS, schedule, FRESH, interestThroughOf([]), 0);
    // It was 120,000 (everything owed), and "repay next instalment" repaid the loan.
    expect(next).toEqual({ dueDay: 30, amount: first.total });
    expect(next.amount).toBe(parseMoney('1800'));
  });

  it('is what is due to date once interest has accrued', () => {
    const schedule = scheduleOf(TERMS);
    const accrued = { ...FRESH, interestAccrued: parseMoney('600'), accruedThroughDay: 10 };
    const rows = Array.from({ length: 10 }, (_, i) => ({ day: i + 1, interest: parseMoney('60') }));
    expect(nextInstalment(TERMS, schedule, accrued, interestThroughOf(rows), 10).amount).toBe(
      parseMoney('600'),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateRepayment,
  aprPercent,
  buildSchedule,
  CENT,
  dailyAccrual,
  dueDays,
  principalDueBy,
  REPAYMENT_MODES,
  type TRepaymentMode,
} from './loan-schedule';
import { parseMoney } from './money';

const m = (v: string) => parseMoney(v);

const arbitraryLoan = fc.record({
  // 100,000.00 .. 30,000,000.00 in cents, plus a few tiny and odd amounts
  cents: fc.oneof(
    fc.bigInt({ min: 10_000_000n, max: 3_000_000_000n }),
    fc.bigInt({ min: 1n, max: 100_000n }),
  ),
  termDays: fc.integer({ min: 1, max: 365 }),
  cycleDays: fc.integer({ min: 1, max: 365 }),
  // 0 .. 1 % a day, up to 6 decimals
  rateMillionths: fc.integer({ min: 0, max: 10_000 }),
  mode: fc.constantFrom<TRepaymentMode>(...REPAYMENT_MODES),
});

function rateOf(millionths: number): string {
  return (millionths / 1e6).toFixed(6);
}

describe('loan schedule', () => {
  it('bullet: one instalment of principal and the whole term of interest', () => {
    const schedule = buildSchedule({
      principal: m('100000'),
      termDays: 30,
      cycleDays: 30,
      dailyRate: '0.0005',
      mode: 'bullet',
    });
    expect(schedule.instalments).toHaveLength(1);
    expect(schedule.instalments[0]).toMatchObject({
      dueDay: 30,
      principal: m('100000'),
      interest: m('1500'),
    });
    expect(schedule.totalRepayment).toBe(m('101500'));
    expect(schedule.aprPercent).toBe('18.25');
  });

  it('interest first: interest each cycle, principal at the end, a short last cycle', () => {
    const schedule = buildSchedule({
      principal: m('200000'),
      termDays: 75,
      cycleDays: 30,
      dailyRate: '0.001',
      mode: 'interest_first',
    });
    expect(schedule.instalments.map((i) => [i.dueDay, i.days])).toEqual([
      [30, 30],
      [60, 30],
      [75, 15],
    ]);
    expect(schedule.instalments.map((i) => i.interest)).toEqual([m('6000'), m('6000'), m('3000')]);
    expect(schedule.instalments.map((i) => i.principal)).toEqual([0n, 0n, m('200000')]);
  });

  it('equal instalments: level payments, the last one absorbs the rounding', () => {
    const schedule = buildSchedule({
      principal: m('100000'),
      termDays: 90,
      cycleDays: 30,
      dailyRate: '0.001',
      mode: 'equal_instalments',
    });
    const totals = schedule.instalments.map((i) => i.total);
    // annuity of 100,000 at 3 % a cycle over 3 cycles: 35,353.0363.. rounds to 35,353.04
    expect(totals[0]).toBe(m('35353.04'));
    expect(totals[1]).toBe(m('35353.04'));
    expect(schedule.instalments[2]!.balanceAfter).toBe(0n);
    expect(schedule.instalments.reduce((s, i) => s + i.principal, 0n)).toBe(m('100000'));
  });

  it('zero interest splits the principal evenly', () => {
    const schedule = buildSchedule({
      principal: m('100000'),
      termDays: 90,
      cycleDays: 30,
      dailyRate: '0',
      mode: 'equal_instalments',
    });
    expect(schedule.instalments.map((i) => i.principal)).toEqual([
      m('33333.33'),
      m('33333.33'),
      m('33333.34'),
    ]);
    expect(schedule.totalInterest).toBe(0n);
  });

  it('refuses a principal finer than 0.01 and impossible terms', () => {
    const base = { termDays: 30, cycleDays: 30, dailyRate: '0.001', mode: 'bullet' as const };
    expect(() => buildSchedule({ ...base, principal: m('100000.001') })).toThrow(RangeError);
    expect(() => buildSchedule({ ...base, principal: 0n })).toThrow(RangeError);
    expect(() => buildSchedule({ ...base, principal: m('1'), termDays: 0 })).toThrow(RangeError);
    expect(() => buildSchedule({ ...base, principal: m('1'), dailyRate: '-0.1' })).toThrow(RangeError);
  });

  it('property: principal parts sum to the principal, every part is whole cents, balances fall to zero', () => {
    fc.assert(
      fc.property(arbitraryLoan, (loan) => {
        const principal = loan.cents * CENT;
        const schedule = buildSchedule({
          principal,
          termDays: loan.termDays,
          cycleDays: loan.cycleDays,
          dailyRate: rateOf(loan.rateMillionths),
          mode: loan.mode,
        });
        const instalments = schedule.instalments;
        expect(instalments.reduce((s, i) => s + i.principal, 0n)).toBe(principal);
        expect(instalments.reduce((s, i) => s + i.interest, 0n)).toBe(schedule.totalInterest);
        expect(schedule.totalRepayment).toBe(principal + schedule.totalInterest);
        expect(instalments.at(-1)!.dueDay).toBe(loan.termDays);
        expect(instalments.at(-1)!.balanceAfter).toBe(0n);
        expect(instalments.reduce((s, i) => s + i.days, 0)).toBe(loan.termDays);
        let balance = principal;
        for (const instalment of instalments) {
          expect(instalment.principal % CENT).toBe(0n);
          expect(instalment.interest % CENT).toBe(0n);
          expect(instalment.principal >= 0n && instalment.interest >= 0n).toBe(true);
          expect(instalment.total).toBe(instalment.principal + instalment.interest);
          balance -= instalment.principal;
          expect(instalment.balanceAfter).toBe(balance);
        }
        if (loan.mode !== 'equal_instalments') {
          expect(instalments.slice(0, -1).every((i) => i.principal === 0n)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('property: equal instalments are level (all but the last differ by no more than a cent of rounding)', () => {
    fc.assert(
      fc.property(arbitraryLoan, (loan) => {
        const schedule = buildSchedule({
          principal: loan.cents * CENT,
          termDays: loan.termDays,
          cycleDays: loan.cycleDays,
          dailyRate: rateOf(loan.rateMillionths),
          mode: 'equal_instalments',
        });
        const firsts = schedule.instalments.slice(0, -1).filter((i) => i.balanceAfter > 0n);
        const totals = new Set(firsts.map((i) => i.total));
        expect(totals.size).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('property: interest of a schedule is within rounding of daily accrual on the scheduled balances', () => {
    fc.assert(
      fc.property(arbitraryLoan, (loan) => {
        const rate = rateOf(loan.rateMillionths);
        const principal = loan.cents * CENT;
        const schedule = buildSchedule({
          principal,
          termDays: loan.termDays,
          cycleDays: loan.cycleDays,
          dailyRate: rate,
          mode: loan.mode,
        });
        let accrued = 0n;
        let balance = principal;
        let day = 0;
        for (const instalment of schedule.instalments) {
          for (; day < instalment.dueDay; day++) {
            accrued += dailyAccrual(balance, rate);
          }
          balance -= instalment.principal;
        }
        const tolerance = CENT * BigInt(schedule.instalments.length) + BigInt(loan.termDays);
        const difference = accrued - schedule.totalInterest;
        expect(difference <= tolerance && -difference <= tolerance).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('due days step by the cycle and end on the term', () => {
    expect(dueDays(90, 30, 'equal_instalments')).toEqual([30, 60, 90]);
    expect(dueDays(90, 30, 'bullet')).toEqual([90]);
    expect(dueDays(10, 30, 'interest_first')).toEqual([10]);
    const schedule = buildSchedule({
      principal: m('300'),
      termDays: 90,
      cycleDays: 30,
      dailyRate: '0',
      mode: 'equal_instalments',
    });
    expect(principalDueBy(schedule, 29)).toBe(0n);
    expect(principalDueBy(schedule, 30)).toBe(m('100'));
    expect(principalDueBy(schedule, 365)).toBe(m('300'));
  });

  it('APR is 365 times the daily rate', () => {
    expect(aprPercent('0.0005')).toBe('18.25');
    expect(aprPercent('0')).toBe('0.00');
    expect(aprPercent('0.00012345')).toBe('4.51');
  });
});

describe('repayment allocation', () => {
  it('pays penalty, then interest, then principal', () => {
    const owed = { penalty: m('5'), interest: m('10'), principal: m('100') };
    expect(allocateRepayment(owed, m('3'))).toMatchObject({ penalty: m('3'), interest: 0n, principal: 0n });
    expect(allocateRepayment(owed, m('12'))).toMatchObject({
      penalty: m('5'),
      interest: m('7'),
      principal: 0n,
    });
    expect(allocateRepayment(owed, m('115'))).toMatchObject({
      penalty: m('5'),
      interest: m('10'),
      principal: m('100'),
    });
    expect(() => allocateRepayment(owed, m('115.01'))).toThrow(RangeError);
    expect(() => allocateRepayment(owed, 0n)).toThrow(RangeError);
  });

  it('property: the parts sum to the amount and no part exceeds what is owed', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 17n });
    fc.assert(
      fc.property(amount, amount, amount, amount, (penalty, interest, principal, paid) => {
        const total = penalty + interest + principal;
        fc.pre(paid > 0n && paid <= total);
        const split = allocateRepayment({ penalty, interest, principal }, paid);
        expect(split.penalty + split.interest + split.principal).toBe(paid);
        expect(split.penalty <= penalty && split.interest <= interest && split.principal <= principal).toBe(
          true,
        );
        // a later bucket is touched only when the earlier ones are settled
        if (split.interest > 0n) {
          expect(split.penalty).toBe(penalty);
        }
        if (split.principal > 0n) {
          expect(split.interest).toBe(interest);
        }
      }),
    );
  });
});

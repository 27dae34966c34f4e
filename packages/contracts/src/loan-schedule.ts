import { minMoney, parseMoney, type TMoney } from './money';

/**
 * The money core of a loan, shared by the server (what is owed) and the web calculator (what will be
 * owed): pure functions over bigint amounts of 10^-10 USDT, no floats anywhere.
 *
 * Interest is simple daily interest on the outstanding principal: one day of `balance` at `dailyRate`
 * is `balance * dailyRate`. The schedule rounds every instalment's principal and interest parts to
 * 0.01 USDT (half up); the last instalment takes whatever principal is left, so the principal parts
 * always sum to the principal exactly.
 */
export const REPAYMENT_MODES = ['bullet', 'interest_first', 'equal_instalments'] as const;
export type TRepaymentMode = (typeof REPAYMENT_MODES)[number];

const UNIT = 10n ** 10n;
/** 0.01 USDT in units. */
export const CENT: TMoney = 10n ** 8n;

export type TScheduleInput = {
  principal: TMoney;
  termDays: number;
  /** Days between instalments (interest first, equal instalments); bullet has one instalment. */
  cycleDays: number;
  /** Decimal string, e.g. "0.0005" for 0.05 % a day; at most 10 decimals. */
  dailyRate: string;
  mode: TRepaymentMode;
};

export type TInstalment = {
  /** 1-based. */
  number: number;
  /** Days after disbursement when this instalment is due. */
  dueDay: number;
  /** Days of interest this instalment covers. */
  days: number;
  principal: TMoney;
  interest: TMoney;
  total: TMoney;
  /** Principal still owed after this instalment is paid. */
  balanceAfter: TMoney;
};

export type TSchedule = {
  instalments: TInstalment[];
  totalPrincipal: TMoney;
  totalInterest: TMoney;
  totalRepayment: TMoney;
  /** Nominal annual rate in percent, 365 x the daily rate, as a decimal string with 2 decimals. */
  aprPercent: string;
};

/** a * b / divisor, rounded half up to a multiple of `step` (all non-negative). */
function mulDivRound(a: bigint, b: bigint, divisor: bigint, step: bigint): bigint {
  const numerator = a * b;
  const unitDivisor = divisor * step;
  const quotient = numerator / unitDivisor;
  const remainder = numerator % unitDivisor;
  return (remainder * 2n >= unitDivisor ? quotient + 1n : quotient) * step;
}

/** The daily rate as units of 10^-10 (so "0.0005" is 5_000_000n); refuses negatives and junk. */
export function parseRate(rate: string): bigint {
  const units = parseMoney(rate);
  if (units < 0n) {
    throw new RangeError(`negative rate ${rate}`);
  }
  return units;
}

/** Interest on `balance` for `days` days, rounded half up to 0.01 USDT (schedule figures). */
export function periodInterest(balance: TMoney, rateUnits: bigint, days: number): TMoney {
  return mulDivRound(balance * BigInt(days), rateUnits, UNIT, CENT);
}

/** One day of interest (or penalty) on `balance`, exact to the unit (10^-10 USDT), rounded half up. */
export function dailyAccrual(balance: TMoney, rate: string): TMoney {
  if (balance <= 0n) {
    return 0n;
  }
  return mulDivRound(balance, parseRate(rate), UNIT, 1n);
}

/** Due days of the instalments: every cycle, the last one on the final day of the term. */
export function dueDays(termDays: number, cycleDays: number, mode: TRepaymentMode): number[] {
  if (mode === 'bullet' || cycleDays >= termDays) {
    return [termDays];
  }
  const days: number[] = [];
  for (let day = cycleDays; day < termDays; day += cycleDays) {
    days.push(day);
  }
  days.push(termDays);
  return days;
}

const FIXED = 10n ** 30n;

/** (1 + i)^n in fixed point (FIXED = 1), i given as units of 10^-10 per period. */
function compound(periodRateUnits: bigint, periods: number): bigint {
  const factor = FIXED + (periodRateUnits * FIXED) / UNIT;
  let result = FIXED;
  for (let k = 0; k < periods; k++) {
    result = (result * factor) / FIXED;
  }
  return result;
}

/** The level payment of an annuity of `periods` cycles, rounded half up to 0.01. */
function annuityPayment(principal: TMoney, rateUnits: bigint, cycleDays: number, periods: number): TMoney {
  if (rateUnits === 0n) {
    return mulDivRound(principal, 1n, BigInt(periods), CENT);
  }
  const periodRate = rateUnits * BigInt(cycleDays);
  const growth = compound(periodRate, periods);
  // A = P * i * g / (g - 1), with i = periodRate / UNIT
  const numerator = principal * periodRate * growth;
  const denominator = UNIT * (growth - FIXED);
  return mulDivRound(numerator, 1n, denominator, CENT);
}

function clamp(value: TMoney, low: TMoney, high: TMoney): TMoney {
  return value < low ? low : value > high ? high : value;
}

/** The whole repayment schedule of a loan (see the top of this file for the rounding rules). */
export function buildSchedule(input: TScheduleInput): TSchedule {
  if (input.principal <= 0n || input.principal % CENT !== 0n) {
    throw new RangeError('principal must be a positive multiple of 0.01');
  }
  if (!Number.isInteger(input.termDays) || input.termDays < 1) {
    throw new RangeError('term must be a positive whole number of days');
  }
  if (!Number.isInteger(input.cycleDays) || input.cycleDays < 1) {
    throw new RangeError('cycle must be a positive whole number of days');
  }
  const rateUnits = parseRate(input.dailyRate);
  const days = dueDays(input.termDays, input.cycleDays, input.mode);
  const level =
    input.mode === 'equal_instalments'
      ? annuityPayment(input.principal, rateUnits, input.cycleDays, days.length)
      : 0n;
  const instalments: TInstalment[] = [];
  let balance = input.principal;
  let previousDay = 0;
  days.forEach((dueDay, index) => {
    const span = dueDay - previousDay;
    previousDay = dueDay;
    const isLast = index === days.length - 1;
    const interest = periodInterest(balance, rateUnits, span);
    let principal: TMoney;
    if (isLast) {
      principal = balance;
    } else if (input.mode === 'equal_instalments') {
      principal = clamp(level - interest, 0n, balance);
    } else {
      principal = 0n;
    }
    balance -= principal;
    instalments.push({
      number: index + 1,
      dueDay,
      days: span,
      principal,
      interest,
      total: principal + interest,
      balanceAfter: balance,
    });
  });
  const totalInterest = instalments.reduce((sum, i) => sum + i.interest, 0n);
  return {
    instalments,
    totalPrincipal: input.principal,
    totalInterest,
    totalRepayment: input.principal + totalInterest,
    aprPercent: aprPercent(input.dailyRate),
  };
}

/** 365 x the daily rate, in percent with 2 decimals (rounded half up). */
export function aprPercent(dailyRate: string): string {
  // rate units x 365 x 100 / UNIT, kept in hundredths of a percent
  const hundredths = mulDivRound(parseRate(dailyRate) * 365n * 100n, 100n, UNIT, 1n);
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** Principal that falls due on or before `day` (days after disbursement). */
export function principalDueBy(schedule: TSchedule, day: number): TMoney {
  let due = 0n;
  for (const instalment of schedule.instalments) {
    if (instalment.dueDay <= day) {
      due += instalment.principal;
    }
  }
  return due;
}

/** The last instalment due day on or before `day`, or 0 when none has fallen due. */
export function lastDueDayBy(schedule: TSchedule, day: number): number {
  let last = 0;
  for (const instalment of schedule.instalments) {
    if (instalment.dueDay <= day) {
      last = instalment.dueDay;
    }
  }
  return last;
}

export type TOwed = { penalty: TMoney; interest: TMoney; principal: TMoney };
export type TAllocation = TOwed & { total: TMoney };

/** Splits a repayment: penalty first, then interest, then principal. Refuses more than is owed. */
export function allocateRepayment(owed: TOwed, amount: TMoney): TAllocation {
  if (amount <= 0n) {
    throw new RangeError('repayment must be positive');
  }
  const totalOwed = owed.penalty + owed.interest + owed.principal;
  if (amount > totalOwed) {
    throw new RangeError('repayment is more than is owed');
  }
  const penalty = minMoney(amount, owed.penalty);
  let rest = amount - penalty;
  const interest = minMoney(rest, owed.interest);
  rest -= interest;
  return { penalty, interest, principal: rest, total: amount };
}

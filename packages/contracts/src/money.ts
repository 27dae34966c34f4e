/**
 * Money is USDT held as a bigint count of 10^-10 USDT ("units"), matching numeric(30,10) columns.
 * JSON carries decimal strings. No function here ever touches a JavaScript number.
 */
export type TMoney = bigint;

export const MONEY_SCALE = 10;
const UNIT = 10n ** BigInt(MONEY_SCALE);
/** numeric(30,10) holds at most 20 integer digits. */
export const MONEY_MAX: TMoney = 10n ** 30n - 1n;

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

export class MoneyFormatError extends Error {
  constructor(readonly input: string) {
    super(`Not a decimal amount: ${JSON.stringify(input)}`);
  }
}

/** Parses a decimal string with at most `maxDecimals` fraction digits; refuses anything else. */
export function parseMoney(input: string, maxDecimals: number = MONEY_SCALE): TMoney {
  const match = DECIMAL_PATTERN.exec(input.trim());
  if (!match) {
    throw new MoneyFormatError(input);
  }
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > maxDecimals) {
    throw new MoneyFormatError(input);
  }
  const value = BigInt(whole) * UNIT + BigInt(fraction.padEnd(MONEY_SCALE, '0') || '0');
  if (value > MONEY_MAX) {
    throw new MoneyFormatError(input);
  }
  return sign ? -value : value;
}

export function isMoneyString(input: string, maxDecimals: number = MONEY_SCALE): boolean {
  try {
    parseMoney(input, maxDecimals);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a decimal string is a number above `max`, however many digits it has (its own format is checked apart;
 * `parseMoney` refuses more digits than an amount column holds, so a range check cannot rest on it).
 */
export function isDecimalAbove(value: string, max: number): boolean {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) {
    return false;
  }
  const whole = BigInt(match[1]!);
  return whole > BigInt(max) || (whole === BigInt(max) && /[1-9]/.test(match[2] ?? ''));
}

/** Full-precision decimal string without trailing zeros beyond `minDecimals`. */
export function formatMoney(value: TMoney, minDecimals = 2): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / UNIT;
  let fraction = (abs % UNIT).toString().padStart(MONEY_SCALE, '0').replace(/0+$/, '');
  if (fraction.length < minDecimals) {
    fraction = fraction.padEnd(minDecimals, '0');
  }
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A decimal string as people read it: the whole part grouped by thousands with commas
 * ("30000000.00" -> "30,000,000.00"). For display only; the API, CSV files and form fields keep the
 * plain form. The decimal point stays a point in every language, as prices are quoted in USDT.
 * Anything that is not a plain decimal comes back unchanged.
 */
export function groupMoneyDigits(decimal: string): string {
  const match = DECIMAL_PATTERN.exec(decimal);
  if (!match) {
    return decimal;
  }
  const [, sign = '', whole = '0', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** `formatMoney` for display: grouped by thousands (`groupMoneyDigits`). */
export function displayMoney(value: TMoney, minDecimals = 2): string {
  return groupMoneyDigits(formatMoney(value, minDecimals));
}

export type TRounding = 'half-up' | 'down' | 'up';

/** Rounds to `decimals` fraction digits (half away from zero by default). */
export function roundMoney(value: TMoney, decimals: number, mode: TRounding = 'half-up'): TMoney {
  if (decimals >= MONEY_SCALE) {
    return value;
  }
  const step = 10n ** BigInt(MONEY_SCALE - decimals);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const remainder = abs % step;
  let rounded = abs - remainder;
  if (remainder !== 0n && (mode === 'up' || (mode === 'half-up' && remainder * 2n >= step))) {
    rounded += step;
  }
  return negative ? -rounded : rounded;
}

/** value * rate, where rate is a decimal string such as "0.05"; rounded down to the unit. */
export function multiplyMoney(value: TMoney, rate: string): TMoney {
  const r = parseMoney(rate);
  const product = value * r;
  return product / UNIT;
}

/**
 * What a buyer is charged and a seller is paid is whole cents (0.01 USDT): a withdrawal takes two decimals, so a
 * fraction of a cent left in a wallet could never leave it (and kept the account from being closed).
 */
export const CHARGE_DECIMALS = 2;

/** A charge at a rate (tax, handling fee, commission, a percent discount): value * rate in whole cents, half up. */
export function chargeAtRate(value: TMoney, rate: string): TMoney {
  return roundMoney(multiplyMoney(value, rate), CHARGE_DECIMALS);
}

/** An order line's amount: unit price (up to 4 decimals for wholesale) times quantity, in whole cents, half up. */
export function lineAmount(unitPrice: TMoney, quantity: number): TMoney {
  return roundMoney(unitPrice * BigInt(quantity), CHARGE_DECIMALS);
}

/**
 * What a deposit credits in USDT: the amount after fees at the channel's rate, in whole cents, rounded down (never
 * more than arrived; a rate such as 97000.12345678 made fractions of a cent that could never be withdrawn).
 */
export function creditAtRate(value: TMoney, rateToUsdt: string): TMoney {
  return roundMoney(multiplyMoney(value, rateToUsdt), CHARGE_DECIMALS, 'down');
}

/** A sum of fees each of which may have up to 4 decimals, in whole cents, half up. */
export function chargeOf(value: TMoney): TMoney {
  return roundMoney(value, CHARGE_DECIMALS);
}

export function sumMoney(values: Iterable<TMoney>): TMoney {
  let total = 0n;
  for (const v of values) {
    total += v;
  }
  return total;
}

export function minMoney(a: TMoney, b: TMoney): TMoney {
  return a < b ? a : b;
}

export function maxMoney(a: TMoney, b: TMoney): TMoney {
  return a > b ? a : b;
}

/** Converts a whole number of USDT (e.g. a constant) to units. */
export function usdt(whole: number | bigint): TMoney {
  return BigInt(whole) * UNIT;
}

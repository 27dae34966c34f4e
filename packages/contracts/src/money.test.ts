import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zRechargeAmount } from './api/wallet';
import {
  CHARGE_DECIMALS,
  chargeAtRate,
  creditAtRate,
  displayMoney,
  formatMoney,
  groupMoneyDigits,
  isMoneyString,
  lineAmount,
  MONEY_MAX,
  MONEY_SCALE,
  MoneyFormatError,
  multiplyMoney,
  parseMoney,
  roundMoney,
  sumMoney,
  type TRounding,
} from './money';

const UNIT = 10n ** BigInt(MONEY_SCALE);
const money = fc.bigInt({ min: -MONEY_MAX, max: MONEY_MAX });
const smallMoney = fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n });
const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));
/** A decimal string as a person or a client would type it, with up to `maxDecimals` decimals. */
const decimalString = (maxDecimals: number) =>
  fc
    .tuple(fc.boolean(), digits(1, 20), digits(0, maxDecimals))
    .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);

function abs(v: bigint): bigint {
  return v < 0n ? -v : v;
}

describe('money helpers (property-based)', () => {
  it('formatMoney then parseMoney gives back the same value, for any representable amount', () => {
    fc.assert(
      fc.property(money, fc.integer({ min: 0, max: MONEY_SCALE }), (value, minDecimals) => {
        expect(parseMoney(formatMoney(value, minDecimals))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('parseMoney keeps every digit of a decimal string (no float rounding)', () => {
    fc.assert(
      fc.property(decimalString(MONEY_SCALE), (text) => {
        const value = parseMoney(text);
        const [whole = '', fraction = ''] = text.replace('-', '').split('.');
        const expected = BigInt(whole) * UNIT + BigInt(fraction.padEnd(MONEY_SCALE, '0'));
        expect(value).toBe(text.startsWith('-') ? -expected : expected);
        // The canonical form keeps the same digits without redundant zeros.
        const canonical = formatMoney(value, 0);
        expect(parseMoney(canonical)).toBe(value);
        expect(canonical).not.toMatch(/\.\d*0$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('holds amounts far beyond 2^53 exactly', () => {
    const big = '12345678901234567890.1234567891';
    expect(formatMoney(parseMoney(big))).toBe(big);
    expect(parseMoney('9007199254740993')).toBe(9007199254740993n * UNIT);
    expect(formatMoney(parseMoney('0.1') + parseMoney('0.2'))).toBe('0.30');
  });

  it('refuses floats in exponent notation, over-precise, non-numeric and huge input', () => {
    for (const bad of [
      '1e-7',
      '1.5e3',
      '1E3',
      'NaN',
      'Infinity',
      '-Infinity',
      '',
      ' ',
      '.5',
      '5.',
      '+5',
      '0x10',
      '1,5',
      '١٢',
      '1 000',
    ]) {
      expect(() => parseMoney(bad), bad).toThrow(MoneyFormatError);
      expect(isMoneyString(bad), bad).toBe(false);
    }
    expect(() => parseMoney(String(1e-7))).toThrow(MoneyFormatError);
    expect(() => parseMoney('1.00000000001')).toThrow(MoneyFormatError);
    expect(() => parseMoney('1.001', 2)).toThrow(MoneyFormatError);
    expect(() => parseMoney('1'.repeat(21))).toThrow(MoneyFormatError);
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (d) => {
        const text = String(d);
        if (/[eE]|N|I/.test(text)) {
          expect(() => parseMoney(text)).toThrow(MoneyFormatError);
        } else if (isMoneyString(text)) {
          // Accepted only as the exact decimal written, never through a float conversion.
          expect(formatMoney(parseMoney(text), 0).replace(/^-0$/, '0')).toBe(
            text.replace(/^-0$/, '0').replace(/\.0+$/, ''),
          );
        }
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(decimalString(MONEY_SCALE), digits(1, 5), (text, extra) => {
        const [whole, fraction = ''] = text.split('.');
        const overPrecise = `${whole}.${fraction.padEnd(MONEY_SCALE, '0')}${extra}`;
        expect(() => parseMoney(overPrecise)).toThrow(MoneyFormatError);
      }),
    );
  });

  it('rounds to a multiple of the step, within the step, symmetrically and idempotently', () => {
    const modes: TRounding[] = ['half-up', 'down', 'up'];
    fc.assert(
      fc.property(
        smallMoney,
        fc.integer({ min: 0, max: MONEY_SCALE }),
        fc.constantFrom(...modes),
        (value, decimals, mode) => {
          const step = 10n ** BigInt(MONEY_SCALE - decimals);
          const rounded = roundMoney(value, decimals, mode);
          expect(rounded % step).toBe(0n);
          expect(roundMoney(rounded, decimals, mode)).toBe(rounded);
          expect(roundMoney(-value, decimals, mode)).toBe(-rounded);
          const error = abs(rounded - value);
          if (mode === 'half-up') {
            expect(error * 2n <= step).toBe(true);
          } else {
            expect(error < step || step === 1n).toBe(true);
          }
          if (mode === 'down') {
            expect(abs(rounded) <= abs(value)).toBe(true);
          }
          if (mode === 'up') {
            expect(abs(rounded) >= abs(value)).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
    expect(roundMoney(parseMoney('2.345'), 2)).toBe(parseMoney('2.35'));
    expect(roundMoney(parseMoney('-2.345'), 2)).toBe(parseMoney('-2.35'));
    expect(roundMoney(parseMoney('2.344999'), 2)).toBe(parseMoney('2.34'));
    expect(roundMoney(parseMoney('2.341'), 2, 'up')).toBe(parseMoney('2.35'));
    expect(roundMoney(parseMoney('2.349'), 2, 'down')).toBe(parseMoney('2.34'));
  });

  it('multiplies by a decimal rate exactly, truncating toward zero at the last unit', () => {
    fc.assert(
      fc.property(smallMoney, decimalString(MONEY_SCALE), (value, rate) => {
        const r = parseMoney(rate);
        const exact = value * r;
        const product = multiplyMoney(value, rate);
        expect(product).toBe(exact / UNIT);
        expect(abs(exact - product * UNIT) < UNIT).toBe(true);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(smallMoney, (value) => {
        expect(multiplyMoney(value, '1')).toBe(value);
        expect(multiplyMoney(value, '0')).toBe(0n);
      }),
    );
  });

  it('charges at a rate and prices a line in whole cents, within half a cent of the exact figure', () => {
    const cent = 10n ** BigInt(MONEY_SCALE - CHARGE_DECIMALS);
    const positive = fc.bigInt({ min: 0n, max: 10n ** 22n });
    fc.assert(
      fc.property(
        positive,
        decimalString(4).filter((rate) => !rate.startsWith('-')),
        (value, rate) => {
          const exact = value * parseMoney(rate);
          const charge = chargeAtRate(value, rate);
          expect(charge % cent).toBe(0n);
          expect(abs(exact - charge * UNIT) * 2n <= cent * UNIT).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(positive, fc.integer({ min: 1, max: 100_000 }), (unitPrice, quantity) => {
        const amount = lineAmount(unitPrice, quantity);
        expect(amount % cent).toBe(0n);
        expect(abs(unitPrice * BigInt(quantity) - amount) * 2n <= cent).toBe(true);
      }),
    );
    // Half a cent goes up: 7 % of 37.05 is 2.5935, 5 % of 100.55 is 5.0275, 3 x 0.0125 is 0.0375.
    expect(chargeAtRate(parseMoney('37.05'), '0.07')).toBe(parseMoney('2.59'));
    expect(chargeAtRate(parseMoney('100.55'), '0.05')).toBe(parseMoney('5.03'));
    expect(lineAmount(parseMoney('0.0125'), 3)).toBe(parseMoney('0.04'));
    // A deposit's credit goes down to the cent: never more than arrived.
    expect(creditAtRate(parseMoney('0.01'), '97000.12345678')).toBe(parseMoney('970'));
    expect(creditAtRate(parseMoney('1.99'), '1')).toBe(parseMoney('1.99'));
  });

  it('sums without loss in any order', () => {
    fc.assert(
      fc.property(fc.array(smallMoney, { maxLength: 50 }), (values) => {
        const total = sumMoney(values);
        expect(sumMoney([...values].reverse())).toBe(total);
        expect(parseMoney(formatMoney(total, 0))).toBe(total);
      }),
    );
  });

  it('accepts recharge amounts of at least 1 with two decimals and nothing else', () => {
    fc.assert(
      fc.property(decimalString(4), (text) => {
        const fraction = text.split('.')[1] ?? '';
        const isValid = !text.startsWith('-') && fraction.length <= 2 && parseMoney(text) >= UNIT;
        expect(zRechargeAmount.safeParse(text).success).toBe(isValid);
      }),
      { numRuns: 2000 },
    );
    for (const bad of ['1e3', '1.5e3', '0.99', '1.001', 'abc', '-5', '0', '1'.repeat(25)]) {
      expect(zRechargeAmount.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('groups the whole part by thousands for display and keeps every digit', () => {
    expect(groupMoneyDigits('30000000.00')).toBe('30,000,000.00');
    expect(groupMoneyDigits('-1234.5')).toBe('-1,234.5');
    expect(groupMoneyDigits('999.99')).toBe('999.99');
    expect(groupMoneyDigits('1000')).toBe('1,000');
    expect(groupMoneyDigits('0.0000001')).toBe('0.0000001');
    expect(displayMoney(parseMoney('1234567.891'))).toBe('1,234,567.891');
    // Not a plain decimal (already grouped, a placeholder): left as it is.
    expect(groupMoneyDigits('1,000.00')).toBe('1,000.00');
    expect(groupMoneyDigits('--')).toBe('--');
    fc.assert(
      fc.property(decimalString(MONEY_SCALE), (decimal) => {
        const grouped = groupMoneyDigits(decimal);
        expect(grouped.replaceAll(',', '')).toBe(decimal);
        const whole = grouped.replace(/^-/, '').split('.')[0] ?? '';
        // Every group after the first holds exactly three digits; the first one to three.
        expect(whole).toMatch(/^\d{1,3}(,\d{3})*$/);
      }),
      { numRuns: 1000 },
    );
  });

  it('never touches a JavaScript number', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'money.ts'), 'utf8');
    const code = source.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/\bNumber\s*[.(]|parseFloat|parseInt|Math\.|toFixed|toPrecision/);
    // Amounts are typed bigint: no helper takes or returns a money value as a number.
    expect(code).not.toMatch(/value:\s*number|:\s*number\s*\{/);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, V } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import { errorMessage, validationMessage, withAttemptsLeft } from '../../i18n/messages';

const EN_DIR = path.resolve(import.meta.dirname, '../../../../../packages/contracts/locales/en');
const read = (ns: string) =>
  JSON.parse(readFileSync(path.join(EN_DIR, `${ns}.json`), 'utf8')) as Record<string, unknown>;

describe('English dictionaries', () => {
  it('have a non-empty message for every error code, and nothing stale', () => {
    const errors = read('errors');
    const missing = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || errors[code] === '');
    expect(missing).toEqual([]);
    const stale = Object.keys(errors).filter((key) => !(ERROR_CODES as string[]).includes(key));
    expect(stale).toEqual([]);
    for (const code of ERROR_CODES) {
      expect(errorMessage('en', code)).toBe(errors[code]);
    }
  });

  it('get the values of their placeholders wherever the server throws them', () => {
    // PAGE_TOO_DEEP was thrown with its limit in the details only: sellers read "the first {{max}} products".
    const errors = read('errors');
    const withPlaceholders = new Set(
      Object.entries(errors)
        .filter(([, message]) => typeof message === 'string' && message.includes('{{'))
        .map(([code]) => code),
    );
    const serverDir = path.resolve(import.meta.dirname, '../..');
    const sources = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const withoutValues: string[] = [];
    let checked = 0;
    for (const file of sources) {
      const source = readFileSync(path.join(serverDir, file), 'utf8');
      for (const match of source.matchAll(/new AppError\(\s*'([A-Z_]+)'/g)) {
        if (!withPlaceholders.has(match[1]!)) {
          continue;
        }
        checked += 1;
        // The call's arguments at its own nesting level: a third one carries the values.
        let depth = 0;
        let commas = 0;
        for (const char of source.slice(match.index + 'new AppError'.length)) {
          if ('([{'.includes(char)) {
            depth += 1;
          } else if (')]}'.includes(char)) {
            depth -= 1;
            if (depth === 0) {
              break;
            }
          } else if (char === ',' && depth === 1) {
            commas += 1;
          }
        }
        if (commas < 2) {
          withoutValues.push(`${file}: ${match[1]}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(withoutValues).toEqual([]);
  });

  it('have a message for every validation key', () => {
    const validation = read('validation');
    const missing = Object.values(V).filter((key) => typeof validation[key] !== 'string');
    expect(missing).toEqual([]);
    expect(validationMessage('en', V.username)).toBe(validation.username);
  });

  it('keep an amount and its unit in writing order in Arabic (isolated), and leave English as written', () => {
    expect(errorMessage('ar', 'COUPON_MIN_SPEND', { minSpend: '1,000.00' })).toContain(
      '\u20661,000.00 USDT\u2069',
    );
    expect(errorMessage('en', 'COUPON_MIN_SPEND', { minSpend: '1,000.00' })).toBe(
      'This coupon needs goods worth at least 1,000.00 USDT in the order; freight and fees do not count',
    );
  });

  it('tell how many tries are left before a lock, in the plural form of the count, and nothing when none is known', () => {
    const wrong = errorMessage('en', 'TX_PASSWORD_WRONG');
    expect(withAttemptsLeft('en', wrong, { remainingAttempts: 2 })).toBe(
      'Transaction password is wrong: 2 attempts left',
    );
    expect(withAttemptsLeft('en', wrong, { remainingAttempts: 1 })).toBe(
      'Transaction password is wrong: 1 attempt left',
    );
    expect(withAttemptsLeft('de', errorMessage('de', 'LOGIN_FAILED'), { remainingAttempts: 1 })).toBe(
      'Konto oder Passwort falsch: noch 1 Versuch',
    );
    for (const details of [undefined, {}, { remainingAttempts: 0 }, { remainingAttempts: '2' }]) {
      expect(withAttemptsLeft('en', wrong, details)).toBe(wrong);
    }
  });
});

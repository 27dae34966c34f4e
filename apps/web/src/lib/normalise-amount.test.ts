import { LANGUAGES } from '@caravan/contracts/languages';
import { describe, expect, it } from 'vitest';
import { isAmountUnreadable, normaliseAmount, numberSeparatorsOf } from './normalise-amount';

describe('normaliseAmount', () => {
  it('reads the French decimal comma and spaces of any width', () => {
    expect(normaliseAmount('12,50', 'fr')).toBe('12.50');
    expect(normaliseAmount('1 000', 'fr')).toBe('1000');
    expect(normaliseAmount('1\u00a0000,5', 'fr')).toBe('1000.5');
    expect(normaliseAmount('1\u202f234\u202f567,89', 'fr')).toBe('1234567.89');
    expect(normaliseAmount('12.50', 'fr')).toBe('12.50');
  });

  it('turns full-width digits and separators into ASCII', () => {
    expect(normaliseAmount('１００', 'ja')).toBe('100');
    expect(normaliseAmount('１，０００．５０', 'ja')).toBe('1000.50');
    expect(normaliseAmount('\u3000１２．５\u3000', 'ja')).toBe('12.5');
  });

  it('reads Arabic-Indic digits and the Arabic separators', () => {
    expect(normaliseAmount('١٢٣٫٥', 'ar')).toBe('123.5');
    expect(normaliseAmount('١٬٠٠٠', 'ar')).toBe('1000');
  });

  it('takes the separators of the language (German point groups, comma decimals)', () => {
    expect(numberSeparatorsOf('de')).toEqual({ decimal: ',', group: '.' });
    expect(numberSeparatorsOf('en')).toEqual({ decimal: '.', group: ',' });
    expect(normaliseAmount('1.000,50', 'de')).toBe('1000.50');
    expect(normaliseAmount('1.000.000', 'de')).toBe('1000000');
    expect(normaliseAmount('1.000', 'de', { isWhole: true })).toBe('1000');
    expect(normaliseAmount('12,5', 'de')).toBe('12.5');
    expect(normaliseAmount('1,234.50', 'en')).toBe('1234.50');
    expect(normaliseAmount('1,000', 'cn')).toBe('1000');
  });

  it('reads the form every page shows amounts in, in any language (copied from the page)', () => {
    for (const language of ['de', 'fr', 'es', 'ru', 'pt', 'tr', 'ar', 'en']) {
      expect(normaliseAmount('150,000.50', language), language).toBe('150000.50');
      expect(normaliseAmount('1,093.54', language), language).toBe('1093.54');
    }
    // Without decimals, the language's reading: a German "150,000" is 150 with three decimals, refused as such.
    expect(normaliseAmount('150,000', 'de')).toBe('150.000');
  });

  it('refuses one point before three digits where the point also groups thousands: 1234 or 1.234', () => {
    for (const language of ['de', 'es', 'it', 'pt', 'tr', 'id', 'el', 'vi']) {
      for (const typed of ['1.234', '12.345', '999.000']) {
        const amount = normaliseAmount(typed, language);
        expect(isAmountUnreadable(amount), `${typed} in ${language}`).toBe(true);
        expect(/^\d+(\.\d+)?$/.test(amount), `${typed} in ${language}`).toBe(false);
      }
      // Read the same way again (the field compares what was typed with its value), still refused.
      expect(normaliseAmount(normaliseAmount('1.234', language), language)).toBe(
        normaliseAmount('1.234', language),
      );
      // Not ambiguous: two decimals, a comma decimal, several groups.
      expect(normaliseAmount('12.50', language)).toBe('12.50');
      expect(normaliseAmount('1.234,5', language)).toBe('1234.5');
      expect(normaliseAmount('1.234.567', language)).toBe('1234567');
    }
    // Where the point is only a decimal mark, one reading.
    expect(normaliseAmount('1.234', 'en')).toBe('1.234');
    expect(normaliseAmount('1.234', 'fr')).toBe('1.234');
  });

  it('reads a whole amount without separators as itself in every language (a Spanish 100 was refused)', () => {
    for (const language of LANGUAGES) {
      for (const typed of ['1', '25', '100', '999', '1000', '123456']) {
        expect(normaliseAmount(typed, language), `${typed} in ${language}`).toBe(typed);
        expect(normaliseAmount(typed, language, { isWhole: true }), `${typed} in ${language}`).toBe(typed);
      }
    }
  });

  it('leaves an ambiguous text as it is, for the field check to refuse', () => {
    expect(normaliseAmount('12,50', 'en')).toBe('12,50');
    expect(normaliseAmount('1,2,3', 'en')).toBe('1,2,3');
    expect(normaliseAmount('1,5.000', 'en')).toBe('1,5.000');
    expect(normaliseAmount('1.2.3', 'fr')).toBe('1.2.3');
    expect(normaliseAmount('abc', 'fr')).toBe('abc');
    expect(normaliseAmount('', 'fr')).toBe('');
  });
});

describe('isAmountUnreadable', () => {
  it('flags what is still not a number after normalising, not an amount with too many decimals', () => {
    expect(isAmountUnreadable('12,50')).toBe(true);
    expect(isAmountUnreadable('1.2.3')).toBe(true);
    expect(isAmountUnreadable('abc')).toBe(true);
    expect(isAmountUnreadable('12.505')).toBe(false);
    expect(isAmountUnreadable('100')).toBe(false);
    expect(isAmountUnreadable('')).toBe(false);
    expect(isAmountUnreadable(undefined)).toBe(false);
  });
});

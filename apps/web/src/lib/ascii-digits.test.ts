import { describe, expect, it } from 'vitest';
import { asciiDigitsOf, toAsciiDigits } from './ascii-digits';

describe('toAsciiDigits', () => {
  it('turns the digits of Arabic, Persian, Hindi, Bengali and Thai keyboards and full-width ones into ASCII', () => {
    expect(toAsciiDigits('١٢٣٤٥٦')).toBe('123456');
    expect(toAsciiDigits('۷۸۹۰')).toBe('7890');
    expect(toAsciiDigits('४२')).toBe('42');
    expect(toAsciiDigits('৩১')).toBe('31');
    expect(toAsciiDigits('๕๖')).toBe('56');
    expect(toAsciiDigits('１２３')).toBe('123');
  });

  it('leaves other text for the field check: letters, signs, spaces', () => {
    expect(toAsciiDigits('SW1A 1AA')).toBe('SW1A 1AA');
    expect(toAsciiDigits('12-34')).toBe('12-34');
    expect(toAsciiDigits('')).toBe('');
  });

  it("as a form item's normalize, leaves what is not text alone", () => {
    expect(asciiDigitsOf('٠٥٠')).toBe('050');
    expect(asciiDigitsOf(undefined)).toBeUndefined();
    expect(asciiDigitsOf(12)).toBe(12);
  });
});

import { describe, expect, it } from 'vitest';
import { isolateDate, isolateLtr } from './bidi';

describe('isolateDate', () => {
  it('isolates a date left to right and leaves no place to break it: hyphens and spaces that do not break', () => {
    expect(isolateDate('2027-01-05')).toBe('\u20662027\u201101\u201105\u2069');
    expect(isolateDate('2027-01-05 09:30')).toBe('\u20662027\u201101\u201105\u00a009:30\u2069');
  });

  it('leaves isolateLtr as it was for values a reader copies (a tracking number keeps its own hyphen and space)', () => {
    expect(isolateLtr('1Z 999-AA1')).toBe('\u20661Z 999-AA1\u2069');
  });
});

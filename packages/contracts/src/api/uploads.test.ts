import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './uploads';

describe('formatMegabytes', () => {
  it("writes a size limit's unit as each language does, with Latin digits and at most one decimal", () => {
    expect(formatMegabytes(10 * 1024 * 1024, 'en')).toBe('10 MB');
    expect(formatMegabytes(2 * 1024 * 1024, 'fr')).toMatch(/^2\s?Mo$/);
    expect(formatMegabytes(2 * 1024 * 1024, 'ar')).toMatch(/^2\s?م\.ب$/u);
    expect(formatMegabytes(100 * 1024, 'en')).toBe('0.1 MB');
  });
});

import { describe, expect, it } from 'vitest';
import { formatAmount } from './money-text';

describe('formatAmount', () => {
  it('keeps every digit, with at least two decimals, unless told to round', () => {
    expect(formatAmount('12.5')).toBe('12.50');
    expect(formatAmount('0.0000000001')).toBe('0.0000000001');
    expect(formatAmount(125_000_000_000n)).toBe('12.50');
    expect(formatAmount('-3')).toBe('-3.00');
  });

  it('rounds half up to the asked decimals (loan figures)', () => {
    expect(formatAmount('12.345', 2)).toBe('12.35');
    expect(formatAmount('12.344', 2)).toBe('12.34');
    expect(formatAmount('7', 2)).toBe('7.00');
  });

  it('shows -- for a missing or malformed amount', () => {
    expect(formatAmount(null)).toBe('--');
    expect(formatAmount(undefined)).toBe('--');
    expect(formatAmount('')).toBe('--');
    expect(formatAmount('1e5')).toBe('--');
  });
});

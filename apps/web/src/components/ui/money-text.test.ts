import { describe, expect, it } from 'vitest';
import { formatUsdt } from '../../lib/format-money';
import { formatAmount, formatAmountInput } from './money-text';

describe('formatAmount', () => {
  it('keeps every digit, with at least two decimals, unless told to round', () => {
    expect(formatAmount('12.5')).toBe('12.50');
    expect(formatAmount('0.0000000001')).toBe('0.0000000001');
    expect(formatAmount(125_000_000_000n)).toBe('12.50');
    expect(formatAmount('-3')).toBe('-3.00');
  });

  it('groups thousands so large amounts can be read at a glance', () => {
    expect(formatAmount('30000000')).toBe('30,000,000.00');
    expect(formatAmount('-1234.5')).toBe('-1,234.50');
    expect(formatAmount('999.999')).toBe('999.999');
    expect(formatAmount('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatUsdt('25000')).toBe('25,000.00 USDT');
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

describe('formatAmountInput', () => {
  it('gives a form field the plain amount it can validate and send back, never grouped', () => {
    expect(formatAmountInput('30000000')).toBe('30000000.00');
    expect(formatAmountInput('1.5')).toBe('1.50');
    expect(formatAmountInput(null)).toBe('');
    expect(formatAmountInput('1e5')).toBe('');
  });
});

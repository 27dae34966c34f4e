import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('isolates the date left to right so an Arabic page keeps year-month-day order', () => {
    const text = formatDateTime('2026-11-25T11:24:58Z');
    expect(text.startsWith('\u2066')).toBe(true);
    expect(text.endsWith('\u2069')).toBe(true);
    expect(text.slice(1, -1)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(formatDateTime(null)).toBe('--');
  });
});

import { describe, expect, it } from 'vitest';
import { DAY_AXIS } from './day-axis';

describe("a dashboard chart's day axis", () => {
  it('labels a day by month and day, and thins the labels evenly rather than dropping one', () => {
    expect(DAY_AXIS.tickFormatter('2026-12-03')).toBe('12-03');
    expect(DAY_AXIS.interval).toBe('equidistantPreserveStart');
  });
});

/**
 * The loans' clock. Loan days, accrual and overdue are computed from `loanClock.now()`, never from
 * `new Date()` directly, so tests move time instead of waiting for it. Moving it is possible only when the
 * server started with TEST_CLOCK=true, which the configuration refuses when NODE_ENV=production.
 */
let offsetMs = 0;
let isMovable = false;

export const loanClock = {
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
};

export function enableTestClock(): void {
  isMovable = true;
}

export function isTestClockEnabled(): boolean {
  return isMovable;
}

/** Moves the clock forward by whole days (test mode only). */
export function advanceTestClock(days: number): Date {
  if (!isMovable) {
    throw new Error('the loan clock can be moved only in test mode (TEST_CLOCK=true)');
  }
  offsetMs += days * 86_400_000;
  return loanClock.now();
}

const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant, as YYYY-MM-DD. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** Whole days from the UTC date `from` (YYYY-MM-DD) to the UTC date of `instant`. */
export function daysSince(from: string, instant: Date): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const today = Date.parse(`${utcDate(instant)}T00:00:00Z`);
  return Math.round((today - start) / DAY_MS);
}

/** The UTC date `days` after `from`, as YYYY-MM-DD. */
export function addDays(from: string, days: number): string {
  return new Date(Date.parse(`${from}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

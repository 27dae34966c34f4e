import { testClockOf } from '../ops';

/**
 * The loans' clock is the server's clock for timed work (ops: testClockOf), which the orders' timed work reads too:
 * a moved test clock moves loans and orders together. Loan days, accrual and overdue are computed from
 * `loanClockOf(db).now()`, never from `new Date()` directly.
 */
export const loanClockOf = testClockOf;

export const DAY_MS = 86_400_000;

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

import type { Database } from '../../db/client';

/**
 * The loans' clock. Loan days, accrual and overdue are computed from `loanClockOf(db).now()`, never from
 * `new Date()` directly, so tests move time instead of waiting for it. Moving it is possible only when the
 * server started with TEST_CLOCK=true, which the configuration refuses when NODE_ENV=production.
 * One clock per database handle (the app's `deps.db`): a server has one; test files that share a process
 * (vitest's isolate: false) each have their own database and so never see another file's moved clock.
 */
export type TLoanClock = {
  now(): Date;
  /** TEST_CLOCK=true: the app's test route may move it. */
  enableMoving(): void;
  /** Moves the clock forward by whole days (test mode only). */
  advance(days: number): Date;
};

function newLoanClock(): TLoanClock {
  let offsetMs = 0;
  let isMovable = false;
  const clock: TLoanClock = {
    now: () => new Date(Date.now() + offsetMs),
    enableMoving: () => {
      isMovable = true;
    },
    advance: (days) => {
      if (!isMovable) {
        throw new Error('the loan clock can be moved only in test mode (TEST_CLOCK=true)');
      }
      offsetMs += days * 86_400_000;
      return clock.now();
    },
  };
  return clock;
}

const clocks = new WeakMap<Database, TLoanClock>();

export function loanClockOf(db: Database): TLoanClock {
  let clock = clocks.get(db);
  if (!clock) {
    clock = newLoanClock();
    clocks.set(db, clock);
  }
  return clock;
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

import type { Database } from '../../db/client';

/**
 * The server's clock for timed work: loan days, accrual and overdue, and the orders' timed work (auto-receive,
 * default review, settlement by days) take `testClockOf(db).now()`, never `new Date()` directly, so tests and a QA
 * server move time instead of waiting for it. Unmoved it is the real time; moving it is possible only when the
 * server started with TEST_CLOCK=true, which the configuration refuses when NODE_ENV=production.
 * One clock per database handle (the app's `deps.db`): a server has one; test files that share a process
 * (vitest's isolate: false) each have their own database and so never see another file's moved clock.
 */
export type TTestClock = {
  now(): Date;
  /** TEST_CLOCK=true: the app's test route may move it. */
  enableMoving(): void;
  /** Moves the clock forward by whole days (test mode only). */
  advance(days: number): Date;
};

function newTestClock(): TTestClock {
  let offsetMs = 0;
  let isMovable = false;
  const clock: TTestClock = {
    now: () => new Date(Date.now() + offsetMs),
    enableMoving: () => {
      isMovable = true;
    },
    advance: (days) => {
      if (!isMovable) {
        throw new Error('the clock can be moved only in test mode (TEST_CLOCK=true)');
      }
      offsetMs += days * 86_400_000;
      return clock.now();
    },
  };
  return clock;
}

const clocks = new WeakMap<Database, TTestClock>();

export function testClockOf(db: Database): TTestClock {
  let clock = clocks.get(db);
  if (!clock) {
    clock = newTestClock();
    clocks.set(db, clock);
  }
  return clock;
}

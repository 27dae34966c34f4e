import { LOCKOUT_DAILY_MAX, LOCKOUT_STREAK, type TErrorCode } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import { checkLockout, recordFailure, type TLockoutState, type TLockoutVerdict } from './lockout';

/** The three sets of wrong-password counters: buyer/seller log-in, transaction password, staff log-in. */
export type TCounterKind = 'userLogin' | 'userTx' | 'staffLogin';

const COUNTERS: Record<TCounterKind, { table: string; prefix: string }> = {
  userLogin: { table: 'users', prefix: 'login' },
  userTx: { table: 'users', prefix: 'tx' },
  staffLogin: { table: 'staff', prefix: 'login' },
};

const LOCK_ERRORS: Record<TCounterKind, { minutes: TErrorCode; today: TErrorCode }> = {
  userLogin: { minutes: 'LOGIN_LOCKED_MINUTES', today: 'LOGIN_LOCKED_TODAY' },
  staffLogin: { minutes: 'LOGIN_LOCKED_MINUTES', today: 'LOGIN_LOCKED_TODAY' },
  userTx: { minutes: 'TX_PASSWORD_LOCKED_MINUTES', today: 'TX_PASSWORD_LOCKED_TODAY' },
};

function columns(kind: TCounterKind) {
  const { table, prefix } = COUNTERS[kind];
  return {
    table: sql.raw(`"${table}"`),
    streak: sql.raw(`"${prefix}_fail_streak"`),
    day: sql.raw(`"${prefix}_fail_day"`),
    dayCount: sql.raw(`"${prefix}_fail_day_count"`),
    lockedUntil: sql.raw(`"${prefix}_locked_until"`),
  };
}

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) {
    return null;
  }
  return value instanceof Date ? value : new Date(String(value));
}

/** Throws the lock error if the counters refuse any attempt now, before a password is compared. */
export function assertNotLocked(kind: TCounterKind, state: TLockoutState, now: Date) {
  const verdict = checkLockout(state, now);
  if (verdict !== 'open') {
    throw lockError(kind, verdict);
  }
}

function lockError(kind: TCounterKind, verdict: Exclude<TLockoutVerdict, 'open'>): AppError {
  return new AppError(verdict === 'locked-today' ? LOCK_ERRORS[kind].today : LOCK_ERRORS[kind].minutes);
}

/**
 * Counts one wrong password in its own short transaction under a row lock, so concurrent wrong
 * attempts all count, and returns the error to answer with. Must be given the root database (not a
 * caller's transaction) so the count survives the failed request.
 */
export async function countFailure(
  db: Database,
  kind: TCounterKind,
  id: bigint,
  wrongCode: TErrorCode,
  now = new Date(),
): Promise<AppError> {
  const c = columns(kind);
  const result = await db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select ${c.streak} as streak, ${c.day} as day, ${c.dayCount} as day_count, ${c.lockedUntil} as locked_until
          from ${c.table} where id = ${String(id)} for update`,
    );
    const row = locked.rows[0] as
      | { streak: number; day: string | null; day_count: number; locked_until: unknown }
      | undefined;
    if (!row) {
      return undefined;
    }
    const current: TLockoutState = {
      failStreak: Number(row.streak),
      failDay: row.day,
      failDayCount: Number(row.day_count),
      lockedUntil: toDate(row.locked_until),
    };
    // Another request may have locked the account while this one compared the password.
    const before = checkLockout(current, now);
    if (before !== 'open') {
      return { verdict: before, state: current };
    }
    const next = recordFailure(current, now);
    await tx.execute(
      sql`update ${c.table} set ${c.streak} = ${next.state.failStreak}, ${c.day} = ${next.state.failDay},
          ${c.dayCount} = ${next.state.failDayCount},
          ${c.lockedUntil} = ${next.state.lockedUntil ? next.state.lockedUntil.toISOString() : null}::timestamptz
          where id = ${String(id)}`,
    );
    return next;
  });
  if (!result) {
    return new AppError(wrongCode);
  }
  if (result.verdict !== 'open') {
    return lockError(kind, result.verdict);
  }
  const remainingAttempts = Math.max(
    0,
    Math.min(LOCKOUT_STREAK - result.state.failStreak, LOCKOUT_DAILY_MAX + 1 - result.state.failDayCount),
  );
  return new AppError(wrongCode, { remainingAttempts });
}

/** A right password ends the streak (the day's count stays). Writes only when there is something to clear. */
export async function resetStreak(db: Executor, kind: TCounterKind, id: bigint) {
  const c = columns(kind);
  await db.execute(
    sql`update ${c.table} set ${c.streak} = 0, ${c.lockedUntil} = null
        where id = ${String(id)} and (${c.streak} <> 0 or ${c.lockedUntil} is not null)`,
  );
}

/** Lifts every lock (staff "enable" action): streak, lock time and the day's count. */
export async function clearLockout(db: Executor, kind: TCounterKind, id: bigint) {
  const c = columns(kind);
  await db.execute(
    sql`update ${c.table} set ${c.streak} = 0, ${c.lockedUntil} = null, ${c.dayCount} = 0, ${c.day} = null
        where id = ${String(id)}`,
  );
}

import { LOCKOUT_DAILY_MAX, LOCKOUT_MINUTES, LOCKOUT_STREAK } from '@caravan/contracts';

/** Wrong-password counters of one account (login or transaction password). */
export type TLockoutState = {
  failStreak: number;
  failDay: string | null;
  failDayCount: number;
  lockedUntil: Date | null;
};

export type TLockoutVerdict = 'open' | 'locked-minutes' | 'locked-today';

/** Days are counted in UTC so every instance agrees on when "tomorrow" starts. */
export function dayKey(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function startOfNextDay(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return next;
}

/** Whether an attempt may be checked at all, before the password is compared. */
export function checkLockout(state: TLockoutState, now: Date): TLockoutVerdict {
  if (state.failDay === dayKey(now) && state.failDayCount > LOCKOUT_DAILY_MAX) {
    return 'locked-today';
  }
  if (state.lockedUntil && state.lockedUntil.getTime() > now.getTime()) {
    return 'locked-minutes';
  }
  return 'open';
}

/**
 * Counts one wrong password. Three in a row lock the account for three minutes; more than ten in one
 * day lock it until the next day. Returns the new state and the verdict to report for this attempt.
 */
export function recordFailure(
  state: TLockoutState,
  now: Date,
): { state: TLockoutState; verdict: TLockoutVerdict } {
  const today = dayKey(now);
  const failDayCount = state.failDay === today ? state.failDayCount + 1 : 1;
  // A lock ends its streak (failStreak is set to 0 with it), so a served lock needs no special case.
  const failStreak = state.failStreak + 1;
  if (failDayCount > LOCKOUT_DAILY_MAX) {
    return {
      state: { failStreak: 0, failDay: today, failDayCount, lockedUntil: startOfNextDay(now) },
      verdict: 'locked-today',
    };
  }
  if (failStreak >= LOCKOUT_STREAK) {
    return {
      state: {
        failStreak: 0,
        failDay: today,
        failDayCount,
        lockedUntil: new Date(now.getTime() + LOCKOUT_MINUTES * 60_000),
      },
      verdict: 'locked-minutes',
    };
  }
  // Failures are only recorded while no lock is active, so any stored lock time is in the past.
  return { state: { failStreak, failDay: today, failDayCount, lockedUntil: null }, verdict: 'open' };
}

export function clearedLockout(state: TLockoutState): TLockoutState {
  return { ...state, failStreak: 0, lockedUntil: null };
}

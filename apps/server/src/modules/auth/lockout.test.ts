import { describe, expect, it } from 'vitest';
import { checkLockout, clearedLockout, dayKey, recordFailure, type TLockoutState } from './lockout';

const fresh: TLockoutState = { failStreak: 0, failDay: null, failDayCount: 0, lockedUntil: null };
const t0 = new Date('2026-11-22T10:00:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

function failMany(state: TLockoutState, count: number, at: Date) {
  let current = state;
  let verdict = 'open';
  for (let i = 0; i < count; i++) {
    const result = recordFailure(current, at);
    current = result.state;
    verdict = result.verdict;
  }
  return { state: current, verdict };
}

describe('lockout rules (SPEC §9)', () => {
  it('keys days in UTC', () => {
    expect(dayKey(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
    expect(dayKey(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });

  it('locks for exactly three minutes on the third wrong entry in a row', () => {
    const two = failMany(fresh, 2, t0);
    expect(two.verdict).toBe('open');
    expect(two.state.failStreak).toBe(2);
    const three = recordFailure(two.state, t0);
    expect(three.verdict).toBe('locked-minutes');
    expect(three.state.lockedUntil).toEqual(minutes(3));
    expect(checkLockout(three.state, minutes(2.99))).toBe('locked-minutes');
    expect(checkLockout(three.state, minutes(3))).toBe('open');
  });

  it('starts a new streak after a served lock', () => {
    const locked = failMany(fresh, 3, t0).state;
    const after = recordFailure(locked, minutes(4));
    expect(after.verdict).toBe('open');
    expect(after.state.failStreak).toBe(1);
    expect(after.state.failDayCount).toBe(4);
    expect(after.state.lockedUntil).toBeNull();
    const second = recordFailure(recordFailure(after.state, minutes(4)).state, minutes(4));
    expect(second.verdict).toBe('locked-minutes');
    expect(second.state.lockedUntil).toEqual(minutes(7));
  });

  it('locks until the next UTC day after more than ten wrong entries in a day', () => {
    let state = fresh;
    let at = t0;
    for (let i = 1; i <= 10; i++) {
      const result = recordFailure(state, at);
      state = result.state;
      expect(result.verdict).not.toBe('locked-today');
      at = minutes(i * 4);
    }
    expect(state.failDayCount).toBe(10);
    const eleventh = recordFailure(state, at);
    expect(eleventh.verdict).toBe('locked-today');
    expect(eleventh.state.lockedUntil).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(checkLockout(eleventh.state, new Date('2026-11-22T23:59:00Z'))).toBe('locked-today');
    expect(checkLockout(eleventh.state, new Date('2026-11-23T00:00:00Z'))).toBe('open');
  });

  it('counts a new day from one', () => {
    const yesterday = failMany(fresh, 2, new Date('2026-11-21T23:59:00Z')).state;
    const today = recordFailure(yesterday, t0);
    expect(today.state.failDayCount).toBe(1);
    expect(today.state.failDay).toBe('2026-11-22');
  });

  it('a success clears the streak and the lock but keeps the day count', () => {
    const state = failMany(fresh, 2, t0).state;
    expect(clearedLockout(state)).toEqual({ ...state, failStreak: 0, lockedUntil: null });
  });
});

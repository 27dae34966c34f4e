import { createHash } from 'node:crypto';
import { LOCKOUT_DAILY_MAX, LOCKOUT_MINUTES, LOCKOUT_STREAK } from '@caravan/contracts';
import { AppError } from '../../http/app-error';
import type { TCounterStore } from '../ops';
import { redeemChallenge, type TChallengeAnswer } from './challenge';
import { dayKey } from './lockout';

/**
 * Log-in abuse limits (issue 10 defect 5), kept in the shared counters (Redis with REDIS_URL) so every
 * server process sees the same numbers. Everything is keyed by the account NAME typed, whether or not
 * such an account exists, so the answers never tell the two apart. docs/decisions.md has the reasoning.
 *
 * - By account, from any source: after ACCOUNT_CHALLENGE_AFTER failures in ACCOUNT_WINDOW_MS every
 *   attempt needs a solved human check (challenge.ts). The account itself is never locked, so a
 *   stranger cannot lock its owner (or the only administrator) out.
 * - By source (IP), over all accounts: after SOURCE_CHALLENGE_AFTER failures a human check, after
 *   SOURCE_MAX_FAILURES failures in SOURCE_WINDOW_MS no more attempts until the window ends.
 * - By account AND source, SPEC §9's rules: three wrong in a row, wait three minutes; more than ten in
 *   a day, wait until the next (UTC) day. They bind the source that made the mistakes, not the account.
 */
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
// Before the third wrong password of SPEC §9: a mistyping owner sees the slider before any pause.
export const ACCOUNT_CHALLENGE_AFTER = LOCKOUT_STREAK - 1;
export const SOURCE_WINDOW_MS = 15 * 60_000;
export const SOURCE_CHALLENGE_AFTER = 10;
export const SOURCE_MAX_FAILURES = 50;

export type TLoginAudience = 'buyer' | 'seller' | 'staff';

export type TLoginAttempt = {
  counters: TCounterStore;
  /** Staff and user accounts are separate name spaces; buyers and sellers share the user accounts. */
  audience: TLoginAudience;
  /** The account as typed, normalised by the caller (lower-cased name, e-mail, `areaCode phone`). */
  account: string;
  ip: string;
  challenge?: TChallengeAnswer | undefined;
};

function hashed(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

/**
 * Staff lifting a user's log-in limits (Admin -> Users) move the account to a new epoch: every key below
 * carries it, so the earlier counts, pauses and day locks of every source are left behind at once. Kept far
 * longer than any lock, so an epoch never falls back to one whose keys still live.
 */
const EPOCH_TTL_MS = 400 * 86_400_000;

function accountHashOf(audience: TLoginAudience, account: string): string {
  return hashed(`${audience === 'staff' ? 'staff' : 'user'}:${account}`);
}

function epochKeyOf(accountHash: string): string {
  return `login:epoch:${accountHash}`;
}

/** The counter keys of one attempt in an epoch (exported for tests that move time on). */
export function keysOf(attempt: TLoginAttempt, now: Date, epoch = 0) {
  const hash = accountHashOf(attempt.audience, attempt.account);
  const account = epoch === 0 ? hash : `${hash}.${epoch}`;
  const source = hashed(attempt.ip);
  return {
    account: `login:acct:${account}`,
    source: `login:src:${source}`,
    streak: `login:streak:${account}:${source}`,
    pause: `login:pause:${account}:${source}`,
    day: `login:day:${account}:${source}:${dayKey(now)}`,
    dayLock: `login:daylock:${account}:${source}:${dayKey(now)}`,
    /** Whether any source is paused or locked on this account, and until when: what staff see. */
    locked: `login:locked:${account}`,
  };
}

async function currentKeys(attempt: TLoginAttempt, now: Date) {
  const epoch = await attempt.counters.peek(epochKeyOf(accountHashOf(attempt.audience, attempt.account)));
  return keysOf(attempt, now, epoch);
}

function msToNextDay(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();
}

/** Whether the next attempt on this account from this source needs the human check. */
export async function needsChallenge(attempt: TLoginAttempt, now = new Date()): Promise<boolean> {
  const keys = await currentKeys(attempt, now);
  const [onAccount, fromSource] = await Promise.all([
    attempt.counters.peek(keys.account),
    attempt.counters.peek(keys.source),
  ]);
  return onAccount >= ACCOUNT_CHALLENGE_AFTER || fromSource >= SOURCE_CHALLENGE_AFTER;
}

/**
 * Before the password is compared: refuses a source that is paused or over its limit, and asks for (and
 * uses up) the human check when the failures call for it.
 */
export async function admitLoginAttempt(attempt: TLoginAttempt, now = new Date()): Promise<void> {
  const keys = await currentKeys(attempt, now);
  const { counters } = attempt;
  if ((await counters.peek(keys.source)) >= SOURCE_MAX_FAILURES) {
    throw new AppError('TOO_FREQUENT');
  }
  if ((await counters.peek(keys.dayLock)) > 0) {
    throw new AppError('LOGIN_LOCKED_TODAY');
  }
  if ((await counters.peek(keys.pause)) > 0) {
    throw new AppError('LOGIN_LOCKED_MINUTES');
  }
  if (await needsChallenge(attempt, now)) {
    if (!attempt.challenge) {
      throw new AppError('CHALLENGE_REQUIRED', { challengeRequired: true });
    }
    if (!(await redeemChallenge(counters, attempt.challenge))) {
      throw new AppError('CHALLENGE_FAILED', { challengeRequired: true });
    }
  }
}

/** Counts a failed attempt (unknown account or wrong password alike) and returns the error to answer. */
export async function recordLoginFailure(attempt: TLoginAttempt, now = new Date()): Promise<AppError> {
  const keys = await currentKeys(attempt, now);
  const { counters } = attempt;
  const [, , streak, day] = await Promise.all([
    counters.hit(keys.account, ACCOUNT_WINDOW_MS),
    counters.hit(keys.source, SOURCE_WINDOW_MS),
    counters.hit(keys.streak, ACCOUNT_WINDOW_MS),
    counters.hit(keys.day, msToNextDay(now)),
  ]);
  if (day > LOCKOUT_DAILY_MAX) {
    await counters.claim(keys.dayLock, msToNextDay(now));
    // The day lock outlasts any pause the marker may hold.
    await counters.remove(keys.locked);
    await counters.claim(keys.locked, msToNextDay(now));
    return new AppError('LOGIN_LOCKED_TODAY');
  }
  if (streak >= LOCKOUT_STREAK) {
    await counters.remove(keys.streak);
    await counters.claim(keys.pause, LOCKOUT_MINUTES * 60_000);
    await counters.claim(keys.locked, LOCKOUT_MINUTES * 60_000);
    return new AppError('LOGIN_LOCKED_MINUTES');
  }
  return new AppError('LOGIN_FAILED', {
    remainingAttempts: LOCKOUT_STREAK - streak,
    challengeRequired: await needsChallenge(attempt, now),
  });
}

/** A right password ends the streak of this source on this account and the account's failure count. */
export async function recordLoginSuccess(attempt: TLoginAttempt, now = new Date()): Promise<void> {
  const keys = await currentKeys(attempt, now);
  await Promise.all([attempt.counters.remove(keys.streak), attempt.counters.remove(keys.account)]);
}

type TAccountNames = { counters: TCounterStore; audience: TLoginAudience; accounts: string[] };

/**
 * Until when some source is paused or locked out of an account under any of its names (the names as
 * `TLoginAttempt.account` spells them), or null.
 */
export async function loginLockOf({ counters, audience, accounts }: TAccountNames): Promise<Date | null> {
  const now = new Date();
  const ends = await Promise.all(
    accounts.map(async (account) => {
      const keys = await currentKeys({ counters, audience, account, ip: '' }, now);
      return counters.expiresAt(keys.locked);
    }),
  );
  const latest = Math.max(...ends.map((end) => end ?? 0));
  return latest > 0 ? new Date(latest) : null;
}

/** Staff lift an account's log-in limits under every name: its counts, pauses and day locks from every source. */
export async function liftLoginLimits({ counters, accounts, audience }: TAccountNames): Promise<void> {
  await Promise.all(
    accounts.map((account) => counters.hit(epochKeyOf(accountHashOf(audience, account)), EPOCH_TTL_MS)),
  );
}

import type { TErrorCode, TLoginRequest } from '@caravan/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { type TSessionAudience, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { TCounterStore } from '../ops';
import { canonicalMobile } from '../verification-codes';
import type { TChallengeAnswer } from './challenge';
import { assertNotLocked, countFailure, resetStreak } from './lockout-store';
import {
  admitLoginAttempt,
  liftLoginLimits,
  loginLockOf,
  recordLoginFailure,
  recordLoginSuccess,
} from './login-guard';
import { standInHash, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { findUserStore, type TUserRow } from './user-info';

type TLoginInput = Pick<TLoginRequest, 'accountType' | 'account' | 'areaCode' | 'password'>;

export async function findUserByAccount(
  db: Executor,
  input: Pick<TLoginInput, 'accountType' | 'account' | 'areaCode'>,
): Promise<TUserRow | undefined> {
  const account = input.account.trim();
  const where =
    input.accountType === 'username'
      ? sql`lower(${users.username}) = lower(${account})`
      : input.accountType === 'email'
        ? eq(users.email, account.toLowerCase())
        : mobileMatches(input.areaCode ?? '', account);
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
}

/**
 * The rows holding a mobile number: its one spelling (canonicalMobile), or the digits as typed, which is how numbers
 * registered before that spelling were stored (docs/decisions.md: no migration rewrites them).
 */
export function mobileMatches(areaCode: string, phone: string) {
  const canonical = canonicalMobile(areaCode, phone);
  const typed = phone.trim();
  return and(
    eq(users.areaCode, canonical.areaCode),
    canonical.phone === typed ? eq(users.phone, typed) : inArray(users.phone, [canonical.phone, typed]),
  );
}

function loginState(user: TUserRow) {
  return {
    failStreak: user.loginFailStreak,
    failDay: user.loginFailDay,
    failDayCount: user.loginFailDayCount,
    lockedUntil: user.loginLockedUntil,
  };
}

/**
 * Checks a user's log-in password with the lockout rules of SPEC §9: a locked account is refused
 * before the password is compared; a wrong password is counted (atomically) and answered with
 * `wrongCode` and the remaining attempts, or with the lock it caused.
 */
export async function checkUserPassword(
  db: Database,
  user: TUserRow,
  plain: string,
  wrongCode: TErrorCode = 'WRONG_PASSWORD',
) {
  const now = new Date();
  assertNotLocked('userLogin', loginState(user), now);
  if (!(await verifyPassword(user.passwordHash, plain))) {
    throw await countFailure(db, 'userLogin', user.id, wrongCode, now);
  }
  await resetStreak(db, 'userLogin', user.id);
}

/** The account as typed, in one spelling: what the log-in limits count by (login-guard.ts). */
export function normalisedAccount(input: Pick<TLoginInput, 'accountType' | 'account' | 'areaCode'>): string {
  const account = input.account.trim().toLowerCase();
  if (input.accountType !== 'mobile') {
    return `${input.accountType}:${account}`;
  }
  // "07911..." and "7911..." are one phone: one count, not a second allowance of wrong passwords.
  const mobile = canonicalMobile(input.areaCode ?? '', account);
  return `${mobile.areaCode} ${mobile.phone}`;
}

/** Every name a user can log in with, spelt as the log-in limits count them. */
function loginNamesOf(user: Pick<TUserRow, 'username' | 'email' | 'areaCode' | 'phone'>): string[] {
  const names: string[] = [];
  if (user.username) {
    names.push(normalisedAccount({ accountType: 'username', account: user.username }));
  }
  if (user.email) {
    names.push(normalisedAccount({ accountType: 'email', account: user.email }));
  }
  if (user.phone) {
    names.push(
      normalisedAccount({ accountType: 'mobile', account: user.phone, areaCode: user.areaCode ?? '' }),
    );
  }
  return names;
}

type TUserNames = Pick<TUserRow, 'username' | 'email' | 'areaCode' | 'phone'>;

/** Until when some source may not log in to this user (buyer or seller panel) after wrong passwords. */
export function userLoginLockOf(counters: TCounterStore, user: TUserNames): Promise<Date | null> {
  return loginLockOf({ counters, audience: 'buyer', accounts: loginNamesOf(user) });
}

/** Staff lift a user's log-in limits (every name, every source). */
export function liftUserLoginLimits(counters: TCounterStore, user: TUserNames): Promise<void> {
  return liftLoginLimits({ counters, audience: 'buyer', accounts: loginNamesOf(user) });
}

/** What the log-in limits need besides the request body: the shared counters, the source, the human check. */
export type TLoginGuard = { counters: TCounterStore; challenge?: TChallengeAnswer | undefined };

/**
 * Buyer and seller log-in: the log-in limits first (login-guard.ts), then the account and its password,
 * then its status, then a session. An unknown account and a wrong password give the same answer
 * (LOGIN_FAILED) after the same work: a password is always compared, against a stand-in hash when there
 * is no such account. Whether an account is disabled is said only to someone who knows its password.
 */
export async function loginUser(
  db: Database,
  input: TLoginInput & { audience: Exclude<TSessionAudience, 'staff'> },
  session: { ttlHours: number; ip?: string; userAgent?: string },
  guard: TLoginGuard,
): Promise<{ token: string; expiresAt: Date; user: TUserRow; storeId: bigint | null }> {
  const attempt = {
    counters: guard.counters,
    audience: input.audience,
    account: normalisedAccount(input),
    ip: session.ip ?? 'unknown',
    challenge: guard.challenge,
  };
  await admitLoginAttempt(attempt);
  const user = await findUserByAccount(db, input);
  const isRight = await verifyPassword(user?.passwordHash ?? (await standInHash()), input.password);
  if (!user || !isRight) {
    throw await recordLoginFailure(attempt);
  }
  await recordLoginSuccess(attempt);
  if (user.status === 'cancelled') {
    throw new AppError('ACCOUNT_CANCELLED');
  }
  if (user.status !== 'active') {
    throw new AppError('USER_DISABLED');
  }
  const store = await findUserStore(db, user.id);
  if (input.audience === 'seller' && !store) {
    throw new AppError('NOT_A_SELLER');
  }
  const { token, expiresAt } = await createSession(db, {
    audience: input.audience,
    userId: user.id,
    ttlHours: session.ttlHours,
    ...(session.ip ? { ip: session.ip } : {}),
    ...(session.userAgent ? { userAgent: session.userAgent } : {}),
  });
  return { token, expiresAt, user, storeId: store?.id ?? null };
}

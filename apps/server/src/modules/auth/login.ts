import type { TErrorCode, TLoginRequest } from '@caravan/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { type TSessionAudience, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { assertNotLocked, countFailure, resetStreak } from './lockout-store';
import { verifyPassword } from './passwords';
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
        : and(eq(users.areaCode, input.areaCode ?? ''), eq(users.phone, account));
  const [user] = await db.select().from(users).where(where).limit(1);
  return user;
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

/** Buyer and seller log-in: finds the account, checks status and password, opens a session. */
export async function loginUser(
  db: Database,
  input: TLoginInput & { audience: Exclude<TSessionAudience, 'staff'> },
  session: { ttlHours: number; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date; user: TUserRow; storeId: bigint | null }> {
  const user = await findUserByAccount(db, input);
  if (!user) {
    throw new AppError('USER_NOT_FOUND');
  }
  if (user.status !== 'active') {
    throw new AppError('USER_DISABLED');
  }
  await checkUserPassword(db, user, input.password);
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

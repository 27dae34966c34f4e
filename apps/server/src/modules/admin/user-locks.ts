import type { Executor } from '../../db/client';
import type { users } from '../../db/schema';
import { clearLockout, liftUserLoginLimits, userLoginLockOf } from '../auth';
import type { TCounterStore } from '../ops';

type TUserLoginRow = Pick<
  typeof users.$inferSelect,
  'username' | 'email' | 'areaCode' | 'phone' | 'loginLockedUntil'
>;

/**
 * The later of the two log-in locks: the log-in page's (by source, in the shared counters) and the one
 * confirming the password for account changes (on the user's row).
 */
export async function loginLockedUntil(counters: TCounterStore, user: TUserLoginRow): Promise<Date | null> {
  const fromLogIn = await userLoginLockOf(counters, user);
  const fromRow = user.loginLockedUntil && user.loginLockedUntil > new Date() ? user.loginLockedUntil : null;
  const latest = Math.max(fromLogIn?.getTime() ?? 0, fromRow?.getTime() ?? 0);
  return latest > 0 ? new Date(latest) : null;
}

/** Lifts every log-in lock of a user (both kinds above) and the transaction-password lock if asked. */
export async function liftUserLocks(
  tx: Executor,
  counters: TCounterStore,
  user: TUserLoginRow & { id: bigint },
  locks: { login: boolean; txPassword: boolean },
) {
  if (locks.login) {
    await clearLockout(tx, 'userLogin', user.id);
    await liftUserLoginLimits(counters, user);
  }
  if (locks.txPassword) {
    await clearLockout(tx, 'userTx', user.id);
  }
}

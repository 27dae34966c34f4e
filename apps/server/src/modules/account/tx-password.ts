import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { assertNotLocked, countFailure, resetStreak, verifyPassword } from '../auth';

/**
 * Checks a buyer's 6-digit transaction password with the lockout rules of SPEC §9 (3 wrong in a row:
 * 3 minutes; more than 10 in a UTC day: until tomorrow). Throws TX_PASSWORD_NOT_SET,
 * TX_PASSWORD_WRONG { remainingAttempts }, TX_PASSWORD_LOCKED_MINUTES or TX_PASSWORD_LOCKED_TODAY.
 *
 * How to call it (wallet, orders, loans): pass the ROOT database `app.deps.db`, never a transaction,
 * and call it BEFORE opening the transaction that moves money:
 *
 *   await verifyTxPassword(app.deps.db, userId, body.txPassword);
 *   await db.transaction(async (tx) => { ...postings... });
 *
 * A wrong password is counted in its own short committed transaction, so the count survives even
 * though the caller's action then fails; a failure inside the caller's transaction would be rolled
 * back with it (and on PGlite a nested use of the root database would wait forever).
 */
export async function verifyTxPassword(db: Database, userId: bigint, plain: string): Promise<void> {
  const [user] = await db
    .select({
      id: users.id,
      txPasswordHash: users.txPasswordHash,
      failStreak: users.txFailStreak,
      failDay: users.txFailDay,
      failDayCount: users.txFailDayCount,
      lockedUntil: users.txLockedUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) {
    throw new AppError('USER_NOT_FOUND');
  }
  if (!user.txPasswordHash) {
    throw new AppError('TX_PASSWORD_NOT_SET');
  }
  const now = new Date();
  assertNotLocked('userTx', user, now);
  if (!(await verifyPassword(user.txPasswordHash, plain))) {
    throw await countFailure(db, 'userTx', user.id, 'TX_PASSWORD_WRONG', now);
  }
  await resetStreak(db, 'userTx', user.id);
}

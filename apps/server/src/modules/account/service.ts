import type {
  TErrorCode,
  TLanguage,
  ZCancelAccountRequest,
  ZChangePasswordRequest,
  ZChangeTxPasswordRequest,
  ZChangeUsernameRequest,
  ZSetTxPasswordRequest,
} from '@caravan/contracts';
import { OPEN_LOAN_STATUSES } from '@caravan/contracts';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { loans, merchantApplications, orders, sessions, stores, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  assertUsernameNotHeld,
  checkUserPassword,
  deleteUserSessions,
  forgetCachedSessions,
  getActiveUser,
  hashNewPassword,
  hashPassword,
  holdGivenUpUsername,
  releaseLapsedLogInName,
} from '../auth';
import { ACCOUNT_CANCELLATION_BLOCKERS } from './cancellation';
import { verifyTxPassword } from './tx-password';

/** Changes the log-in password; a wrong old one counts toward the log-in lockout. Other sessions end. */
export async function changePassword(
  db: Database,
  input: { userId: bigint; sessionId: bigint } & z.output<typeof ZChangePasswordRequest>,
) {
  const user = await getActiveUser(db, input.userId);
  await checkUserPassword(db, user, input.oldPassword, 'WRONG_OLD_PASSWORD');
  const passwordHash = await hashNewPassword(input.newPassword, 'newPassword');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, input.sessionId)));
    forgetCachedSessions(tx, db, { userId: user.id.toString() });
  });
}

/** Sets the transaction password the first time. */
export async function setTxPassword(
  db: Database,
  input: { userId: bigint } & z.output<typeof ZSetTxPasswordRequest>,
) {
  await getActiveUser(db, input.userId);
  const txPasswordHash = await hashPassword(input.txPassword);
  // The condition makes two concurrent first settings safe: only one row update wins.
  const updated = await db
    .update(users)
    .set({ txPasswordHash, updatedAt: new Date() })
    .where(and(eq(users.id, input.userId), isNull(users.txPasswordHash)))
    .returning({ id: users.id });
  if (updated.length === 0) {
    throw new AppError('TX_PASSWORD_ALREADY_SET');
  }
}

/** Changes the transaction password; the old one is checked with the transaction-password lockout. */
export async function changeTxPassword(
  db: Database,
  input: { userId: bigint } & z.output<typeof ZChangeTxPasswordRequest>,
) {
  await getActiveUser(db, input.userId);
  await verifyTxPassword(db, input.userId, input.oldTxPassword);
  const txPasswordHash = await hashPassword(input.txPassword);
  await db.update(users).set({ txPasswordHash, updatedAt: new Date() }).where(eq(users.id, input.userId));
}

export async function setLanguage(db: Database, userId: bigint, lang: TLanguage) {
  await db.update(users).set({ lang, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Changes (or, for an account registered by e-mail or mobile, sets) the username. Another account's name is
 * refused whatever its case; a cancelled account's name, or one another account gave up by renaming, only once its
 * hold (account_reregister_days) has passed. The name given up is held the same way.
 */
export async function changeUsername(
  db: Database,
  userId: bigint,
  input: z.output<typeof ZChangeUsernameRequest>,
): Promise<void> {
  const user = await getActiveUser(db, userId);
  if (user.username === input.username) {
    return;
  }
  await releaseLapsedLogInName(db, { username: input.username });
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`)
    .limit(1);
  if (owner && owner.id !== userId) {
    throw new AppError('USERNAME_TAKEN');
  }
  await assertUsernameNotHeld(db, input.username, userId);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ username: input.username, updatedAt: new Date() })
        .where(eq(users.id, userId));
      // Only another spelling of its own name is not given up (lower-case names are one name).
      if (user.username && user.username.toLowerCase() !== input.username.toLowerCase()) {
        await holdGivenUpUsername(tx, userId, user.username);
      }
    });
  } catch (error) {
    // Two accounts asking for one name at once: the unique index lets one through.
    if (uniqueViolation(error) === 'users_username_key') {
      throw new AppError('USERNAME_TAKEN');
    }
    throw error;
  }
}

export async function setAvatar(db: Database, userId: bigint, avatar: number) {
  await db.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Cancels the account: status `cancelled`, every session ended. Username, e-mail and phone stay on the
 * row, so nobody can register them for account_reregister_days; after that they are freed on demand
 * (auth's releaseLapsedLogInName) while the row stays for the ledger. Sellers cannot cancel; other domains' blockers
 * (balance, unfinished recharge or withdrawal) run under the user's row lock.
 */
/**
 * What stands in the way of closing the account, in the order the closing checks it: a shop, an order under way, a
 * loan not repaid (SPEC §4, issue 15), then the other domains' blockers (a balance, an unfinished deposit or
 * withdrawal). The page names them before the buyer fills the form; the closing refuses the first.
 */
export async function findCancellationBlockers(tx: Tx, userId: bigint): Promise<TErrorCode[]> {
  const blockers: TErrorCode[] = [];
  const [store] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.ownerUserId, userId))
    .limit(1);
  if (store) {
    blockers.push('CANCEL_BLOCKED_SHOP');
  }
  // Approved, it would open a shop nobody can log in to (QA accounts #2).
  const [waitingApplication] = await tx
    .select({ id: merchantApplications.id })
    .from(merchantApplications)
    .where(
      and(
        eq(merchantApplications.userId, userId),
        inArray(merchantApplications.status, ['submitted', 'reviewing']),
      ),
    )
    .limit(1);
  if (waitingApplication) {
    blockers.push('CANCEL_BLOCKED_MERCHANT_APPLICATION');
  }
  const [openOrder] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.buyerUserId, userId),
        or(inArray(orders.status, [0, 1, 2, 3]), eq(orders.refundStatus, 'refunding')),
      ),
    )
    .limit(1);
  if (openOrder) {
    blockers.push('CANCEL_BLOCKED_OPEN_ORDER');
  }
  const [openLoan] = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, [...OPEN_LOAN_STATUSES])))
    .limit(1);
  if (openLoan) {
    blockers.push('CANCEL_BLOCKED_LOAN');
  }
  for (const blocker of ACCOUNT_CANCELLATION_BLOCKERS) {
    const code = await blocker(tx, userId);
    if (code) {
      blockers.push(code);
    }
  }
  return blockers;
}

export async function cancelAccount(
  db: Database,
  input: { userId: bigint } & z.output<typeof ZCancelAccountRequest>,
) {
  const user = await getActiveUser(db, input.userId);
  await checkUserPassword(db, user, input.loginPassword);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (locked?.status !== 'active') {
      throw new AppError('USER_DISABLED');
    }
    const [blocker] = await findCancellationBlockers(tx, user.id);
    if (blocker) {
      throw new AppError(blocker);
    }
    await tx
      .update(users)
      .set({
        status: 'cancelled',
        cancelledAt: sql`now()`,
        cancelReason: input.reason,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await deleteUserSessions(tx, user.id);
  });
}

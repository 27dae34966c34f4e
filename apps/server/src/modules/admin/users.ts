import type { TAdminUser, TAdminUserSort, TListSort } from '@caravan/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { listOrderBy } from '../../db/list-sort';
import { stores, type USER_STATUSES, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { deleteUserSessions } from '../auth';
import type { TCounterStore } from '../ops';
import { liftUserLocks } from './user-locks';

export async function listUsers(
  db: Database,
  query: {
    pageNum: number;
    pageSize: number;
    keyword?: string | undefined;
    status?: (typeof USER_STATUSES)[number] | undefined;
  } & TListSort<TAdminUserSort>,
) {
  const filters: SQL[] = [];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(
      or(
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.phone, pattern),
        // A cancelled account whose names were freed is still found by them.
        ilike(users.formerUsername, pattern),
        ilike(users.formerEmail, pattern),
        ilike(users.formerPhone, pattern),
        eq(users.usercode, query.keyword),
      )!,
    );
  }
  if (query.status) {
    filters.push(eq(users.status, query.status));
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({ user: users, storeId: stores.id })
    .from(users)
    .leftJoin(stores, eq(stores.ownerUserId, users.id))
    .where(where)
    .orderBy(...listOrderBy(query, { createdAt: users.createdAt }, users.id, [desc(users.id)]))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const pageList: TAdminUser[] = rows.map(({ user, storeId }) => ({
    id: String(user.id),
    usercode: user.usercode,
    username: user.username,
    email: user.email,
    areaCode: user.areaCode,
    phone: user.phone,
    status: user.status,
    isSeller: storeId !== null,
    invitationCode: user.invitationCode,
    invitedByUserId: user.invitedByUserId === null ? null : String(user.invitedByUserId),
    agentCode: user.agentCode,
    loginLockedUntil: user.loginLockedUntil?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    cancelledAt: user.cancelledAt?.toISOString() ?? null,
  }));
  return { pageList, pageNum: query.pageNum, pageSize: query.pageSize, total: totalRow?.total ?? 0 };
}

async function lockUser(tx: Tx, userId: bigint) {
  const [user] = await tx
    .select({
      id: users.id,
      status: users.status,
      username: users.username,
      email: users.email,
      areaCode: users.areaCode,
      phone: users.phone,
      loginLockedUntil: users.loginLockedUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) {
    throw new AppError('USER_NOT_FOUND');
  }
  if (user.status === 'cancelled') {
    throw new AppError('ACCOUNT_CANCELLED');
  }
  return user;
}

/** Disables a buyer or seller account; every session of the user ends at once. */
export async function disableUser(db: Database, input: { staffId: bigint; userId: bigint; reason: string }) {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    await tx
      .update(users)
      .set({ status: 'disabled', updatedAt: sql`now()` })
      .where(eq(users.id, input.userId));
    await deleteUserSessions(tx, input.userId);
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'user.disable',
      targetType: 'user',
      targetId: input.userId,
      details: {
        previousStatus: user.status,
        before: { status: user.status },
        after: { status: 'disabled' },
        reason: input.reason,
      },
    });
  });
}

/** Enables an account again and lifts its log-in and transaction-password locks. */
export async function enableUser(
  db: Database,
  counters: TCounterStore,
  input: { staffId: bigint; userId: bigint; reason: string },
) {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userId);
    await tx.update(users).set({ status: 'active', updatedAt: sql`now()` }).where(eq(users.id, input.userId));
    await liftUserLocks(tx, counters, { ...user, id: input.userId }, { login: true, txPassword: true });
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'user.enable',
      targetType: 'user',
      targetId: input.userId,
      details: {
        previousStatus: user.status,
        before: { status: user.status },
        after: { status: 'active' },
        reason: input.reason,
      },
    });
  });
}

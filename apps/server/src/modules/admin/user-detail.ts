import { formatMoney, type TAdminUserDetail } from '@caravan/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loans, orders, sessions, stores, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { getBalances, listBalanceHistory } from '../ledger';
import type { TCounterStore } from '../ops';
import { readAccountSetting } from '../verification-codes';
import { liftUserLocks, loginLockedUntil } from './user-locks';
import { listUsers } from './users';

const RECENT = 20;
const DAY_MS = 86_400_000;

/** Everything staff need to help one user: profile, locks, wallet with ledger history, orders, loans, sessions, shop. */
export async function getUserDetail(
  db: Database,
  userId: bigint,
  access: { canReadLedger: boolean; counters: TCounterStore },
): Promise<TAdminUserDetail> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) {
    throw new AppError('USER_NOT_FOUND');
  }
  const listed = await listUsers(db, { pageNum: 1, pageSize: 1, keyword: row.usercode });
  const summary = listed.pageList.find((u) => u.id === String(userId));
  if (!summary) {
    throw new AppError('USER_NOT_FOUND');
  }
  const [loginLock, holdDays, balances, history, orderRows, loanRows, sessionRows, [shop]] =
    await Promise.all([
      loginLockedUntil(access.counters, row),
      readAccountSetting(db, 'account_reregister_days'),
      getBalances(db, userId),
      access.canReadLedger ? listBalanceHistory(db, { userId, pageNum: 1, pageSize: RECENT }) : null,
      db
        .select({
          orderNo: orders.orderNo,
          status: orders.status,
          total: orders.total,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.buyerUserId, userId))
        .orderBy(desc(orders.id))
        .limit(RECENT),
      db
        .select({ id: loans.id, status: loans.status, amount: loans.amount, createdAt: loans.createdAt })
        .from(loans)
        .where(eq(loans.userId, userId))
        .orderBy(desc(loans.id))
        .limit(RECENT),
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt))
        .limit(RECENT),
      db
        .select({ id: stores.id, name: stores.name, status: stores.status })
        .from(stores)
        .where(eq(stores.ownerUserId, userId))
        .limit(1),
    ]);
  return {
    user: {
      ...summary,
      loginLockedUntil: loginLock?.toISOString() ?? null,
      txLockedUntil: row.txLockedUntil?.toISOString() ?? null,
      hasTxPassword: row.txPasswordHash !== null,
    },
    wallet: { available: formatMoney(balances.available), held: formatMoney(balances.held) },
    ledger:
      history?.pageList.map((entry) => ({
        id: String(entry.id),
        kind: String(entry.kind),
        account: String(entry.account),
        amount: String(entry.amount),
        createdAt: String(entry.createdAt),
      })) ?? null,
    orders: orderRows.map((o) => ({
      orderNo: o.orderNo,
      status: o.status,
      total: formatMoney(o.total),
      createdAt: o.createdAt.toISOString(),
    })),
    loans: loanRows.map((l) => ({
      id: String(l.id),
      status: l.status,
      amount: formatMoney(l.amount),
      createdAt: l.createdAt.toISOString(),
    })),
    sessions: sessionRows.map((s) => ({
      id: String(s.id),
      audience: s.audience,
      ip: s.ip,
      userAgent: s.userAgent,
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    shop: shop ? { id: String(shop.id), name: shop.name, status: shop.status } : null,
    cancellation:
      row.status === 'cancelled' && row.cancelledAt
        ? {
            cancelledAt: row.cancelledAt.toISOString(),
            reason: row.cancelReason,
            heldUntil: new Date(row.cancelledAt.getTime() + Number(holdDays) * DAY_MS).toISOString(),
            releasedAt: row.identityReleasedAt?.toISOString() ?? null,
            // Until released, the names are still the account's own columns.
            formerUsername: row.formerUsername ?? row.username,
            formerEmail: row.formerEmail ?? row.email,
            formerAreaCode: row.formerAreaCode ?? row.areaCode,
            formerPhone: row.formerPhone ?? row.phone,
          }
        : null,
  };
}

/** Lifts a log-in or transaction-password lock, with the reason in the audit log. */
export async function unlockUser(
  db: Database,
  counters: TCounterStore,
  input: { staffId: bigint; userId: bigint; lock: 'login' | 'txPassword'; reason: string },
) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    if (!before) {
      throw new AppError('USER_NOT_FOUND');
    }
    const lockedUntil =
      input.lock === 'login' ? await loginLockedUntil(counters, before) : before.txLockedUntil;
    await liftUserLocks(tx, counters, before, {
      login: input.lock === 'login',
      txPassword: input.lock === 'txPassword',
    });
    await recordAudit(tx, {
      staffId: input.staffId,
      action: input.lock === 'login' ? 'user.unlock_login' : 'user.unlock_tx_password',
      targetType: 'user',
      targetId: input.userId,
      details: {
        before: { lockedUntil: lockedUntil?.toISOString() ?? null },
        after: { lockedUntil: null },
        reason: input.reason,
      },
    });
  });
}

import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { withMoneyTransaction } from '../ledger';
import { cancelPendingOrder, receiveShippedOrder, reviewReceivedOrder } from './buyer-actions';
import { addOrderLog } from './logs';
import { computeSettlement, postOrderSettlement, settlementBase } from './order-money';
import { getOrderSettings } from './settings';
import { S } from './state';

/**
 * Timed work on orders (run by jobs/ under an advisory lock). Each takes `now` so tests can move the
 * clock; each order is handled in its own transaction with the same conditional updates as the
 * buyer's own actions, so a job racing a buyer acts once. Returns how many orders it changed.
 */
const BATCH = 200;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

async function candidates(db: Database, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(asc(orders.id))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/** Unpaid orders older than order_auto_cancel_minutes are cancelled; their stock goes back. */
export async function cancelUnpaidOrders(db: Database, now = new Date()): Promise<number> {
  const settings = await getOrderSettings(db);
  const before = new Date(now.getTime() - settings.autoCancelMinutes * MINUTE_MS);
  const ids = await candidates(db, and(eq(orders.status, S.pendingPayment), lte(orders.createdAt, before)));
  let done = 0;
  for (const id of ids) {
    const row = await withMoneyTransaction(db, (tx) =>
      cancelPendingOrder(tx, id, null, 'cancelledTimeout', now),
    );
    done += row ? 1 : 0;
  }
  return done;
}

/** Shipped orders are confirmed as received after order_auto_receive_days. */
export async function receiveShippedOrders(db: Database, now = new Date()): Promise<number> {
  const settings = await getOrderSettings(db);
  const before = new Date(now.getTime() - settings.autoReceiveDays * DAY_MS);
  const ids = await candidates(db, and(eq(orders.status, S.shipped), lte(orders.shippedAt, before)));
  let done = 0;
  for (const id of ids) {
    const row = await db.transaction((tx) => receiveShippedOrder(tx, id, now));
    done += row ? 1 : 0;
  }
  return done;
}

/** Received orders without a review get the system's default positive review after order_auto_review_days. */
export async function reviewReceivedOrders(db: Database, now = new Date()): Promise<number> {
  const settings = await getOrderSettings(db);
  const before = new Date(now.getTime() - settings.autoReviewDays * DAY_MS);
  const ids = await candidates(db, and(eq(orders.status, S.received), lte(orders.receivedAt, before)));
  let done = 0;
  for (const id of ids) {
    const row = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id));
      return order
        ? reviewReceivedOrder(tx, order, { rating: 'good', content: '', images: [] }, true, now)
        : null;
    });
    done += row ? 1 : 0;
  }
  return done;
}

/**
 * Completion: once the return window (order_settle_days after receipt) has passed without an open
 * refund, the escrow goes to the seller minus the commission; the rate is stored on the order.
 */
export async function settleCompletedOrders(db: Database, now = new Date()): Promise<number> {
  const settings = await getOrderSettings(db);
  const before = new Date(now.getTime() - settings.settleDays * DAY_MS);
  const ids = await candidates(
    db,
    and(
      inArray(orders.status, [S.received, S.reviewed]),
      eq(orders.isSettled, false),
      ne(orders.refundStatus, 'refunding'),
      lte(orders.receivedAt, before),
    ),
  );
  let done = 0;
  for (const id of ids) {
    const isDone = await withMoneyTransaction(db, async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id));
      if (!order) {
        return false;
      }
      const s = computeSettlement(settlementBase(order), settings.commissionRate);
      const [claimed] = await tx
        .update(orders)
        .set({
          isSettled: true,
          settledAt: now,
          commissionRate: s.rate,
          commissionAmount: s.commission,
          sellerSettledAmount: s.sellerNet,
          updatedAt: now,
        })
        .where(
          and(
            eq(orders.id, id),
            eq(orders.isSettled, false),
            inArray(orders.status, [S.received, S.reviewed]),
            ne(orders.refundStatus, 'refunding'),
          ),
        )
        .returning();
      if (!claimed) {
        return false;
      }
      await postOrderSettlement(tx, claimed, s);
      await addOrderLog(tx, id, 'completed', {}, now);
      return true;
    });
    done += isDone ? 1 : 0;
  }
  return done;
}

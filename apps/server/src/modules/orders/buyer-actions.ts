import type { TReviewOrderRequest } from '@caravan/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { orderReviews, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { returnOrderCoupon } from '../coupons';
import { withMoneyTransaction } from '../ledger';
import { testClockOf } from '../ops';
import { assertOwnUploads } from '../uploads';
import { createOrderProductReviews, returnOrderStock } from './catalog-port';
import { findOrder, findOrderLines, stockLinesOf } from './find-order';
import { addOrderLog } from './logs';
import { notifyOrderEvents } from './notices';
import { S, type TOrderRow, transitionOrder } from './state';

/** Buyer cancels a pending order (reason 0-4); the stock goes back. Paid orders go through refunds. */
export async function cancelOrder(
  db: Database,
  input: { userId: bigint; orderNo: string; reason: number; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return withMoneyTransaction(db, async (tx) => {
    const order = await findOrder(tx, input.orderNo, { buyerUserId: input.userId });
    const cancelled = await cancelPendingOrder(tx, order.id, input.reason, 'cancelledManually', now);
    if (!cancelled) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    return cancelled;
  });
}

/** pending -> cancelled with the stock returned; null when the order is no longer pending. */
export async function cancelPendingOrder(
  tx: Executor,
  orderId: bigint,
  reason: number | null,
  event: 'cancelledManually' | 'cancelledTimeout',
  now: Date,
): Promise<TOrderRow | null> {
  const cancelled = await transitionOrder(tx, orderId, [S.pendingPayment], S.cancelled, {
    cancelledAt: now,
    cancelReason: reason,
  });
  if (!cancelled) {
    return null;
  }
  await returnOrderStock(tx, stockLinesOf(await findOrderLines(tx, orderId)));
  await returnOrderCoupon(tx, orderId);
  await addOrderLog(tx, orderId, event, {}, now);
  return cancelled;
}

/** Remind to ship: once per paid, not yet shipped order. */
export async function remindOrder(
  db: Database,
  input: { userId: bigint; orderNo: string; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo, { buyerUserId: input.userId });
    const [row] = await tx
      .update(orders)
      .set({ remindedAt: now, updatedAt: now })
      .where(
        and(
          eq(orders.id, order.id),
          inArray(orders.status, [S.paid, S.confirmed]),
          isNull(orders.remindedAt),
        ),
      )
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ remindedAt: orders.remindedAt })
        .from(orders)
        .where(eq(orders.id, order.id));
      throw new AppError(current?.remindedAt ? 'ORDER_ALREADY_REMINDED' : 'ORDER_STATUS_INVALID');
    }
    await notifyOrderEvents(tx, [order.id], 'reminded', {}, now);
    return row;
  });
}

/** shipped -> received ("signed for"); by the buyer or, after the configured days, by the system. */
export async function receiveShippedOrder(
  tx: Executor,
  orderId: bigint,
  now: Date,
): Promise<TOrderRow | null> {
  const received = await transitionOrder(tx, orderId, [S.shipped], S.received, { receivedAt: now });
  if (received) {
    await addOrderLog(tx, orderId, 'received', {}, now);
  }
  return received;
}

export async function receiveOrder(
  db: Database,
  input: { userId: bigint; orderNo: string; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo, { buyerUserId: input.userId });
    const received = await receiveShippedOrder(tx, order.id, now);
    if (!received) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    return received;
  });
}

type TReviewInput = { rating: 'good' | 'medium' | 'bad'; content: string; images: string[] };

/** received -> reviewed, writing the order review and one catalogue review per product. */
export async function reviewReceivedOrder(
  tx: Executor,
  order: TOrderRow,
  review: TReviewInput,
  isDefault: boolean,
  now: Date,
): Promise<TOrderRow | null> {
  const reviewed = await transitionOrder(tx, order.id, [S.received], S.reviewed, { reviewedAt: now });
  if (!reviewed) {
    return null;
  }
  await tx.insert(orderReviews).values({ orderId: order.id, ...review, isDefault, createdAt: now });
  const lines = await findOrderLines(tx, order.id);
  await createOrderProductReviews(tx, {
    orderId: order.id,
    userId: order.buyerUserId,
    items: lines.map((l) => ({ productId: l.productId, variantId: l.variantId })),
    ...review,
  });
  if (isDefault) {
    await addOrderLog(tx, order.id, 'defaultReview', {}, now);
  }
  return reviewed;
}

export async function reviewOrder(
  db: Database,
  input: { userId: bigint; orderNo: string; review: Required<TReviewOrderRequest>; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  await assertOwnUploads(db, { userId: input.userId }, input.review.images);
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo, { buyerUserId: input.userId });
    const reviewed = await reviewReceivedOrder(tx, order, input.review, false, now);
    if (!reviewed) {
      const [current] = await tx
        .select({ reviewedAt: orders.reviewedAt })
        .from(orders)
        .where(eq(orders.id, order.id));
      throw new AppError(current?.reviewedAt ? 'ORDER_ALREADY_REVIEWED' : 'ORDER_STATUS_INVALID');
    }
    return reviewed;
  });
}

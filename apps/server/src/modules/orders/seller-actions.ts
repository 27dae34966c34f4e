import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderLogistics, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { testClockOf } from '../ops';
import { findOrder } from './find-order';
import { addOrderLog } from './logs';
import { S, type TOrderRow, transitionOrder } from './state';

/** paid -> confirmed ("merchant confirmed, preparing stock"). */
export async function confirmOrder(
  db: Database,
  input: { storeId: bigint; orderNo: string; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo, { storeId: input.storeId });
    const confirmed = await transitionOrder(tx, order.id, [S.paid], S.confirmed, { confirmedAt: now });
    if (!confirmed) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    await addOrderLog(tx, order.id, 'confirmed', {}, now);
    return confirmed;
  });
}

/** paid or confirmed -> shipped with a carrier and tracking number; the first logistics entry. */
export async function shipOrder(
  db: Database,
  input: { storeId: bigint; orderNo: string; carrier: string; trackingNo: string; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo, { storeId: input.storeId });
    const shipped = await transitionOrder(tx, order.id, [S.paid, S.confirmed], S.shipped, {
      shippedAt: now,
      carrier: input.carrier,
      trackingNo: input.trackingNo,
      confirmedAt: order.confirmedAt ?? now,
    });
    if (!shipped) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    await addOrderLog(tx, order.id, 'shipped', {}, now);
    await addOrderLog(
      tx,
      order.id,
      'inTransit',
      { carrier: input.carrier, trackingNo: input.trackingNo },
      now,
    );
    await tx
      .insert(orderLogistics)
      .values({ orderId: order.id, content: `${input.carrier} ${input.trackingNo}`, createdAt: now });
    return shipped;
  });
}

/** A logistics entry on a shipped order (also later, while the buyer may still return it). */
export async function addLogisticsEntry(
  db: Database,
  input: { storeId: bigint; orderNo: string; content: string; now?: Date },
): Promise<void> {
  const now = input.now ?? testClockOf(db).now();
  await db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo, { storeId: input.storeId });
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, order.id), inArray(orders.status, [S.shipped, S.received, S.reviewed])))
      .for('update');
    if (!open) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    await tx.insert(orderLogistics).values({ orderId: order.id, content: input.content, createdAt: now });
  });
}

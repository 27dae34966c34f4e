import { isSameTracking } from '@caravan/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { orderLogistics, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { testClockOf } from '../ops';
import { findOrder } from './find-order';
import { addOrderLog } from './logs';
import { S, type TOrderRow, transitionOrder } from './state';

const SHIPPED_STATUSES: readonly number[] = [S.shipped, S.received, S.reviewed];

/**
 * Why confirming or shipping found the order in another status: already confirmed or already shipped (a second
 * click, another tab, a retry without Idempotency-Key) is said as such (QA seller 8); anything else is the generic
 * ORDER_STATUS_INVALID. Read after the refused update, so a concurrent winner's status is seen.
 */
async function alreadyDoneError(tx: Executor, orderId: bigint): Promise<AppError> {
  const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (current && SHIPPED_STATUSES.includes(current.status)) {
    return new AppError('ORDER_ALREADY_SHIPPED');
  }
  return new AppError(current?.status === S.confirmed ? 'ORDER_ALREADY_CONFIRMED' : 'ORDER_STATUS_INVALID');
}

/** paid -> confirmed ("merchant confirmed, preparing stock"). */
export async function confirmOrder(
  db: Database,
  input: { storeId: bigint; orderNo: string; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo, { storeId: input.storeId });
    const confirmed = await transitionOrder(tx, order.id, [S.paid], S.confirmed, {
      confirmedAt: now,
      updatedAt: now,
    });
    if (!confirmed) {
      throw await alreadyDoneError(tx, order.id);
    }
    await addOrderLog(tx, order.id, 'confirmed', {}, now);
    return confirmed;
  });
}

/**
 * The logistics line shipping writes for a carrier and tracking number; a correction writes the new one the same
 * way and finds the lines it replaces by it.
 */
function trackingLine(tracking: { carrier: string; trackingNo: string }): string {
  return `${tracking.carrier} ${tracking.trackingNo}`;
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
      updatedAt: now,
    });
    if (!shipped) {
      throw await alreadyDoneError(tx, order.id);
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
      .values({ orderId: order.id, content: trackingLine(input), createdAt: now });
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

/**
 * Corrects the carrier and tracking number of a shipped order the buyer has not received yet (a mistyped number
 * left the buyer tracking someone else's parcel). The history keeps the previous value; the logistics line gets
 * the corrected one, as shipping wrote the first.
 */
export async function correctTracking(
  db: Database,
  input: { storeId: bigint; orderNo: string; carrier: string; trackingNo: string; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo, { storeId: input.storeId });
    const [current] = await tx
      .select({ status: orders.status, carrier: orders.carrier, trackingNo: orders.trackingNo })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (current?.status !== S.shipped) {
      throw new AppError('TRACKING_NOT_CORRECTABLE');
    }
    if (isSameTracking(current, input)) {
      throw new AppError('TRACKING_UNCHANGED');
    }
    const [corrected] = await tx
      .update(orders)
      .set({ carrier: input.carrier, trackingNo: input.trackingNo, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, S.shipped)))
      .returning();
    if (!corrected) {
      throw new AppError('TRACKING_NOT_CORRECTABLE');
    }
    await addOrderLog(
      tx,
      order.id,
      'trackingCorrected',
      {
        carrier: input.carrier,
        trackingNo: input.trackingNo,
        previousCarrier: current.carrier ?? '',
        previousTrackingNo: current.trackingNo ?? '',
      },
      now,
    );
    // The lines that carried the replaced number (shipping's or an earlier correction's) are marked, so the buyer
    // reads only the new one as current; the seller's other entries stay as they were.
    await tx
      .update(orderLogistics)
      .set({ supersededAt: now })
      .where(
        and(
          eq(orderLogistics.orderId, order.id),
          isNull(orderLogistics.supersededAt),
          eq(
            orderLogistics.content,
            trackingLine({ carrier: current.carrier ?? '', trackingNo: current.trackingNo ?? '' }),
          ),
        ),
      );
    await tx
      .insert(orderLogistics)
      .values({ orderId: order.id, content: trackingLine(input), createdAt: now });
    return corrected;
  });
}

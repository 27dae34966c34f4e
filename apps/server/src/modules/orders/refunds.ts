import {
  displayMoney,
  formatMoney,
  parseMoney,
  RETURN_WITHIN_DAYS,
  returnReasonCodesFor,
  type TMoney,
  type TSecondApprovalWaiting,
} from '@caravan/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { orderRefunds, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { passFourEyes } from '../approvals';
import { recordAudit } from '../audit';
import { returnOrderCoupon } from '../coupons';
import { withMoneyTransaction } from '../ledger';
import { testClockOf } from '../ops';
import { assertOwnUploads } from '../uploads';
import { returnOrderStock } from './catalog-port';
import { findOrder, findOrderLines, stockLinesOf, type TOrderOwner } from './find-order';
import { addOrderLog } from './logs';
import { computeSettlement, postOrderRefund, postOrderSettlement, settlementBase } from './order-money';
import { getOrderSettings } from './settings';
import { S, type TOrderRow, transitionOrder } from './state';

const DAY_MS = 24 * 60 * 60_000;

/** Which kind of request the order allows now, or the code that refuses it. */
export function refundKindFor(order: TOrderRow, now: Date): 'refund' | 'return' {
  switch (order.status) {
    case S.paid:
    case S.confirmed:
      return 'refund';
    case S.shipped:
      throw new AppError('ORDER_SHIPPED_NO_REFUND');
    case S.received:
    case S.reviewed: {
      const receivedAt = order.receivedAt?.getTime() ?? 0;
      if (now.getTime() - receivedAt > RETURN_WITHIN_DAYS * DAY_MS) {
        throw new AppError('RETURN_WINDOW_CLOSED');
      }
      return 'return';
    }
    case S.refund:
      throw new AppError(
        order.refundStatus === 'refunding' ? 'ORDER_ALREADY_REFUNDING' : 'ORDER_STATUS_INVALID',
      );
    default:
      throw new AppError('ORDER_STATUS_INVALID');
  }
}

function refundable(order: TOrderRow): TMoney {
  return order.paidAmount - order.refundedAmount;
}

/** At most what the buyer still has paid; the message names that amount (after a partial refund, not the price). */
function assertRefundableAmount(amount: TMoney, order: TOrderRow): void {
  if (amount <= 0n || amount > refundable(order)) {
    const max = refundable(order);
    throw new AppError('REFUND_AMOUNT_INVALID', { max: formatMoney(max) }, { max: displayMoney(max) });
  }
}

/** What the platform's own manual refunds of this order have given back so far. */
async function platformRefundedOf(tx: Executor, orderId: bigint): Promise<TMoney> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${orderRefunds.amount}), 0)::text` })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.initiatedBy, 'platform'),
        eq(orderRefunds.status, 'success'),
      ),
    );
  return parseMoney(row?.sum ?? '0');
}

/**
 * A refund before the goods reach the buyer ends the order: the escrow is settled (and before shipping the stock goes
 * back). Part of the money back would leave the buyer the rest paid for goods nobody ships, or that are still on
 * their way, and settle it to the seller at once; so until receipt a refund is of everything still paid. `before` is
 * the order's status before the refund (a platform refund of a parcel lost on its way is the only one in transit).
 */
function assertWholeBeforeReceipt(before: number | null, amount: TMoney, order: TOrderRow): void {
  if (amount === refundable(order)) {
    return;
  }
  const max = displayMoney(refundable(order));
  if (before === S.paid || before === S.confirmed) {
    throw new AppError('REFUND_NOT_FULL_BEFORE_SHIPPING', { max }, { max });
  }
  if (before === S.shipped) {
    throw new AppError('REFUND_NOT_FULL_IN_TRANSIT', { max }, { max });
  }
}

/** Buyer asks for a refund (before shipping) or a return (within 7 days of receipt). */
export async function requestRefund(
  db: Database,
  input: {
    userId: bigint;
    orderNo: string;
    reason: number;
    amount: string;
    description: string;
    images: string[];
    now?: Date;
  },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  const amount = parseMoney(input.amount);
  await assertOwnUploads(db, { userId: input.userId }, input.images);
  return withMoneyTransaction(db, async (tx) => {
    const order = await findOrder(tx, input.orderNo, { buyerUserId: input.userId });
    const kind = refundKindFor(order, now);
    // Before shipping, goods-related reasons (wrong item, damaged, arrived late...) cannot be true.
    if (!returnReasonCodesFor(kind === 'refund').includes(input.reason)) {
      throw new AppError('REFUND_REASON_NOT_BEFORE_SHIPPING');
    }
    assertRefundableAmount(amount, order);
    assertWholeBeforeReceipt(order.status, amount, order);
    const moved = await transitionOrder(tx, order.id, [order.status], S.refund, {
      statusBeforeRefund: order.status,
      refundStatus: 'refunding',
    });
    if (!moved) {
      throw new AppError('ORDER_ALREADY_REFUNDING');
    }
    await tx.insert(orderRefunds).values({
      orderId: order.id,
      kind,
      reason: input.reason,
      amount,
      description: input.description,
      images: input.images,
      createdAt: now,
    });
    await addOrderLog(tx, order.id, 'refundRequested', { amount: formatMoney(amount) }, now);
    return moved;
  });
}

/**
 * Pays a refund of `amount` and closes the order: the buyer gets the amount back; before settlement the
 * rest of the escrow goes to the seller minus commission, after settlement (also a later manual refund of
 * what a first one left paid) the seller and the platform give it back, the commission at the rate charged.
 * Pre-shipping refunds put the stock back.
 */
async function completeRefund(
  tx: Executor,
  order: TOrderRow,
  refund: { id: bigint; amount: TMoney; kind: 'refund' | 'return' },
  now: Date,
): Promise<TOrderRow> {
  const { amount, kind } = refund;
  await postOrderRefund(tx, order, amount, refund.id);
  const set: PgUpdateSetSource<typeof orders> = {
    refundStatus: 'success',
    refundedAmount: sql`${orders.refundedAmount} + ${formatMoney(amount, 0)}::numeric`,
    updatedAt: now,
  };
  if (!order.isSettled) {
    const settings = await getOrderSettings(tx);
    const isFull = amount === refundable(order);
    // The rest of the escrow: what the buyer keeps paid, plus the coupon discount unless it went back.
    const rest = isFull ? 0n : settlementBase(order) - amount;
    const s = computeSettlement(rest, settings.commissionRate);
    await postOrderSettlement(tx, order, s);
    Object.assign(set, {
      isSettled: true,
      settledAt: now,
      commissionRate: s.rate,
      commissionAmount: s.commission,
      sellerSettledAmount: s.sellerNet,
    });
  }
  const [row] = await tx.update(orders).set(set).where(eq(orders.id, order.id)).returning();
  if (kind === 'refund') {
    await returnOrderStock(tx, stockLinesOf(await findOrderLines(tx, order.id)));
  }
  if (amount === refundable(order)) {
    await returnOrderCoupon(tx, order.id);
  }
  await addOrderLog(tx, order.id, 'refundSucceeded', { amount: formatMoney(amount) }, now);
  return row!;
}

/**
 * Why a decision found no open request: the last one was already approved or rejected (a second click, another
 * tab, a retry without Idempotency-Key) is said as such; anything else is the generic ORDER_STATUS_INVALID.
 */
async function closedRequestError(tx: Executor, orderId: bigint): Promise<AppError> {
  const [current] = await tx
    .select({ status: orders.status, refundStatus: orders.refundStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (current?.refundStatus === 'success') {
    return new AppError('REFUND_ALREADY_APPROVED');
  }
  if (current?.refundStatus === 'fail' && current.status !== S.refund) {
    return new AppError('REFUND_ALREADY_REJECTED');
  }
  return new AppError('ORDER_STATUS_INVALID');
}

async function claimOpenRefund(tx: Executor, order: TOrderRow) {
  const [refund] = await tx
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'refunding')))
    .limit(1);
  return refund ?? null;
}

/** Seller (or staff) approves the open request; a second approval finds nothing open. */
export async function approveRefund(
  db: Database,
  input: { owner: TOrderOwner; orderNo: string; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return withMoneyTransaction(db, async (tx) => {
    const found = await findOrder(tx, input.orderNo, input.owner);
    // Claims the order: of two concurrent approvals only one sees 'refunding'.
    const [order] = await tx
      .update(orders)
      .set({ refundStatus: 'success', updatedAt: now })
      .where(and(eq(orders.id, found.id), eq(orders.status, S.refund), eq(orders.refundStatus, 'refunding')))
      .returning();
    if (!order) {
      throw await closedRequestError(tx, found.id);
    }
    const refund = await claimOpenRefund(tx, order);
    if (!refund) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    await tx
      .update(orderRefunds)
      .set({ status: 'success', decidedAt: now })
      .where(eq(orderRefunds.id, refund.id));
    return completeRefund(tx, order, refund, now);
  });
}

/** Seller rejects the open request: the order returns to the status the request interrupted. */
export async function rejectRefund(
  db: Database,
  input: { owner: TOrderOwner; orderNo: string; reason: string; now?: Date },
): Promise<TOrderRow> {
  const now = input.now ?? testClockOf(db).now();
  return withMoneyTransaction(db, async (tx) => {
    const found = await findOrder(tx, input.orderNo, input.owner);
    const back = found.statusBeforeRefund ?? S.paid;
    const order = await transitionOrder(
      tx,
      found.id,
      [S.refund],
      back,
      { refundStatus: 'fail' },
      eq(orders.refundStatus, 'refunding'),
    );
    if (!order) {
      throw await closedRequestError(tx, found.id);
    }
    const refund = await claimOpenRefund(tx, order);
    if (!refund) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    await tx
      .update(orderRefunds)
      .set({ status: 'fail', rejectReason: input.reason, decidedAt: now })
      .where(eq(orderRefunds.id, refund.id));
    await addOrderLog(tx, order.id, 'refundFailed', { reason: input.reason }, now);
    return order;
  });
}

/**
 * Manual refund started by the platform (/admin): any paid order not yet fully refunded, up to what is still
 * paid (also the rest of an order a first refund left partly paid); an open buyer request is closed by it. Audit-logged in the same transaction. Above the four-eyes threshold the first
 * call only records the first approval; the refund happens when a second staff member approves it.
 */
export async function adminRefund(
  db: Database,
  input: { staffId: bigint; orderNo: string; amount: string; reason: string; now?: Date },
): Promise<{ order: TOrderRow; secondApproval: TSecondApprovalWaiting }> {
  const now = input.now ?? testClockOf(db).now();
  const amount = parseMoney(input.amount);
  return withMoneyTransaction(db, async (tx) => {
    // The order row lock orders two staff members approving at once: the later one reads the outcome.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, input.orderNo)).for('update');
    const found = await findOrder(tx, input.orderNo, { isStaff: true });
    if (found.status === S.pendingPayment || found.status === S.cancelled) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    if (refundable(found) <= 0n) {
      throw new AppError('ORDER_FULLY_REFUNDED');
    }
    assertRefundableAmount(amount, found);
    const before = found.status === S.refund ? found.statusBeforeRefund : found.status;
    const kind = before === S.paid || before === S.confirmed ? 'refund' : 'return';
    assertWholeBeforeReceipt(before, amount, found);
    const fourEyes = await passFourEyes(tx, {
      action: 'refund',
      targetId: found.orderNo,
      userId: found.buyerUserId,
      amount,
      // The platform's refunds of one order add up: split into parts under the threshold, a large one had passed alone.
      judgedAmount: (await platformRefundedOf(tx, found.id)) + amount,
      staffId: input.staffId,
      reason: input.reason,
    });
    if (!fourEyes.isPassed) {
      return { order: found, secondApproval: fourEyes.waiting };
    }
    const claim = { refundStatus: 'success' as const, updatedAt: now };
    // In the refund state the order either has an open request ('refunding') or was partly refunded ('success').
    const order =
      found.status === S.refund
        ? (
            await tx
              .update(orders)
              .set(claim)
              .where(
                and(
                  eq(orders.id, found.id),
                  eq(orders.status, S.refund),
                  eq(orders.refundStatus, found.refundStatus),
                  sql`${orders.refundedAmount} = ${formatMoney(found.refundedAmount, 0)}::numeric`,
                ),
              )
              .returning()
          )[0]
        : await transitionOrder(
            tx,
            found.id,
            [found.status],
            S.refund,
            { ...claim, statusBeforeRefund: before },
            eq(orders.refundStatus, found.refundStatus),
          );
    if (!order) {
      throw new AppError('ORDER_STATUS_INVALID');
    }
    const open = await claimOpenRefund(tx, order);
    let refundId: bigint;
    if (open) {
      await tx
        .update(orderRefunds)
        .set({ status: 'success', amount, decidedAt: now })
        .where(eq(orderRefunds.id, open.id));
      refundId = open.id;
    } else {
      const [inserted] = await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          kind,
          reason: 0,
          amount,
          description: input.reason,
          status: 'success',
          initiatedBy: 'platform',
          createdAt: now,
          decidedAt: now,
        })
        .returning({ id: orderRefunds.id });
      refundId = inserted!.id;
    }
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'order.refund',
      targetType: 'order',
      targetId: order.orderNo,
      details: {
        amount: formatMoney(amount),
        reason: input.reason,
        settled: order.isSettled,
        ...(fourEyes.firstStaffId === null ? {} : { firstApproverStaffId: String(fourEyes.firstStaffId) }),
      },
    });
    return {
      order: await completeRefund(tx, order, { id: refundId, amount, kind }, now),
      secondApproval: null,
    };
  });
}

import { chargeAtRate, formatMoney, type TMoney } from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { postLedgerTransaction, type TPosting } from '../ledger';
import { textArray } from './insert-orders';
import type { TOrderRow } from './state';

/**
 * The money of an order, always through the ledger (ARCHITECTURE.md flows). Idempotency keys derive
 * from the order id and the action, so a replay never moves money twice.
 */
function nonZero(postings: TPosting[]): TPosting[] {
  return postings.filter((p) => p.amount !== 0n);
}

async function post(tx: Executor, key: string, kind: string, orderId: bigint, postings: TPosting[]) {
  const list = nonZero(postings);
  if (list.length < 2) {
    return;
  }
  await postLedgerTransaction(tx, {
    idempotencyKey: key,
    kind,
    reference: { type: 'order', id: orderId },
    postings: list,
  });
}

/**
 * Payment: buyer available -> order escrow. A coupon's discount is paid by the platform in the same
 * ledger transaction (platform marketing -> escrow), so the escrow holds the full amount for the seller.
 */
export async function postOrderPayment(
  tx: Executor,
  order: Pick<TOrderRow, 'id' | 'buyerUserId' | 'total'> & { discount?: TMoney },
): Promise<void> {
  const discount = order.discount ?? 0n;
  await post(tx, `order:${order.id}:pay`, 'order_payment', order.id, [
    { account: { kind: 'user_available', userId: order.buyerUserId }, amount: -order.total },
    { account: { kind: 'platform_marketing' }, amount: -discount },
    { account: { kind: 'order_escrow' }, amount: order.total + discount },
  ]);
}

/**
 * What the seller is settled on: what the buyer paid and kept, plus the coupon discount the platform paid
 * into the escrow (kept there unless a full refund before settlement gave it back to the platform).
 */
export function settlementBase(order: Pick<TOrderRow, 'paidAmount' | 'refundedAmount' | 'discount'>): TMoney {
  const paidByBuyer = order.paidAmount - order.refundedAmount;
  return paidByBuyer > 0n && order.paidAmount > 0n ? paidByBuyer + order.discount : paidByBuyer;
}

/**
 * postOrderPayment for orders inserted by the same statement, as a CTE `pay` over its CTE `o` (id,
 * order_no): the same idempotency key, kind, reference and postings, through the same SQL function
 * ledger_post (which checks the postings and the balance). `count` is how many rows `pay` must return.
 */
export function orderPaymentsCte(
  buyerUserId: bigint,
  orders: { orderNo: string; total: TMoney }[],
): { cte: SQL; count: number } {
  const payable = orders.filter((o) => o.total !== 0n);
  if (payable.length === 0) {
    return { cte: sql`pay as (select null::bigint as o_transaction_id where false)`, count: 0 };
  }
  return {
    cte: sql`pay as (
      select t.o_transaction_id
      from o join unnest(${textArray(payable.map((o) => o.orderNo))}::text[],
        ${textArray(payable.map((o) => formatMoney(o.total, 0)))}::numeric[]) as pv(order_no, amount)
        on pv.order_no = o.order_no
      cross join lateral ledger_post('order:' || o.id || ':pay', 'order_payment', 'order', o.id::text,
        array['user_available', 'order_escrow']::text[], array[${buyerUserId}::bigint, null]::bigint[],
        array[-pv.amount, pv.amount]::numeric[]) t
    )`,
    count: payable.length,
  };
}

export type TSettlement = { amount: TMoney; commission: TMoney; sellerNet: TMoney; rate: string };

export function computeSettlement(amount: TMoney, rate: string): TSettlement {
  const commission = chargeAtRate(amount, rate);
  return { amount, commission, sellerNet: amount - commission, rate };
}

/** Completion: escrow -> seller, minus the commission -> platform revenue. */
export async function postOrderSettlement(tx: Executor, order: TOrderRow, s: TSettlement): Promise<void> {
  await post(tx, `order:${order.id}:settle`, 'order_settlement', order.id, [
    { account: { kind: 'order_escrow' }, amount: -s.amount },
    { account: { kind: 'user_available', userId: order.sellerUserId }, amount: s.sellerNet },
    { account: { kind: 'platform_revenue' }, amount: s.commission },
  ]);
}

/**
 * Refund of `amount` to the buyer. Before settlement it comes out of escrow; after settlement it comes
 * back from the seller and the platform, reversing the commission at the rate that was charged.
 * `refundId` (order_refunds) tells a later refund of the same order from the first: under the first's key it
 * would have been a replay that moved nothing. The first keeps the key it always had.
 */
export async function postOrderRefund(
  tx: Executor,
  order: TOrderRow,
  amount: TMoney,
  refundId: bigint,
): Promise<void> {
  const key =
    order.refundedAmount === 0n ? `order:${order.id}:refund` : `order:${order.id}:refund:${refundId}`;
  if (!order.isSettled) {
    // A full refund also gives the platform back the coupon discount it put into the escrow.
    const isFull = amount === order.paidAmount - order.refundedAmount;
    const platformShare = isFull && order.paidAmount > 0n ? order.discount : 0n;
    await post(tx, key, 'order_refund', order.id, [
      { account: { kind: 'order_escrow' }, amount: -(amount + platformShare) },
      { account: { kind: 'platform_marketing' }, amount: platformShare },
      { account: { kind: 'user_available', userId: order.buyerUserId }, amount },
    ]);
    return;
  }
  const reversal = chargeAtRate(amount, order.commissionRate ?? '0');
  await post(tx, key, 'order_refund', order.id, [
    { account: { kind: 'user_available', userId: order.sellerUserId }, amount: -(amount - reversal) },
    { account: { kind: 'platform_revenue' }, amount: -reversal },
    { account: { kind: 'user_available', userId: order.buyerUserId }, amount },
  ]);
}

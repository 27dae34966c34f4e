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
  const shares = settledRefundShares(order, amount);
  await post(tx, key, 'order_refund', order.id, [
    { account: { kind: 'user_available', userId: order.sellerUserId }, amount: -shares.seller },
    { account: { kind: 'platform_revenue' }, amount: -shares.commission },
    { account: { kind: 'platform_marketing' }, amount: shares.marketing },
    { account: { kind: 'user_available', userId: order.buyerUserId }, amount },
  ]);
}

export type TSettledRefundShares = {
  /** Taken back from the seller's wallet. */
  seller: TMoney;
  /** Commission the platform's revenue gives back. */
  commission: TMoney;
  /** The coupon discount the settlement paid the seller on, back to the platform's marketing (the last refund). */
  marketing: TMoney;
};

/**
 * Who gives back a refund of `amount` after the order was settled; seller + commission = amount + marketing.
 * The commission is reversed on the refunds after settlement together, rounded once (`chargeAtRate` of their sum
 * less what earlier ones reversed): rounded per refund, small refunds gave back more than was charged. The
 * refund that empties the order undoes the settlement exactly: the rest of the seller's net and of the commission,
 * and the coupon discount the settlement counted as paid (settlementBase) goes back to the platform, as it does
 * before settlement; otherwise the seller kept the discount on goods that came back while the buyer got the coupon
 * again. The settlement's amounts are on the order (commission_amount, seller_settled_amount); what refunds after
 * it took back is its refunded amount beyond what had been refunded when it settled.
 */
export function settledRefundShares(
  order: Pick<
    TOrderRow,
    | 'paidAmount'
    | 'refundedAmount'
    | 'discount'
    | 'commissionRate'
    | 'commissionAmount'
    | 'sellerSettledAmount'
  >,
  amount: TMoney,
): TSettledRefundShares {
  const rate = order.commissionRate ?? '0';
  const settledBase = order.commissionAmount + order.sellerSettledAmount;
  const paidWhenSettled = settledBase - order.discount;
  const refundedBefore = order.refundedAmount - (order.paidAmount - paidWhenSettled);
  if (paidWhenSettled <= 0n || refundedBefore < 0n || refundedBefore + amount > paidWhenSettled) {
    // Amounts that do not fit one settlement (never written so): the refund alone, at the rate charged.
    const commission = chargeAtRate(amount, rate);
    return { seller: amount - commission, commission, marketing: 0n };
  }
  const reversedBefore = chargeAtRate(refundedBefore, rate);
  if (refundedBefore + amount === paidWhenSettled) {
    const commission = order.commissionAmount - reversedBefore;
    const seller = order.sellerSettledAmount - (refundedBefore - reversedBefore);
    return { seller, commission, marketing: seller + commission - amount };
  }
  const commission = chargeAtRate(refundedBefore + amount, rate) - reversedBefore;
  return { seller: amount - commission, commission, marketing: 0n };
}

import { ORDER_STATUS, type TOrderStatusName, type TOrderTab } from '@caravan/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * The order state machine. Every change of `status` goes through `transitionOrder`, a conditional
 * UPDATE (`WHERE status IN (expected)`), so of two concurrent requests exactly one wins; the loser
 * sees no row and refuses with ORDER_STATUS_INVALID (or a more specific code) without changing anything.
 *
 *   pending_payment(0) -> paid(1) | cancelled(-1)
 *   paid(1)            -> confirmed(2) | shipped(3) | refund(6)
 *   confirmed(2)       -> shipped(3) | refund(6)
 *   shipped(3)         -> received(4) | refund(6) (the latter only by a platform manual refund)
 *   received(4)        -> reviewed(5) | refund(6)
 *   reviewed(5)        -> refund(6)
 *   refund(6)          -> back to the interrupted status when the refund is rejected
 *
 * Two moves are batched for speed but follow the same rule: paying many orders at once
 * (pay-orders.ts, WHERE status = pending) and closing an open refund (refunds.ts, WHERE status = refund
 * AND refund_status = 'refunding').
 */
export const S = ORDER_STATUS;
export type TStatus = (typeof S)[keyof typeof S];

export const STATUS_NAMES: Record<number, TOrderStatusName> = {
  [S.cancelled]: 'cancelled',
  [S.pendingPayment]: 'pending_payment',
  [S.paid]: 'paid',
  [S.confirmed]: 'confirmed',
  [S.shipped]: 'shipped',
  [S.received]: 'received',
  [S.reviewed]: 'reviewed',
  [S.refund]: 'refund',
};

export const TRANSITIONS: Record<number, readonly number[]> = {
  [S.pendingPayment]: [S.paid, S.cancelled],
  [S.paid]: [S.confirmed, S.shipped, S.refund],
  [S.confirmed]: [S.shipped, S.refund],
  [S.shipped]: [S.received, S.refund],
  [S.received]: [S.reviewed, S.refund],
  [S.reviewed]: [S.refund],
  [S.refund]: [S.paid, S.confirmed, S.received, S.reviewed],
  [S.cancelled]: [],
};

export function canTransition(from: number, to: number): boolean {
  return TRANSITIONS[from]?.includes(to) ?? false;
}

/** Statuses of each list tab of SPEC §4 (refund also matches any order with a refund on record). */
export function tabFilter(tab: TOrderTab): SQL | undefined {
  switch (tab) {
    case 'all':
      return undefined;
    case 'pending':
      return eq(orders.status, S.pendingPayment);
    case 'cancelled':
      return eq(orders.status, S.cancelled);
    case 'delivered':
      return eq(orders.status, S.paid);
    case 'confirmed':
      return eq(orders.status, S.confirmed);
    case 'receipt':
      return eq(orders.status, S.shipped);
    case 'harvested':
      return inArray(orders.status, [S.received, S.reviewed]);
    case 'comment':
      return eq(orders.status, S.received);
    case 'refund':
      return sql`(${orders.status} = ${S.refund} or ${orders.refundStatus} <> 'none')`;
  }
}

export type TOrderRow = typeof orders.$inferSelect;

/**
 * Moves one order from one of `from` to `to`, setting `set` in the same statement. Returns the updated
 * row, or null when the order was not in an expected status (someone else moved it first).
 */
export async function transitionOrder(
  tx: Executor,
  orderId: bigint,
  from: readonly number[],
  to: number,
  set: PgUpdateSetSource<typeof orders> = {},
  extra?: SQL,
): Promise<TOrderRow | null> {
  for (const f of from) {
    if (!canTransition(f, to)) {
      throw new Error(`illegal order transition ${f} -> ${to}`);
    }
  }
  const [row] = await tx
    .update(orders)
    // The caller's `updatedAt` (its clock's `now`, which tests and a QA server move) wins over the wall clock.
    .set({ updatedAt: new Date(), ...set, status: to })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from]), extra))
    .returning();
  return row ?? null;
}

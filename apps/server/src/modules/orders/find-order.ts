import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { TOrderRow } from './state';

export type TOrderOwner = { buyerUserId: bigint } | { storeId: bigint } | { isStaff: true };

/** An order seen by its buyer, its seller or staff; anyone else gets ORDER_NOT_FOUND (never a leak). */
export async function findOrder(db: Executor, orderNo: string, owner: TOrderOwner): Promise<TOrderRow> {
  const ownerFilter =
    'buyerUserId' in owner
      ? eq(orders.buyerUserId, owner.buyerUserId)
      : 'storeId' in owner
        ? eq(orders.storeId, owner.storeId)
        : undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), ownerFilter))
    .limit(1);
  if (!row) {
    throw new AppError('ORDER_NOT_FOUND');
  }
  return row;
}

export async function findOrderLines(db: Executor, orderId: bigint) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
}

export function stockLinesOf(lines: { productId: bigint; variantId: bigint | null; quantity: number }[]) {
  return lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity }));
}

/** The goods of a buyer's order (product, variant, quantity): what a rebuy puts back into the cart. */
export async function findBuyerOrderGoods(db: Executor, buyerUserId: bigint, orderNo: string) {
  const order = await findOrder(db, orderNo, { buyerUserId });
  return stockLinesOf(await findOrderLines(db, order.id));
}

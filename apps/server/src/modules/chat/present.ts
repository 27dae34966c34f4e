import { chargedUnitPrice, formatMoney, type TChatMessage, type TLanguage } from '@caravan/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type chatMessages, orderItems, orders, products } from '../../db/schema';
import type { TChatSide } from './party';

export type TMessageRow = typeof chatMessages.$inferSelect;

type TProductCard = NonNullable<TChatMessage['product']>;
type TOrderCard = NonNullable<TChatMessage['order']>;

/** Messages as `side` reads them, with product and order cards filled in the reader's language. */
export async function presentMessages(
  db: Executor,
  lang: TLanguage,
  side: TChatSide,
  rows: TMessageRow[],
): Promise<TChatMessage[]> {
  const productIds = [...new Set(rows.filter((r) => r.type === 'product').map((r) => BigInt(r.content)))];
  const orderNos = [...new Set(rows.filter((r) => r.type === 'order').map((r) => r.content))];
  const productCards = new Map<string, TProductCard>();
  const orderCards = new Map<string, TOrderCard>();
  if (productIds.length > 0) {
    const found = await db
      .select({
        id: products.id,
        name: sql<string>`coalesce(${products.names}->>${lang}, ${products.names}->>'en', ${products.names}->>${products.lang}, '')`,
        image: sql<string | null>`${products.images}->0->>'url'`,
        sellingPrice: products.sellingPrice,
        discountPrice: products.discountPrice,
        isDiscounted: products.isDiscounted,
        discountEndsAt: products.discountEndsAt,
      })
      .from(products)
      .where(inArray(products.id, productIds));
    for (const p of found) {
      productCards.set(String(p.id), {
        id: String(p.id),
        name: p.name,
        image: p.image,
        // What the buyer pays now, as the product page shows it (a running discount included).
        price: formatMoney(chargedUnitPrice(p)),
      });
    }
  }
  if (orderNos.length > 0) {
    const found = await db
      .selectDistinctOn([orders.id], {
        orderNo: orders.orderNo,
        status: orders.status,
        total: orders.total,
        itemName: orderItems.name,
        image: orderItems.imgUrl,
      })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(inArray(orders.orderNo, orderNos)))
      .orderBy(asc(orders.id), asc(orderItems.id));
    for (const o of found) {
      orderCards.set(o.orderNo, {
        orderNo: o.orderNo,
        status: o.status,
        total: formatMoney(o.total),
        itemName: o.itemName,
        image: o.image,
      });
    }
  }
  return rows.map((row) =>
    presentMessage(row, side, productCards.get(row.content), orderCards.get(row.content)),
  );
}

export function presentMessage(
  row: TMessageRow,
  side: TChatSide,
  product?: TProductCard,
  order?: TOrderCard,
): TChatMessage {
  return {
    id: String(row.id),
    conversationId: String(row.conversationId),
    send_receive: row.sender === side ? 'send' : 'receive',
    sender: row.sender,
    content: row.content,
    type: row.type,
    createtime: row.createdAt.toISOString(),
    clientId: row.clientId,
    isDelivered: row.deliveredAt !== null,
    isRead: row.readAt !== null,
    product: row.type === 'product' ? (product ?? null) : null,
    order: row.type === 'order' ? (order ?? null) : null,
  };
}

/** The largest of some row ids (0 when there are none); Math.max does not take bigints. */
export function largestId(rows: { id: bigint }[]): bigint {
  let largest = 0n;
  for (const row of rows) {
    if (row.id > largest) {
      largest = row.id;
    }
  }
  return largest;
}

import { sql } from 'drizzle-orm';
import { createAddress, findDefaultAddress } from '../../modules/addresses';
import { getBalances } from '../../modules/ledger';
import {
  addLogisticsEntry,
  confirmOrder,
  placeOrders,
  receiveOrder,
  reviewOrder,
  shipOrder,
} from '../../modules/orders';
import type { Database } from '../client';

/**
 * A few demo orders for the demo buyer, one in each main state (pending payment, paid, confirmed,
 * shipped, received, reviewed), through the real services. Needs the catalogue and wallet seeds first.
 */
export async function seedDemoOrders(db: Database, buyerUserId: bigint): Promise<number> {
  if (!(await findDefaultAddress(db, buyerUserId))) {
    await createAddress(db, buyerUserId, {
      consignee: 'Demo Buyer',
      areaCode: '+49',
      phone: '15112345678',
      country: 'DE',
      state: 'BE',
      city: 'Berlin',
      postcode: '10115',
      detail: 'Invalidenstrasse 1',
      isDefault: true,
    });
  }
  const found = await db.execute<{
    id: string;
    store_id: string;
    variant_id: string | null;
    buy_min: number;
  }>(sql`
    select p.id::text as id, p.store_id::text as store_id, v.id::text as variant_id, p.buy_min
    from products p join stores s on s.id = p.store_id
    left join lateral (select id from product_variants where product_id = p.id and stock >= p.buy_min
      order by sort, id limit 1) v on true
    where p.is_on_shelf and s.status = 'active' and s.owner_user_id <> ${buyerUserId}::bigint
      and p.stock >= p.buy_min and p.price > 0
      and (v.id is not null or not exists (select 1 from product_variants x where x.product_id = p.id))
    order by p.buy_min, p.id limit 6`);
  const products = found.rows;
  const states = ['pending', 'paid', 'confirmed', 'shipped', 'received', 'reviewed'] as const;
  let placed = 0;
  for (const [i, product] of products.entries()) {
    const state = states[i % states.length]!;
    const isPaid = state !== 'pending';
    const items = [
      {
        productId: product.id,
        ...(product.variant_id ? { variantId: product.variant_id } : {}),
        quantity: Number(product.buy_min),
      },
    ];
    if (isPaid) {
      const { available } = await getBalances(db, buyerUserId);
      if (available <= 0n) {
        continue;
      }
    }
    const [order] = await placeOrders(db, buyerUserId, { items }, 'en', new Date(), { isPaid }).catch(
      () => [],
    );
    if (!order) {
      continue;
    }
    placed += 1;
    const storeId = BigInt(product.store_id);
    const orderNo = order.orderNo;
    if (state === 'confirmed') {
      await confirmOrder(db, { storeId, orderNo });
    }
    if (state === 'shipped' || state === 'received' || state === 'reviewed') {
      await shipOrder(db, { storeId, orderNo, carrier: 'DHL Express', trackingNo: `JD01460000${i}` });
      await addLogisticsEntry(db, { storeId, orderNo, content: 'Departed from the sorting centre' });
    }
    if (state === 'received' || state === 'reviewed') {
      await receiveOrder(db, { userId: buyerUserId, orderNo });
    }
    if (state === 'reviewed') {
      await reviewOrder(db, {
        userId: buyerUserId,
        orderNo,
        review: { rating: 'good', content: 'Well packed and as described.', images: [] },
      });
    }
  }
  return placed;
}

import { parseMoney } from '@caravan/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderItems, orders, products, productVariants, stores } from '../../db/schema';
import { isAppError } from '../../http/app-error';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { createAddress } from '../addresses';
import { foldSalesTally } from '../catalog';
import { checkLedger } from '../ledger';
import { placeOrders } from './checkout';
import { S } from './state';
import {
  availableOf,
  createTestProduct,
  createTestStore,
  createTestUser,
  fundUser,
  TEST_ADDRESS,
} from './test-fixtures';

/**
 * The one-statement checkout (orders, stock, payment and cart in one round trip): several sellers,
 * variants, cart lines and names that need quoting in array parameters, and an all-or-nothing refusal.
 */
describe('checkout in one statement', () => {
  let ctx: TTestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('places and pays two sellers’ orders from cart lines with variants, and stores every text exactly', async () => {
    const db = ctx.database.db;
    const sellerA = await createTestUser(db);
    const sellerB = await createTestUser(db);
    const buyer = await createTestUser(db);
    await fundUser(db, buyer.id, '1000');
    await createAddress(db, buyer.id, TEST_ADDRESS);
    const storeA = await createTestStore(db, sellerA.id, 'Shop "A", {braces} \\ slash');
    const storeB = await createTestStore(db, sellerB.id, 'Shop B');
    const plain = await createTestProduct(db, storeA, { price: '2.5', stock: 10, deliveryFee: '0.75' });
    const sized = await createTestProduct(db, storeA, {
      price: '4',
      stock: 10,
      variants: [
        { price: null, stock: 5 },
        { price: '6', stock: 5 },
      ],
    });
    const other = await createTestProduct(db, storeB, { price: '1', stock: 3 });
    const tricky = 'Mug "Big", {1,2} \\ NULL';
    await db
      .update(products)
      .set({ names: { en: tricky } })
      .where(eq(products.id, plain.productId));
    const cart = await db
      .insert(cartItems)
      .values([
        { userId: buyer.id, productId: plain.productId, quantity: 2 },
        { userId: buyer.id, productId: sized.productId, variantId: sized.variantIds[0]!, quantity: 1 },
        { userId: buyer.id, productId: sized.productId, variantId: sized.variantIds[1]!, quantity: 3 },
        { userId: buyer.id, productId: other.productId, quantity: 3 },
      ])
      .returning({ id: cartItems.id });
    const before = await availableOf(db, buyer.id);

    const placed = await placeOrders(
      db,
      buyer.id,
      { cartItemIds: cart.map((c) => c.id.toString()), remarks: { [storeA.toString()]: 'Call "first"' } },
      'en',
      new Date(),
      { isPaid: true },
    );

    expect(placed).toHaveLength(2);
    // A: 2 x 2.5 + 0.75 delivery, 1 x 4, 3 x 6; B: 3 x 1.
    const totals = placed.map((p) => p.total).sort((a, b) => (a < b ? -1 : 1));
    expect(totals).toEqual([parseMoney('3'), parseMoney('27.75')]);
    expect(before - (await availableOf(db, buyer.id))).toBe(parseMoney('30.75'));
    const rows = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((p) => p.id),
        ),
      );
    expect(rows.every((o) => o.status === S.paid && o.paidAt !== null && o.paidAmount === o.total)).toBe(
      true,
    );
    expect(rows.find((o) => o.storeId === storeA)?.remark).toBe('Call "first"');
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          placed.map((p) => p.id),
        ),
      );
    expect(items).toHaveLength(4);
    expect(items.find((i) => i.productId === plain.productId)?.name).toBe(tricky);
    expect(items.filter((i) => i.variantId !== null).map((i) => i.quantity)).toEqual(
      expect.arrayContaining([1, 3]),
    );
    // Sold counts follow through the sales tally, folded by a job every few seconds.
    await foldSalesTally(db);
    const stock = await db.execute<{ id: string; stock: number; sold_count: number }>(
      sql`select id::text as id, stock, sold_count from products order by id`,
    );
    expect(stock.rows.map((r) => [r.stock, r.sold_count])).toEqual([
      [8, 2],
      [6, 4],
      [0, 3],
    ]);
    const variants = await db
      .select({ stock: productVariants.stock, soldCount: productVariants.soldCount })
      .from(productVariants)
      .orderBy(productVariants.id);
    expect(variants).toEqual([
      { stock: 4, soldCount: 1 },
      { stock: 2, soldCount: 3 },
    ]);
    const shops = await db
      .select({ id: stores.id, soldCount: stores.soldCount })
      .from(stores)
      .where(inArray(stores.id, [storeA, storeB]));
    expect(Object.fromEntries(shops.map((s) => [s.id.toString(), s.soldCount]))).toEqual({
      [storeA.toString()]: 6,
      [storeB.toString()]: 3,
    });
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, buyer.id))).toEqual([]);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('refuses a short line with INSUFFICIENT_STOCK and writes nothing, not even the other lines', async () => {
    const db = ctx.database.db;
    const seller = await createTestUser(db);
    const buyer = await createTestUser(db);
    await fundUser(db, buyer.id, '100');
    await createAddress(db, buyer.id, TEST_ADDRESS);
    const store = await createTestStore(db, seller.id, 'Short shop');
    const plenty = await createTestProduct(db, store, { price: '1', stock: 50 });
    const scarce = await createTestProduct(db, store, { price: '1', stock: 1 });
    const ordersBefore = (await db.select({ id: orders.id }).from(orders)).length;
    const before = await availableOf(db, buyer.id);

    const error = await placeOrders(
      db,
      buyer.id,
      {
        items: [
          { productId: plenty.productId.toString(), quantity: 2 },
          { productId: scarce.productId.toString(), quantity: 1 },
          { productId: scarce.productId.toString(), quantity: 1 },
        ],
      },
      'en',
      new Date(),
      { isPaid: true },
    ).catch((e: unknown) => e);

    expect(isAppError(error) && error.code).toBe('INSUFFICIENT_STOCK');
    expect(isAppError(error) && error.details).toMatchObject({ productId: scarce.productId.toString() });
    expect((await db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    const left = await db
      .select({ stock: products.stock, soldCount: products.soldCount })
      .from(products)
      .where(inArray(products.id, [plenty.productId, scarce.productId]))
      .orderBy(products.id);
    expect(left).toEqual([
      { stock: 50, soldCount: 0 },
      { stock: 1, soldCount: 0 },
    ]);
    expect(await availableOf(db, buyer.id)).toBe(before);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  setParam,
  type TTestUser,
} from '../orders/test-fixtures';

type TCartBody = {
  groups: {
    seller: { name: string };
    items: { id: string; count: number; isChecked: boolean; isAvailable: boolean }[];
    checkAll: boolean;
    isIndeterminate: boolean;
    checkTotal: string;
  }[];
  checkAll: boolean;
  isIndeterminate: boolean;
  checkedTotal: string;
  count: number;
};
type TErr = { error: { code: string } };

describe('cart', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let seller: TTestUser;
  let storeA: bigint;
  let storeB: bigint;
  let p1: bigint;
  let p2: bigint;
  let p3: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    buyer = await createTestUser(db);
    seller = await createTestUser(db);
    const sellerB = await createTestUser(db);
    storeA = await createTestStore(db, seller.id, 'Cart shop A');
    storeB = await createTestStore(db, sellerB.id, 'Cart shop B');
    p1 = (await createTestProduct(db, storeA, { price: '2.5', buyMin: 2 })).productId;
    p2 = (await createTestProduct(db, storeA, { price: '1' })).productId;
    p3 = (await createTestProduct(db, storeB, { price: '10' })).productId;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('adds goods checked by default, grouped per seller with totals', async () => {
    expect(
      json<TErr>(await call('POST', '/api/v1/cart', buyer.token, { productId: p1.toString(), quantity: 1 }))
        .error.code,
    ).toBe('BELOW_MIN_PURCHASE');
    await call('POST', '/api/v1/cart', buyer.token, { productId: p1.toString(), quantity: 2 });
    await call('POST', '/api/v1/cart', buyer.token, { productId: p2.toString(), quantity: 3 });
    const res = await call('POST', '/api/v1/cart', buyer.token, { productId: p3.toString(), quantity: 1 });
    const cart = json<TCartBody>(res);
    expect(cart.count).toBe(3);
    expect(cart.groups.map((g) => g.seller.name)).toEqual(['Cart shop A', 'Cart shop B']);
    expect(cart.groups[0]!.checkTotal).toBe('8.00');
    expect(cart.checkedTotal).toBe('18.00');
    expect(cart.checkAll).toBe(true);
    // Adding again adds to the line.
    const again = json<TCartBody>(
      await call('POST', '/api/v1/cart', buyer.token, { productId: p2.toString(), quantity: 2 }),
    );
    expect(again.groups[0]!.items.find((i) => i.count === 5)).toBeDefined();
    expect(again.count).toBe(3);
  });

  it('checks, unchecks (indeterminate), changes quantity within buyMin..max-buy, deletes', async () => {
    const cart = json<TCartBody>(await call('GET', '/api/v1/cart', buyer.token));
    const [first, second] = cart.groups[0]!.items;
    const unchecked = json<TCartBody>(
      await call('PUT', `/api/v1/cart/items/${first!.id}`, buyer.token, { isChecked: false }),
    );
    expect(unchecked.groups[0]).toMatchObject({ checkAll: false, isIndeterminate: true, checkTotal: '5.00' });
    expect(unchecked).toMatchObject({ checkAll: false, isIndeterminate: true });
    const none = json<TCartBody>(await call('PUT', '/api/v1/cart/check', buyer.token, { isChecked: false }));
    expect(none).toMatchObject({ checkAll: false, isIndeterminate: false, checkedTotal: '0.00' });
    const preview = await call('POST', '/api/v1/orders/preview', buyer.token, { cartItemIds: [] });
    expect(preview.statusCode).toBe(400);
    await call('PUT', '/api/v1/cart/check', buyer.token, { isChecked: true });

    await setParam(ctx.database.db, 'mall_max_goods_number_in_order', '10');
    const tooMany = await call('PUT', `/api/v1/cart/items/${second!.id}`, buyer.token, { quantity: 11 });
    expect(json<TErr>(tooMany).error.code).toBe('ABOVE_MAX_PURCHASE');
    const tooFew = await call('PUT', `/api/v1/cart/items/${first!.id}`, buyer.token, { quantity: 1 });
    expect(json<TErr>(tooFew).error.code).toBe('BELOW_MIN_PURCHASE');
    const zero = await call('PUT', `/api/v1/cart/items/${first!.id}`, buyer.token, { quantity: 0 });
    expect(zero.statusCode).toBe(400);
    const fraction = await call('PUT', `/api/v1/cart/items/${first!.id}`, buyer.token, { quantity: 2.5 });
    expect(fraction.statusCode).toBe(400);
    const ok = json<TCartBody>(
      await call('PUT', `/api/v1/cart/items/${second!.id}`, buyer.token, { quantity: 10 }),
    );
    expect(ok.groups[0]!.items.find((i) => i.id === second!.id)!.count).toBe(10);
    await setParam(ctx.database.db, 'mall_max_goods_number_in_order', '500');

    const other = await createTestUser(ctx.database.db);
    expect(
      json<TErr>(await call('DELETE', `/api/v1/cart/items/${first!.id}`, other.token)).error,
    ).toBeUndefined();
    const after = json<TCartBody>(await call('DELETE', `/api/v1/cart/items/${first!.id}`, buyer.token));
    expect(after.count).toBe(2);
  });

  it('refuses own-store goods and goods off shelf; marks lines that went off shelf', async () => {
    const own = await call('POST', '/api/v1/cart', seller.token, { productId: p2.toString(), quantity: 1 });
    expect(json<TErr>(own).error.code).toBe('OWN_STORE_GOODS');
    const off = (await createTestProduct(ctx.database.db, storeB, { isOnShelf: false })).productId;
    expect(
      json<TErr>(await call('POST', '/api/v1/cart', buyer.token, { productId: off.toString(), quantity: 1 }))
        .error.code,
    ).toBe('GOODS_OFF_SHELF');
    const { products } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await ctx.database.db.update(products).set({ isOnShelf: false }).where(eq(products.id, p3));
    const cart = json<TCartBody>(await call('GET', '/api/v1/cart', buyer.token));
    const line = cart.groups.flatMap((g) => g.items).find((i) => !i.isAvailable);
    expect(line).toMatchObject({ isChecked: false, isAvailable: false });
    expect(cart.checkedTotal).toBe('10.00');
    await ctx.database.db.update(products).set({ isOnShelf: true }).where(eq(products.id, p3));
  });

  it('merges the visitor cart at log in, skipping lines that break a rule', async () => {
    const fresh = await createTestUser(ctx.database.db);
    await call('POST', '/api/v1/cart', fresh.token, { productId: p2.toString(), quantity: 4 });
    const res = await call('POST', '/api/v1/cart/merge', fresh.token, {
      items: [
        { productId: p2.toString(), quantity: 2 },
        { productId: p3.toString(), quantity: 1, isChecked: false },
        { productId: p1.toString(), quantity: 1 },
        { productId: '999999', quantity: 1 },
      ],
    });
    const body = json<{ cart: TCartBody; skipped: { productId: string; code: string }[] }>(res);
    expect(body.skipped.map((s) => s.code).sort()).toEqual(['BELOW_MIN_PURCHASE', 'PRODUCT_REMOVED']);
    const lines = body.cart.groups.flatMap((g) => g.items);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.count).sort()).toEqual([1, 4]);
    expect(body.cart.isIndeterminate).toBe(true);
  });

  it('shows what can be bought: the stepper stops at the stock, and a line above it cannot be checked out', async () => {
    const shopper = await createTestUser(ctx.database.db);
    await setParam(ctx.database.db, 'mall_max_goods_number_in_order', '500');
    const scarce = (await createTestProduct(ctx.database.db, storeA, { price: '3', stock: 117 })).productId;
    const tooMany = await call('POST', '/api/v1/cart', shopper.token, {
      productId: scarce.toString(),
      quantity: 300,
    });
    expect(json<TErr>(tooMany).error.code).toBe('INSUFFICIENT_STOCK');
    expect(tooMany.statusCode).toBe(409);
    type TStockLine = { id: string; count: number; maxBuy: number; stock: number; isChecked: boolean };
    const lineOf = (body: { groups: { items: unknown[] }[] }) => body.groups[0]!.items[0] as TStockLine;
    const added = lineOf(
      json<TCartBody>(
        await call('POST', '/api/v1/cart', shopper.token, { productId: scarce.toString(), quantity: 100 }),
      ),
    );
    expect(added).toMatchObject({ count: 100, maxBuy: 117, stock: 117, isChecked: true });
    // The stock falls below the line (another buyer bought): the line stays, unchecked, saying why.
    await ctx.database.db.execute(sql`update products set stock = 40 where id = ${scarce}`);
    const after = lineOf(json<TCartBody>(await call('GET', '/api/v1/cart', shopper.token)));
    expect(after).toMatchObject({ count: 100, maxBuy: 40, stock: 40, isChecked: false });
    const lowered = await call('PUT', `/api/v1/cart/items/${after.id}`, shopper.token, { quantity: 41 });
    expect(json<TErr>(lowered).error.code).toBe('INSUFFICIENT_STOCK');
  });
  it('keeps naming a line whose goods can no longer be sold: name and variant in the language, picture, shop', async () => {
    const db = ctx.database.db;
    const shopper = await createTestUser(db);
    const made = await createTestProduct(db, storeA, {
      variants: [
        { price: '4', stock: 10 },
        { price: '5', stock: 10 },
      ],
    });
    const picture = { url: '/uploads/charger.webp', width: 800, height: 800, srcset: '' };
    await db.execute(sql`update products set names = ${JSON.stringify({ en: 'Portable Charger', de: 'Tragbares Ladegerät' })}::jsonb,
      attributes = jsonb_set(attributes, '{0,values,1,names}', '{"en":"Yellow","de":"Gelb"}'),
      images = ${JSON.stringify([picture])}::jsonb where id = ${made.productId}`);
    await call('POST', '/api/v1/cart', shopper.token, {
      productId: made.productId.toString(),
      variantId: made.variantIds[1]!.toString(),
      quantity: 5,
    });
    type TLine = TCartBody['groups'][number]['items'][number] & Record<string, unknown>;
    const lineIn = async (lang: string) => {
      const body = json<TCartBody>(await call('GET', `/api/v1/cart?lang=${lang}`, shopper.token));
      return { seller: body.groups[0]!.seller.name, line: body.groups[0]!.items[0] as TLine };
    };
    const named = { name: 'Tragbares Ladegerät', checkAttrName: 'Gelb', imgUrl: picture.url };

    await db.execute(sql`update products set is_on_shelf = false where id = ${made.productId}`);
    const off = await lineIn('de');
    expect(off.line).toMatchObject({
      ...named,
      isAvailable: false,
      unavailableReason: 'GOODS_OFF_SHELF',
      count: 5,
    });
    expect(off.seller).toBe('Cart shop A');
    expect((await lineIn('en')).line).toMatchObject({ name: 'Portable Charger', checkAttrName: 'Yellow' });

    await db.execute(sql`update products set is_on_shelf = true where id = ${made.productId}`);
    await db.execute(sql`update stores set status = 'suspended' where id = ${storeA}`);
    try {
      const closed = await lineIn('de');
      expect(closed.line).toMatchObject({
        ...named,
        isAvailable: false,
        unavailableReason: 'GOODS_OFF_SHELF',
      });
      expect(closed.seller).toBe('Cart shop A');
    } finally {
      await db.execute(sql`update stores set status = 'active' where id = ${storeA}`);
    }

    // The seller deleted the variant: the product is still named, without the variant it no longer has.
    await db.execute(sql`delete from product_variants where id = ${made.variantIds[1]!}`);
    const removed = await lineIn('de');
    expect(removed.line).toMatchObject({
      name: 'Tragbares Ladegerät',
      checkAttrName: '',
      imgUrl: picture.url,
      isAvailable: false,
      unavailableReason: 'PRODUCT_REMOVED',
    });
    expect(removed.seller).toBe('Cart shop A');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { isAppError } from '../../http/app-error';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { foldSalesTally, getPurchasableItem, returnStock, takeStock } from './index';
import { createCategoryTree, createProduct, createStore, createUser, createVariant } from './test-fixtures';

type TRow = Record<string, unknown>;

/** PostgreSQL may abort one of two conflicting transactions (40001/40P01); the caller retries. */
async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const code =
        (error as { cause?: { code?: string }; code?: string }).cause?.code ??
        (error as { code?: string }).code;
      if (attempt < 5 && (code === '40001' || code === '40P01')) {
        continue;
      }
      throw error;
    }
  }
}

describe('stock for cart and orders', () => {
  let ctx: TTestContext;
  let productId: bigint;
  let variantProductId: bigint;
  let variantId: bigint;
  let offId: bigint;
  let storeId: bigint;

  /** Stock and sold count once the sales tally is folded into the counters. */
  const readStock = async (table: 'products' | 'product_variants', id: bigint) => {
    await foldSalesTally(ctx.database.db);
    const result = await ctx.database.db.execute(
      sql`select stock, sold_count from ${sql.raw(table)} where id = ${String(id)}::bigint`,
    );
    return (result as unknown as { rows: TRow[] }).rows[0] as { stock: number; sold_count: number };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const tree = await createCategoryTree(db);
    const owner = await createUser(db, 'stockowner');
    storeId = await createStore(db, { ownerId: owner.id, name: 'Stock Store' });
    productId = await createProduct(db, {
      storeId,
      categoryId: tree.shirts,
      names: { en: 'Ten Left' },
      stock: 10,
      price: 7,
    });
    variantProductId = await createProduct(db, {
      storeId,
      categoryId: tree.shirts,
      names: { en: 'Sized Shirt', de: 'Hemd' },
      stock: 8,
      price: 9,
      discountPrice: 8,
      attributes: [
        { code: 'size', names: { en: 'Size', de: 'Größe' }, values: [{ code: 'xl', names: { en: 'XL' } }] },
      ],
    });
    variantId = await createVariant(db, {
      productId: variantProductId,
      attrs: { size: 'xl' },
      stock: 3,
      price: 11,
    });
    await createVariant(db, { productId: variantProductId, attrs: { size: 'm' }, stock: 5 });
    offId = await createProduct(db, {
      storeId,
      categoryId: tree.shirts,
      names: { en: 'Off' },
      isOnShelf: false,
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('describes a purchasable item with the charged price', async () => {
    const item = await getPurchasableItem(ctx.database.db, productId);
    expect(item).toMatchObject({
      productId: String(productId),
      storeId: String(storeId),
      stock: 10,
      buyMin: 1,
      variantId: null,
    });
    expect(item.unitPrice).toBe(7n * 10_000_000_000n);
    expect(item.dispatchFee + item.longDistanceFee + item.deliveryFee).toBe(35_000_000_000n);
    const variant = await getPurchasableItem(ctx.database.db, variantProductId, variantId, 'de');
    expect(variant).toMatchObject({
      variantId: String(variantId),
      stock: 3,
      name: 'Hemd',
      variantName: 'XL',
    });
    expect(variant.unitPrice).toBe(11n * 10_000_000_000n);
  });

  it('refuses unknown, off-shelf and variant-less purchases', async () => {
    const codeOf = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
        return 'none';
      } catch (error) {
        return isAppError(error) ? error.code : 'other';
      }
    };
    const db = ctx.database.db;
    expect(await codeOf(() => getPurchasableItem(db, 987654321n))).toBe('PRODUCT_NOT_FOUND');
    expect(await codeOf(() => getPurchasableItem(db, offId))).toBe('GOODS_OFF_SHELF');
    expect(await codeOf(() => getPurchasableItem(db, variantProductId))).toBe('PARAMETER_ERROR');
    expect(await codeOf(() => getPurchasableItem(db, variantProductId, 987654321n))).toBe(
      'PRODUCT_NOT_FOUND',
    );
    expect(await codeOf(() => db.transaction((tx) => takeStock(tx, [{ productId, quantity: 0 }])))).toBe(
      'PARAMETER_ERROR',
    );
  });

  it('never oversells: 50 concurrent takes of 1 for stock 10 give exactly 10 successes', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        withRetry(() => ctx.database.db.transaction((tx: Tx) => takeStock(tx, [{ productId, quantity: 1 }]))),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(succeeded).toBe(10);
    expect(failures.every((e) => isAppError(e) && e.code === 'INSUFFICIENT_STOCK')).toBe(true);
    expect(await readStock('products', productId)).toEqual({ stock: 0, sold_count: 10 });
  });

  it('takes variant stock together with product stock and rolls back the whole order on shortage', async () => {
    const db = ctx.database.db;
    await db.transaction((tx) => takeStock(tx, [{ productId: variantProductId, variantId, quantity: 2 }]));
    expect(await readStock('product_variants', variantId)).toEqual({ stock: 1, sold_count: 2 });
    expect(await readStock('products', variantProductId)).toEqual({ stock: 6, sold_count: 2 });
    const failed = await db
      .transaction((tx) =>
        takeStock(tx, [
          { productId: variantProductId, variantId, quantity: 1 },
          { productId, quantity: 1 },
        ]),
      )
      .catch((error: unknown) => error);
    expect(isAppError(failed) && failed.code).toBe('INSUFFICIENT_STOCK');
    expect(await readStock('product_variants', variantId)).toEqual({ stock: 1, sold_count: 2 });
    await db.transaction((tx) => returnStock(tx, [{ productId: variantProductId, variantId, quantity: 2 }]));
    expect(await readStock('product_variants', variantId)).toEqual({ stock: 3, sold_count: 0 });
    expect(await readStock('products', variantProductId)).toEqual({ stock: 8, sold_count: 0 });
  });

  it('counts a sale once per variant, product and store, through the tally, never below zero', async () => {
    const db = ctx.database.db;
    await foldSalesTally(db);
    const counts = async () => {
      const r = await db.execute(sql`select
          (select sold_count from product_variants where id = ${String(variantId)}::bigint) as variant,
          (select sold_count from products where id = ${String(variantProductId)}::bigint) as product,
          (select sold_count from stores where id = ${String(storeId)}::bigint) as store,
          (select count(*)::int from sales_tally) as pending`);
      return (r as unknown as { rows: TRow[] }).rows[0];
    };
    const before = await counts();
    await db.transaction((tx) => takeStock(tx, [{ productId: variantProductId, variantId, quantity: 2 }]));
    // The sale is pending: stock is taken at once, the counters wait for the fold.
    expect(await counts()).toEqual({ ...before, pending: 2 });
    expect(await foldSalesTally(db)).toBe(2);
    expect(await counts()).toEqual({
      variant: Number(before!.variant) + 2,
      product: Number(before!.product) + 2,
      store: Number(before!.store) + 2,
      pending: 0,
    });
    await db.transaction((tx) => returnStock(tx, [{ productId: variantProductId, variantId, quantity: 2 }]));
    await db.transaction((tx) => returnStock(tx, [{ productId: variantProductId, variantId, quantity: 2 }]));
    expect(await foldSalesTally(db)).toBe(4);
    expect(await counts()).toEqual({
      variant: Math.max(Number(before!.variant) - 2, 0),
      product: Math.max(Number(before!.product) - 2, 0),
      store: Math.max(Number(before!.store) - 2, 0),
      pending: 0,
    });
    await db.transaction((tx) => takeStock(tx, [{ productId: variantProductId, variantId, quantity: 2 }]));
  });

  it('runs 40 concurrent orders of 2 items in opposite orders without deadlock or oversell', async () => {
    const db = ctx.database.db;
    await db.execute(sql`update products set stock = 30 where id = ${String(productId)}::bigint`);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        withRetry(() =>
          db.transaction((tx: Tx) =>
            takeStock(
              tx,
              i % 2
                ? [
                    { productId, quantity: 1 },
                    { productId: variantProductId, variantId, quantity: 1 },
                  ]
                : [
                    { productId: variantProductId, variantId, quantity: 1 },
                    { productId, quantity: 1 },
                  ],
            ),
          ),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await readStock('product_variants', variantId)).toMatchObject({ stock: 0 });
    expect(await readStock('products', productId)).toMatchObject({ stock: 27 });
  });
});

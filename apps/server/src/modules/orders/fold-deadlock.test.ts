import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPgError } from '../../db/pg-error';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { createAddress } from '../addresses';
import { foldSalesTally } from '../catalog';
import { checkLedger } from '../ledger';
import { placeOrders } from './checkout';
import { createTestProduct, createTestStore, createTestUser, fundUser, TEST_ADDRESS } from './test-fixtures';

/**
 * The `catalog-fold-sales` job under checkout load (issue 10, defect 11). The fold locks the sold-count
 * rows it adds to; a checkout that falls back to its transactional path writes order lines first (their
 * foreign keys take KEY SHARE locks on products and variants) and takes the stock rows after. A fold
 * that locked with FOR UPDATE (which conflicts with KEY SHARE) waited on those order lines while
 * holding rows the checkout needed next: "deadlock detected". On PGlite every transaction runs alone,
 * so this matters on PostgreSQL; the test runs on both.
 */
describe('sales fold while checkouts run', () => {
  let ctx: TTestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('folds without deadlocks while paid and refused checkouts of the same goods go on', async () => {
    const db = ctx.database.db;
    const sellerA = await createTestUser(db);
    const sellerB = await createTestUser(db);
    const storeA = await createTestStore(db, sellerA.id, 'Fold A');
    const storeB = await createTestStore(db, sellerB.id, 'Fold B');
    const goods = [
      await createTestProduct(db, storeA, { price: '1', stock: 100_000 }),
      await createTestProduct(db, storeA, {
        price: '1',
        stock: 100_000,
        variants: [
          { price: null, stock: 50_000 },
          { price: null, stock: 50_000 },
        ],
      }),
      await createTestProduct(db, storeB, { price: '1', stock: 100_000 }),
      await createTestProduct(db, storeB, {
        price: '1',
        stock: 100_000,
        variants: [{ price: null, stock: 100_000 }],
      }),
    ];
    const buyers = [];
    for (let i = 0; i < 24; i++) {
      const buyer = await createTestUser(db);
      await createAddress(db, buyer.id, TEST_ADDRESS);
      // Every third buyer cannot pay: the one-statement checkout refuses and the transactional one runs.
      await fundUser(db, buyer.id, i % 3 === 0 ? '0.5' : '100000');
      buyers.push(buyer);
    }
    const lines = [
      { productId: goods[0]!.productId.toString(), quantity: 1 },
      {
        productId: goods[1]!.productId.toString(),
        variantId: goods[1]!.variantIds[0]!.toString(),
        quantity: 1,
      },
      {
        productId: goods[1]!.productId.toString(),
        variantId: goods[1]!.variantIds[1]!.toString(),
        quantity: 1,
      },
      { productId: goods[2]!.productId.toString(), quantity: 1 },
      {
        productId: goods[3]!.productId.toString(),
        variantId: goods[3]!.variantIds[0]!.toString(),
        quantity: 1,
      },
    ];

    const foldErrors: string[] = [];
    let isRunning = true;
    let folds = 0;
    const folding = (async () => {
      while (isRunning) {
        try {
          await foldSalesTally(db);
          folds += 1;
        } catch (error) {
          foldErrors.push(findPgError(error)?.code ?? String(error));
        }
      }
    })();

    const checkoutErrors: string[] = [];
    for (let round = 0; round < 6; round++) {
      await Promise.all(
        buyers.map(async (buyer, i) => {
          // Each buyer picks a different mix, so transactions overlap on different rows.
          const items = lines.filter((_, k) => (i + round + k) % 3 !== 0);
          try {
            await placeOrders(db, buyer.id, { items }, 'en', new Date(), { isPaid: true });
          } catch (error) {
            const code = (error as { code?: string }).code ?? findPgError(error)?.code ?? String(error);
            if (code !== 'INSUFFICIENT_BALANCE') {
              checkoutErrors.push(code);
            }
          }
        }),
      );
    }
    isRunning = false;
    await folding;
    await foldSalesTally(db);

    expect(foldErrors).toEqual([]);
    expect(checkoutErrors).toEqual([]);
    expect(folds).toBeGreaterThan(0);
    // Every unit taken from stock is in the sold counts once the tally is folded.
    const counts = await db.execute<{ sold: string; taken: string }>(sql`select
        (select coalesce(sum(sold_count), 0) from products where store_id in (${storeA}, ${storeB}) and id not in
          (select product_id from product_variants))
        + (select coalesce(sum(sold_count), 0) from product_variants) as sold,
        (select coalesce(sum(quantity), 0) from order_items) as taken`);
    expect(String(counts.rows[0]!.sold)).toBe(String(counts.rows[0]!.taken));
    expect((await checkLedger(db)).isOk).toBe(true);
  }, 120_000);
});

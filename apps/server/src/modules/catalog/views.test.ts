import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TTestContext } from '../../testing/test-app';
import { pruneProductViews } from './products';
import { VIEWS_PER_IP_PER_MINUTE } from './routes';
import { createShopWithProduct } from './test-fixtures';

/** Issue 10 defect 8: view counters were anonymous writes without limit, and product_views was never pruned. */
describe('product and store view counters', () => {
  let ctx: TTestContext;
  let productId: bigint;
  let storeId: bigint;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ storeId, productId } = await createShopWithProduct(ctx.database.db, {
      ownerName: `views${Date.now()}`,
      storeName: 'Viewed shop',
      category: { en: 'Viewed' },
      product: { en: 'Viewed goods' },
    }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const view = (url: string, cookie?: string, remoteAddress = '10.8.0.1') =>
    ctx.app.inject({ method: 'POST', url, remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });

  it('counts one view per viewer per page in the window', async () => {
    const first = await view(`/api/v1/catalog/products/${productId}/view`);
    const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const counted = json<{ pageViews: number }>(first).pageViews;
    for (let i = 0; i < 5; i++) {
      const again = await view(`/api/v1/catalog/products/${productId}/view`, cookie);
      expect(json<{ pageViews: number }>(again).pageViews).toBe(counted);
    }
    const store = await view(`/api/v1/catalog/stores/${storeId}/view`, cookie);
    const storeViews = json<{ pageViews: number }>(store).pageViews;
    expect(
      json<{ pageViews: number }>(await view(`/api/v1/catalog/stores/${storeId}/view`, cookie)).pageViews,
    ).toBe(storeViews);
  });

  it('limits counted views per client address, however many cookies it makes up', async () => {
    const ip = '10.8.0.2';
    for (let i = 0; i < VIEWS_PER_IP_PER_MINUTE + 20; i++) {
      // No cookie: a new viewer key each time, as a script would do.
      await view(`/api/v1/catalog/stores/${storeId}/view`, undefined, ip);
    }
    const rows = await ctx.database.db.execute<{ page_views: number }>(
      sql`select page_views from stores where id = ${storeId}`,
    );
    expect(Number(rows.rows[0]!.page_views)).toBeLessThanOrEqual(VIEWS_PER_IP_PER_MINUTE + 1);
  });

  it('prunes product views older than the kept period', async () => {
    const db = ctx.database.db;
    await db.execute(sql`insert into product_views (viewer, product_id, category_id, viewed_at)
      select 'old-viewer', id, category_id, now() - interval '200 days' from products where id = ${productId}`);
    await pruneProductViews(db);
    const left = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from product_views where viewer = 'old-viewer'`,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
    const recent = await db.execute<{ n: number }>(sql`select count(*)::int as n from product_views`);
    expect(Number(recent.rows[0]!.n)).toBeGreaterThan(0);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCatalogCache, rowsOf } from '../modules/catalog';
import { createCategoryTree, createProduct, createStore, createUser } from '../modules/catalog/test-fixtures';
import { createTestApp, type TTestContext } from '../testing/test-app';

describe('robots.txt and sitemaps', () => {
  let ctx: TTestContext;
  const visible: bigint[] = [];
  let hidden: bigint;
  let storeId: bigint;
  const dist = path.resolve('.tmp/test-seo-dist');

  beforeAll(async () => {
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    ctx = await createTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist, PUBLIC_URL: 'https://shop.example' });
    const db = ctx.database.db;
    const tree = await createCategoryTree(db);
    const owner = await createUser(db, 'seoowner');
    storeId = await createStore(db, { ownerId: owner.id, name: 'Sitemap Store' });
    // Twelve, so ids pass 9 -> 10 and a file sorted as text would show it.
    for (let i = 0; i < 12; i += 1) {
      visible.push(
        await createProduct(db, { storeId, categoryId: tree.shirts, names: { en: `Sitemap shirt ${i}` } }),
      );
    }
    hidden = await createProduct(db, {
      storeId,
      categoryId: tree.shirts,
      names: { en: 'Off the shelf' },
      isOnShelf: false,
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('robots.txt keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /userInfo');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('the sitemap index lists every visible product, the store and the categories with lastmod', async () => {
    const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex');
    const hiddenChangedAt = Date.parse(
      String(
        rowsOf(await ctx.database.db.execute(sql`select updated_at from products where id = ${hidden}`))[0]
          ?.updated_at,
      ),
    );
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    const fileDates = [...index.body.matchAll(/<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(fileDates).toHaveLength(3);
    expect(files).toEqual([
      'https://shop.example/sitemaps/products-1.xml',
      'https://shop.example/sitemaps/stores-1.xml',
      'https://shop.example/sitemaps/categories-1.xml',
    ]);
    const urls: string[] = [];
    for (const [index, file] of files.entries()) {
      const res = await ctx.app.inject({ method: 'GET', url: new URL(file).pathname });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<urlset');
      const entries = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
      const dates = entries.map((entry) => Date.parse(entry[2] ?? ''));
      expect(dates.every((date) => !Number.isNaN(date))).toBe(true);
      // The index dates each file by its newest change: an entry's, or (products) the hidden product's.
      expect(Date.parse(fileDates[index] ?? ''), file).toBe(
        file.includes('products') ? Math.max(...dates, hiddenChangedAt) : Math.max(...dates),
      );
      // In id order, numerically (product 10 after product 9).
      const ids = entries.map((entry) =>
        Number(new URL((entry[1] ?? '').replaceAll('&amp;', '&')).searchParams.get('id')),
      );
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      for (const entry of entries) {
        urls.push((entry[1] ?? '').replaceAll('&amp;', '&'));
      }
    }
    for (const id of visible) {
      expect(urls).toContain(`https://shop.example/productDetails?id=${id}`);
    }
    expect(urls).not.toContain(`https://shop.example/productDetails?id=${hidden}`);
    expect(urls).toContain(`https://shop.example/store?id=${storeId}`);
    expect(urls.filter((url) => url.includes('/classification?id=')).length).toBeGreaterThan(0);
  });

  it("moves a file's date when a product leaves it, so crawlers read the file again and drop the page", async () => {
    const productsFileDate = async () => {
      const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
      return index.body.match(/products-1\.xml<\/loc><lastmod>([^<]+)</)?.[1] ?? '';
    };
    const db = ctx.database.db;
    const before = await productsFileDate();
    const leaving = visible[3] as bigint;
    const later = new Date(Date.parse(before) + 60_000);
    await db.execute(
      sql`update products set is_on_shelf = false, updated_at = ${later} where id = ${leaving}`,
    );
    clearCatalogCache(db);
    expect(await productsFileDate()).toBe(later.toISOString());
    const file = await ctx.app.inject({ method: 'GET', url: '/sitemaps/products-1.xml' });
    expect(file.body).not.toContain(`productDetails?id=${leaving}<`);

    // A shop suspended: its products leave with it, dated by the shop's change.
    const closedAt = new Date(Date.parse(before) + 120_000);
    await db.execute(
      sql`update stores set status = 'suspended', updated_at = ${closedAt} where id = ${storeId}`,
    );
    clearCatalogCache(db);
    expect(await productsFileDate()).toBe(closedAt.toISOString());
    await db.execute(sql`update stores set status = 'active' where id = ${storeId}`);
    await db.execute(sql`update products set is_on_shelf = true where id = ${leaving}`);
    clearCatalogCache(db);
  });

  it('answers unknown sitemap files with 404, never 500', async () => {
    for (const name of ['products-2.xml', 'orders-1.xml', 'products-0.xml', 'products-99999999.xml', 'x']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/sitemaps/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });
});

import type {
  TCategoryNode,
  THomeResponse,
  TProductDetail,
  TProductPage,
  TReviewCounts,
  TStoreDetail,
} from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { clearCatalogCache, recordReview } from './index';
import {
  countQueries,
  createCategoryTree,
  createProduct,
  createStore,
  createUser,
  createVariant,
} from './test-fixtures';

describe('catalogue reads', () => {
  let ctx: TTestContext;
  let tree: Awaited<ReturnType<typeof createCategoryTree>>;
  let storeId: bigint;
  let germanStoreId: bigint;
  let buyer: { id: bigint; token: string };
  const ids: Record<string, bigint> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    tree = await createCategoryTree(db);
    const owner = await createUser(db, 'owner1');
    const owner2 = await createUser(db, 'owner2');
    buyer = await createUser(db, 'buyer1');
    storeId = await createStore(db, { ownerId: owner.id, name: 'First Store', isRecommended: 1 });
    germanStoreId = await createStore(db, { ownerId: owner2.id, name: 'Zweiter Laden', lang: 'de' });
    const day = 86_400_000;
    ids.shirt = await createProduct(db, {
      storeId,
      categoryId: tree.shirts,
      names: { en: 'Cotton Shirt', fr: 'Chemise en coton' },
      descriptions: { en: 'A shirt', fr: 'Une chemise' },
      price: 12,
      soldCount: 50,
      createdAt: new Date(Date.now() - 3 * day),
      attributes: [
        {
          code: 'colour',
          names: { en: 'Colour', fr: 'Couleur' },
          values: [
            { code: 'red', names: { en: 'Red', fr: 'Rouge' } },
            { code: 'blue', names: { en: 'Blue', fr: 'Bleu' } },
          ],
        },
      ],
    });
    ids.jacket = await createProduct(db, {
      storeId,
      categoryId: tree.jackets,
      names: { en: 'Wool Jacket' },
      price: 80,
      discountPrice: 60,
      soldCount: 5,
      createdAt: new Date(Date.now() - 1 * day),
    });
    ids.pot = await createProduct(db, {
      storeId: germanStoreId,
      categoryId: tree.other,
      lang: 'de',
      names: { de: 'Kochtopf aus Edelstahl' },
      descriptions: { de: 'Ein Topf' },
      price: 30,
      soldCount: 500,
      createdAt: new Date(Date.now() - 2 * day),
    });
    ids.expired = await createProduct(db, {
      storeId,
      categoryId: tree.shirts,
      names: { en: 'Linen Shirt' },
      price: 20,
      discountPrice: 5,
      discountEndsAt: new Date(Date.now() - day),
      soldCount: 1,
      createdAt: new Date(Date.now() - 4 * day),
    });
    ids.off = await createProduct(db, {
      storeId,
      categoryId: tree.shirts,
      names: { en: 'Hidden Shirt' },
      isOnShelf: false,
    });
    ids.red = await createVariant(db, { productId: ids.shirt, attrs: { colour: 'red' }, stock: 4 });
    ids.blue = await createVariant(db, {
      productId: ids.shirt,
      attrs: { colour: 'blue' },
      stock: 6,
      price: 15,
    });
    await db.transaction(async (tx) => {
      await recordReview(tx, { productId: ids.shirt!, userId: buyer.id, rating: 'good', content: 'Great' });
      await recordReview(tx, {
        productId: ids.shirt!,
        userId: buyer.id,
        rating: 'good',
        content: 'Nice photos',
        images: ['/uploads/a.webp', '/uploads/b.webp'],
      });
      await recordReview(tx, {
        productId: ids.shirt!,
        userId: buyer.id,
        rating: 'bad',
        content: 'Torn',
        variantId: ids.red!,
      });
      await recordReview(tx, { productId: ids.pot!, userId: buyer.id, rating: 'medium', content: 'OK' });
    });
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(() => {
    clearCatalogCache(ctx.database.db);
  });

  it('answers the category tree with three levels in the request language', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/catalog/categories?lang=de' });
    expect(res.statusCode).toBe(200);
    const { categories } = json<{ categories: TCategoryNode[] }>(res);
    expect(categories.map((c) => c.name)).toEqual(['Bekleidung', 'Kitchen']);
    const men = categories[0]!.children[0]!;
    expect(men).toMatchObject({ name: 'Herren', level: 2, parentId: String(tree.top) });
    expect(men.children.map((c) => c.name)).toEqual(['T-Shirts', 'Jackets']);
    expect(categories[0]!.isRecommended).toBe(true);
  });

  it('gives product detail with prices, freight, variants, store and review counts', async () => {
    const res = await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.shirt}?lang=fr` });
    expect(res.statusCode).toBe(200);
    const d = json<TProductDetail>(res);
    expect(d).toMatchObject({
      id: String(ids.shirt),
      name: 'Chemise en coton',
      description: 'Une chemise',
      textLang: 'fr',
      price: '12.00',
      sellingPrice: '12.00',
      originalPrice: '24.00',
      retailPrice: '36.00',
      discountPrice: null,
      isDiscounted: false,
      freight: { dispatchFee: '1.00', longDistanceFee: '2.00', deliveryFee: '0.50', total: '3.50' },
      buyMin: 1,
      maxBuy: 500,
      isOnShelf: true,
      isFavourite: false,
      evaluationNum: 3,
      reviewCounts: { all: 3, good: 2, medium: 0, bad: 1, photo: 1 },
      store: { id: String(storeId), name: 'First Store', favourableRate: '0.6667' },
    });
    expect(d.categoryPath.map((c) => c.id)).toEqual([
      String(tree.top),
      String(tree.mid),
      String(tree.shirts),
    ]);
    expect(d.images[0]).toMatchObject({ width: 960, height: 960 });
    expect(d.attributes[0]).toMatchObject({ code: 'colour', name: 'Couleur' });
    expect(d.variants).toEqual([
      { id: String(ids.red), attrs: { colour: 'red' }, name: 'Rouge', price: '12.00', stock: 4 },
      { id: String(ids.blue), attrs: { colour: 'blue' }, name: 'Bleu', price: '15.00', stock: 6 },
    ]);
  });

  it("falls back to the product's own language when the request language is missing", async () => {
    const res = await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.pot}?lang=ja` });
    expect(res.statusCode).toBe(200);
    expect(json<TProductDetail>(res)).toMatchObject({
      name: 'Kochtopf aus Edelstahl',
      description: 'Ein Topf',
      textLang: 'de',
    });
  });

  it('applies the discount only while it runs', async () => {
    const active = json<TProductDetail>(
      await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.jacket}` }),
    );
    expect(active).toMatchObject({ price: '60.00', discountPrice: '60.00', isDiscounted: true });
    const expired = json<TProductDetail>(
      await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.expired}` }),
    );
    expect(expired).toMatchObject({ price: '20.00', discountPrice: '5.00', isDiscounted: false });
  });

  it('says GOODS_OFF_SHELF for goods off shelf and 404 for unknown ids', async () => {
    const off = await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.off}` });
    expect(off.statusCode).toBe(409);
    expect(json(off)).toMatchObject({ error: { code: 'GOODS_OFF_SHELF' } });
    const unknown = await ctx.app.inject({ url: '/api/v1/catalog/products/987654321' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({
      error: { code: 'PRODUCT_NOT_FOUND', message: 'Product does not exist' },
    });
    const store = await ctx.app.inject({ url: '/api/v1/catalog/stores/987654321' });
    expect(store.statusCode).toBe(404);
    expect(json(store)).toMatchObject({ error: { code: 'STORE_NOT_FOUND' } });
    const badId = await ctx.app.inject({ url: '/api/v1/catalog/products/abc' });
    expect(badId.statusCode).toBe(400);
  });

  it.each([
    'pageNum=0',
    'pageNum=-1',
    'pageNum=1.5',
    'pageNum=abc',
    'pageSize=0',
    'pageSize=101',
    'sort=random',
    'minPrice=-1',
    'minPrice=1e3',
    'isDiscounted=maybe',
    'categoryId=0',
  ])('refuses bad list parameters (%s) with 400', async (query) => {
    const res = await ctx.app.inject({ url: `/api/v1/catalog/products?${query}` });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('lists products on shelf with filters and sorts', async () => {
    const list = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/v1/catalog/products?${query}` });
      expect(res.statusCode).toBe(200);
      return json<TProductPage>(res);
    };
    const all = await list('');
    expect(all.total).toBe(4);
    expect(all.pageList.map((p) => p.id)).toEqual([ids.jacket, ids.pot, ids.shirt, ids.expired].map(String));
    expect((await list('sort=sales')).pageList.map((p) => p.id)).toEqual(
      [ids.pot, ids.shirt, ids.jacket, ids.expired].map(String),
    );
    expect((await list('sort=priceAsc')).pageList.map((p) => p.price)).toEqual([
      '12.00',
      '20.00',
      '30.00',
      '60.00',
    ]);
    expect((await list('sort=priceDesc')).pageList.map((p) => p.price)).toEqual([
      '60.00',
      '30.00',
      '20.00',
      '12.00',
    ]);
    const apparel = await list(`categoryId=${tree.top}`);
    expect(apparel.pageList.map((p) => p.id).sort()).toEqual(
      [ids.shirt, ids.jacket, ids.expired].map(String).sort(),
    );
    expect((await list(`categoryId=${tree.jackets}`)).pageList.map((p) => p.id)).toEqual([
      String(ids.jacket),
    ]);
    expect((await list('minPrice=15&maxPrice=30')).pageList.map((p) => p.id).sort()).toEqual(
      [ids.pot, ids.expired].map(String).sort(),
    );
    // Totals of price ranges come from per-category price buckets with whole-unit bounds (inclusive at both
    // ends, 20.00 and 30.00 are prices here) and from SQL with cents: both must count what the list holds.
    for (const range of [
      'minPrice=15&maxPrice=30',
      'minPrice=20&maxPrice=30',
      'minPrice=20.01&maxPrice=30',
      'minPrice=12&maxPrice=29.99',
      'maxPrice=12',
      'minPrice=60',
      'minPrice=61',
      `categoryId=${tree.top}&minPrice=12&maxPrice=30`,
      `categoryId=${tree.top}&maxPrice=20`,
    ]) {
      const page = await list(range);
      expect({ range, total: page.total }).toEqual({ range, total: page.pageList.length });
    }
    expect((await list('minPrice=20&maxPrice=30')).total).toBe(2);
    expect((await list('minPrice=61')).total).toBe(0);
    expect((await list('isDiscounted=true')).pageList.map((p) => p.id)).toEqual([String(ids.jacket)]);
    expect((await list(`storeId=${germanStoreId}`)).pageList.map((p) => p.id)).toEqual([String(ids.pot)]);
    const paged = await list('pageNum=2&pageSize=3&sort=priceAsc');
    expect(paged).toMatchObject({ pageNum: 2, pageSize: 3, total: 4 });
    expect(paged.pageList.map((p) => p.price)).toEqual(['60.00']);
    const unknownCategory = await ctx.app.inject({ url: '/api/v1/catalog/products?categoryId=999999' });
    expect(json(unknownCategory)).toMatchObject({ error: { code: 'CATEGORY_NOT_FOUND' } });
  });

  it('lists reviews by class and counts them', async () => {
    const counts = await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.shirt}/reviews/counts` });
    expect(json<TReviewCounts>(counts)).toEqual({ all: 3, good: 2, medium: 0, bad: 1, photo: 1 });
    const photo = json<TProductPage & { pageList: { content: string; images: string[] }[] }>(
      await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.shirt}/reviews?type=photo` }),
    );
    expect(photo.total).toBe(1);
    expect(photo.pageList[0]).toMatchObject({
      content: 'Nice photos',
      images: ['/uploads/a.webp', '/uploads/b.webp'],
    });
    const bad = json<{
      total: number;
      pageList: { rating: string; reviewerName: string; variantName: string | null }[];
    }>(await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.shirt}/reviews?type=bad` }));
    expect(bad.total).toBe(1);
    expect(bad.pageList[0]).toMatchObject({ rating: 'bad', reviewerName: 'bu***1', variantName: 'Red' });
    // The reviewed variant by its name in the reader's language, not its code ("red").
    const badInFrench = json<{ pageList: { variantName: string | null }[] }>(
      await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.shirt}/reviews?type=bad&lang=fr` }),
    );
    expect(badInFrench.pageList[0]?.variantName).toBe('Rouge');
    const wrong = await ctx.app.inject({ url: `/api/v1/catalog/products/${ids.shirt}/reviews?type=great` });
    expect(wrong.statusCode).toBe(400);
    const missing = await ctx.app.inject({ url: '/api/v1/catalog/products/987654321/reviews/counts' });
    expect(missing.statusCode).toBe(404);
  });

  it('shows a store with its favourable rate from reviews and whether the visitor follows it', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/catalog/stores/${germanStoreId}`,
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(json<TStoreDetail>(res)).toMatchObject({
      name: 'Zweiter Laden',
      goodsCount: 1,
      totalReviews: 1,
      favourableRate: '0.0000',
      isFollowed: false,
    });
    const products = await ctx.app.inject({
      url: `/api/v1/catalog/stores/${storeId}/products?sort=priceAsc`,
    });
    expect(json<TProductPage>(products).total).toBe(3);
  });

  it("keeps a visitor's store header until the catalogue changes, and reads a buyer's fresh", async () => {
    const db = ctx.database.db;
    const url = `/api/v1/catalog/stores/${germanStoreId}`;
    const before = json<TStoreDetail>(await ctx.app.inject({ url }));
    await db.execute(
      sql`update stores set followers_count = followers_count + 5 where id = ${germanStoreId}`,
    );
    try {
      // The count of the store's goods is not made again for every visitor of the store and its goods pages.
      expect(json<TStoreDetail>(await ctx.app.inject({ url })).followersCount).toBe(before.followersCount);
      expect(
        json<TStoreDetail>(await ctx.app.inject({ url, headers: bearer(buyer.token) })).followersCount,
      ).toBe(before.followersCount + 5);
      clearCatalogCache(db);
      expect(json<TStoreDetail>(await ctx.app.inject({ url })).followersCount).toBe(
        before.followersCount + 5,
      );
    } finally {
      await db.execute(
        sql`update stores set followers_count = followers_count - 5 where id = ${germanStoreId}`,
      );
      clearCatalogCache(db);
    }
    const missing = await ctx.app.inject({ url: '/api/v1/catalog/stores/987654321' });
    expect(missing.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/catalog/stores/987654321' })).statusCode).toBe(404);
  });

  it('counts page views and uses them for guess-you-like', async () => {
    const view = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/products/${ids.expired}/view`,
    });
    expect(view.statusCode).toBe(200);
    expect(json(view)).toEqual({ pageViews: 1 });
    const cookie = view.cookies.find((c) => c.name === 'caravan_visitor');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const guess = json<{ products: TProductPage }>(
      await ctx.app.inject({
        url: '/api/v1/catalog/home/guess',
        cookies: { caravan_visitor: cookie!.value },
      }),
    );
    // Same category as the viewed linen shirt, the viewed product itself left out.
    expect(guess.products.pageList.map((p) => p.id)).toEqual([String(ids.shirt)]);
    const off = await ctx.app.inject({ method: 'POST', url: `/api/v1/catalog/products/${ids.off}/view` });
    expect(json(off)).toMatchObject({ error: { code: 'GOODS_OFF_SHELF' } });
  });

  it('serves the whole home page in one call', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/catalog/home' });
    expect(res.statusCode).toBe(200);
    const home = json<THomeResponse>(res);
    expect(home.hot.map((p) => p.id)).toEqual([ids.pot, ids.shirt, ids.jacket, ids.expired].map(String));
    expect(home.new[0]!.id).toBe(String(ids.jacket));
    expect(home.discounted.map((p) => p.id)).toEqual([String(ids.jacket)]);
    expect(home.guess.map((p) => p.id)).toEqual(home.hot.map((p) => p.id));
    expect(home.stores[0]).toMatchObject({ name: 'First Store', isRecommended: true });
    expect(home.categories.map((c) => c.name)).toEqual(['Apparel']);
    const more = await ctx.app.inject({ url: '/api/v1/catalog/home/hot?pageNum=2&pageSize=3' });
    expect(json<{ products: TProductPage }>(more).products).toMatchObject({ total: 4, pageNum: 2 });
    expect(json<{ products: TProductPage }>(more).products.pageList).toHaveLength(1);
    const wrong = await ctx.app.inject({ url: '/api/v1/catalog/home/everything' });
    expect(wrong.statusCode).toBe(400);
  });

  it('uses a fixed number of queries for home and lists whatever the page size (no N+1)', async () => {
    const db = ctx.database.db;
    for (let i = 0; i < 30; i++) {
      const productId = await createProduct(db, {
        storeId: i % 2 ? storeId : germanStoreId,
        categoryId: tree.shirts,
        names: { en: `Bulk Shirt ${i}` },
        soldCount: i,
        isRecommended: true,
        discountPrice: i % 3 === 0 ? 5 : null,
      });
      await createVariant(db, { productId, attrs: { colour: 'red' }, stock: 3 });
    }
    const counter = countQueries(ctx.database);
    const measure = async (url: string, headers: Record<string, string> = {}) => {
      clearCatalogCache(db);
      counter.reset();
      const res = await ctx.app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      return counter.read();
    };
    const home = await measure('/api/v1/catalog/home');
    expect(home).toBeLessThanOrEqual(14);
    expect(await measure('/api/v1/catalog/home', bearer(buyer.token))).toBeLessThanOrEqual(home + 4);
    const small = await measure('/api/v1/catalog/products?pageSize=2');
    const large = await measure('/api/v1/catalog/products?pageSize=30');
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(3);
    expect(await measure('/api/v1/catalog/search/goods?k=shirt&pageSize=30')).toBe(
      await measure('/api/v1/catalog/search/goods?k=shirt&pageSize=2'),
    );
    expect(await measure('/api/v1/catalog/home/recommended?pageSize=30')).toBeLessThanOrEqual(3);
    expect(await measure(`/api/v1/catalog/products/${ids.shirt}`)).toBeLessThanOrEqual(3);
    // Cached: a second read of the same page does not touch the database.
    await ctx.app.inject({ url: '/api/v1/catalog/products?pageSize=30' });
    counter.reset();
    await ctx.app.inject({ url: '/api/v1/catalog/products?pageSize=30' });
    expect(counter.read()).toBe(0);
  });

  it('cuts every page size from the 100-row windows in the order and with the total the database gives', async () => {
    const db = ctx.database.db;
    // Over two windows of rows, with repeated prices and sales so ties are broken by id, and some off shelf.
    for (let i = 0; i < 130; i++) {
      await createProduct(db, {
        storeId: i % 3 ? storeId : germanStoreId,
        categoryId: i % 2 ? tree.shirts : tree.other,
        names: { en: `Window Goods ${i}` },
        price: 5 + (i % 17),
        soldCount: i % 11,
        isOnShelf: i % 13 !== 0,
        createdAt: new Date(Date.now() - (i % 40) * 60_000),
      });
    }
    clearCatalogCache(db);
    const orders = {
      newest: 'p.created_at desc, p.id desc',
      sales: 'p.sold_count desc, p.id desc',
      priceAsc: 'p.price asc, p.id asc',
      priceDesc: 'p.price desc, p.id desc',
    };
    for (const [sort, orderBy] of Object.entries(orders)) {
      for (const filter of ['', '&minPrice=8&maxPrice=15']) {
        const expected = (
          await db.execute(
            sql.raw(`select p.id::text as id from products p join stores s on s.id = p.store_id
              where p.is_on_shelf and s.status = 'active' ${filter ? 'and p.price >= 8 and p.price <= 15' : ''}
              order by ${orderBy}`),
          )
        ).rows.map((r) => String(r.id));
        expect(expected.length).toBeGreaterThan(filter ? 40 : 120);
        for (const pageSize of [20, 30, 7, 100]) {
          const seen: string[] = [];
          for (let pageNum = 1; (pageNum - 1) * pageSize < expected.length + pageSize; pageNum++) {
            const res = await ctx.app.inject({
              url: `/api/v1/catalog/products?sort=${sort}&pageNum=${pageNum}&pageSize=${pageSize}${filter}`,
            });
            const page = json<TProductPage>(res);
            expect({ sort, filter, pageSize, pageNum, total: page.total }).toEqual({
              sort,
              filter,
              pageSize,
              pageNum,
              total: expected.length,
            });
            seen.push(...page.pageList.map((p) => p.id));
          }
          expect({ sort, filter, pageSize, ids: seen }).toEqual({ sort, filter, pageSize, ids: expected });
        }
      }
    }
  });

  it("reads a first miss as its own page alone, and the 100-row window behind a list's first page or a second page of it", async () => {
    const db = ctx.database.db;
    for (let i = 0; i < 210; i++) {
      await createProduct(db, {
        storeId,
        categoryId: tree.shirts,
        names: { en: `Miss Goods ${i}` },
        price: 3 + (i % 9),
      });
    }
    // A list read first folds ended discounts back into prices (at most every 30 s), so SQL sees the same prices.
    await ctx.app.inject({ url: '/api/v1/catalog/products?pageSize=1' });
    const expected = (
      await db.execute(sql`select p.id::text as id from products p join stores s on s.id = p.store_id
        where p.is_on_shelf and s.status = 'active' order by p.price asc, p.id asc limit 100`)
    ).rows.map((r) => String(r.id));
    expect(expected).toHaveLength(100);
    clearCatalogCache(db);
    const counter = countQueries(ctx.database);
    // The row limit of every page or window query sent (limit $n offset $m).
    const rowsRead = () =>
      counter.sent().flatMap(({ text, params }) => {
        const match = /limit \$(\d+) offset \$(\d+)/.exec(text);
        return match ? [Number(params[Number(match[1]) - 1])] : [];
      });
    const read = async (pageNum: number) => {
      const res = await ctx.app.inject({
        url: `/api/v1/catalog/products?sort=priceAsc&pageSize=20&pageNum=${pageNum}`,
      });
      expect(res.statusCode).toBe(200);
      const page = json<TProductPage>(res);
      expect(page.total).toBeGreaterThanOrEqual(100);
      return page.pageList.map((p) => p.id);
    };
    // Past the first window (rows 100-199): a first miss reads its own 20 rows and nothing more.
    const second = (
      await db.execute(sql`select p.id::text as id from products p join stores s on s.id = p.store_id
        where p.is_on_shelf and s.status = 'active' order by p.price asc, p.id asc limit 100 offset 100`)
    ).rows.map((r) => String(r.id));
    expect(second.length).toBeGreaterThanOrEqual(80);
    counter.reset();
    expect(await read(7)).toEqual(second.slice(20, 40));
    expect(rowsRead()).toEqual([20]);
    // Read again: cached, nothing sent.
    expect(await read(7)).toEqual(second.slice(20, 40));
    expect(rowsRead()).toEqual([20]);
    counter.reset();
    // A second page of the window: its own 20 rows, and the window of 100 behind it.
    expect(await read(9)).toEqual(second.slice(60, 80));
    // Cut from the window (loading or loaded): no further page query.
    expect(await read(8)).toEqual(second.slice(40, 60));
    expect(await read(6)).toEqual(second.slice(0, 20));
    expect(rowsRead().sort((a, b) => a - b)).toEqual([20, 100]);
    // A list's first window is read behind its first miss: visitors read the next pages.
    counter.reset();
    expect(await read(2)).toEqual(expected.slice(20, 40));
    expect(await read(1)).toEqual(expected.slice(0, 20));
    expect(await read(5)).toEqual(expected.slice(80, 100));
    expect(rowsRead().sort((a, b) => a - b)).toEqual([20, 100]);
  });
  // Last: the product it adds would change the other tests' counts.
  it("prefers English to the product's own language when the reader's is missing, in lists and on the page", async () => {
    const pan = await createProduct(ctx.database.db, {
      storeId: germanStoreId,
      categoryId: tree.other,
      lang: 'de',
      names: { de: 'Bratpfanne aus Gusseisen', en: 'Cast iron frying pan' },
      descriptions: { de: 'Eine Pfanne', en: 'A pan' },
      price: 20,
    });
    // A Russian reader saw each shop's own language (German, Spanish, Arabic...) where English was there.
    const page = await ctx.app.inject({ url: `/api/v1/catalog/products/${pan}?lang=ru` });
    expect(json<TProductDetail>(page)).toMatchObject({
      name: 'Cast iron frying pan',
      description: 'A pan',
      textLang: 'en',
    });
    const list = await ctx.app.inject({ url: `/api/v1/catalog/products?storeId=${germanStoreId}&lang=ru` });
    const card = json<{ pageList: { id: string; name: string }[] }>(list).pageList.find(
      (p) => p.id === String(pan),
    );
    expect(card?.name).toBe('Cast iron frying pan');
    const german = await ctx.app.inject({ url: `/api/v1/catalog/products/${pan}?lang=de` });
    expect(json<TProductDetail>(german).name).toBe('Bratpfanne aus Gusseisen');
  });
});

import type {
  TFavouriteProductPage,
  TFollowedStorePage,
  TProductDetail,
  TStoreDetail,
} from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createCategoryTree, createProduct, createStore, createUser } from '../catalog/test-fixtures';

describe('favourites and follows', () => {
  let ctx: TTestContext;
  let buyer: { id: bigint; token: string };
  let seller: { id: bigint; token: string };
  let ownStoreId: bigint;
  const storeIds: bigint[] = [];
  const productIds: bigint[] = [];
  let offId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const tree = await createCategoryTree(db);
    buyer = await createUser(db, 'favbuyer');
    seller = await createUser(db, 'favseller');
    ownStoreId = await createStore(db, { ownerId: seller.id, name: 'Own Store' });
    for (let i = 0; i < 3; i++) {
      const owner = await createUser(db, `favowner${i}`);
      storeIds.push(await createStore(db, { ownerId: owner.id, name: `Store ${i}` }));
      productIds.push(
        await createProduct(db, {
          storeId: storeIds[i]!,
          categoryId: tree.shirts,
          names: { en: `Item ${i}` },
        }),
      );
    }
    offId = await createProduct(db, {
      storeId: storeIds[0]!,
      categoryId: tree.shirts,
      names: { en: 'Gone' },
      isOnShelf: false,
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('sends visitors to log in (401) on every favourite and follow call', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/favourites/products'],
      ['GET', '/api/v1/favourites/products/count'],
      ['POST', `/api/v1/favourites/products/${productIds[0]}`],
      ['DELETE', `/api/v1/favourites/products/${productIds[0]}`],
      ['GET', '/api/v1/favourites/stores'],
      ['GET', '/api/v1/favourites/stores/count'],
      ['POST', `/api/v1/favourites/stores/${storeIds[0]}`],
      ['DELETE', `/api/v1/favourites/stores/${storeIds[0]}`],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(json(res)).toMatchObject({ error: { code: 'NOT_LOGGED_IN' } });
    }
  });

  it('adds, lists, counts and removes favourite products', async () => {
    const auth = bearer(buyer.token);
    for (const id of [productIds[0], productIds[1], productIds[0]]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/favourites/products/${id}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(json(await ctx.app.inject({ url: '/api/v1/favourites/products/count', headers: auth }))).toEqual({
      count: 2,
    });
    const list = json<TFavouriteProductPage>(
      await ctx.app.inject({ url: '/api/v1/favourites/products', headers: auth }),
    );
    expect(list.total).toBe(2);
    expect(list.pageList.map((p) => p.id)).toEqual(
      expect.arrayContaining([String(productIds[0]), String(productIds[1])]),
    );
    const detail = json<TProductDetail>(
      await ctx.app.inject({ url: `/api/v1/catalog/products/${productIds[0]}`, headers: auth }),
    );
    expect(detail.isFavourite).toBe(true);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/favourites/products/${productIds[0]}`,
      headers: auth,
    });
    expect(json(removed)).toEqual({ isFavourite: false, count: 1 });
    const stored = await ctx.database.db.execute(
      sql`select product_id::text as id from favourites where user_id = ${String(buyer.id)}::bigint`,
    );
    expect((stored as unknown as { rows: { id: string }[] }).rows).toEqual([{ id: String(productIds[1]) }]);
  });

  it('refuses unknown and off-shelf products', async () => {
    const auth = bearer(buyer.token);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/favourites/products/987654321',
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/favourites/products/${offId}`,
      headers: auth,
    });
    expect(json(off)).toMatchObject({ error: { code: 'GOODS_OFF_SHELF' } });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/favourites/products/x1',
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('follows and unfollows stores, keeping the followers count', async () => {
    const auth = bearer(buyer.token);
    const follow = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/favourites/stores/${storeIds[0]}`,
      headers: auth,
    });
    expect(json(follow)).toEqual({ isFollowed: true, count: 1, followersCount: 1 });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/favourites/stores/${storeIds[0]}`,
      headers: auth,
    });
    expect(json(again)).toEqual({ isFollowed: true, count: 1, followersCount: 1 });
    const store = json<TStoreDetail>(
      await ctx.app.inject({ url: `/api/v1/catalog/stores/${storeIds[0]}`, headers: auth }),
    );
    expect(store).toMatchObject({ isFollowed: true, followersCount: 1 });
    const list = json<TFollowedStorePage>(
      await ctx.app.inject({ url: '/api/v1/favourites/stores', headers: auth }),
    );
    expect(list.pageList.map((s) => s.id)).toEqual([String(storeIds[0])]);
    const unfollow = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/favourites/stores/${storeIds[0]}`,
      headers: auth,
    });
    expect(json(unfollow)).toEqual({ isFollowed: false, count: 0, followersCount: 0 });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/favourites/stores/987654321',
      headers: auth,
    });
    expect(json(unknown)).toMatchObject({ error: { code: 'STORE_NOT_FOUND' } });
  });

  it('does not let a seller follow his own store', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/favourites/stores/${ownStoreId}`,
      headers: bearer(seller.token),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: { code: 'FOLLOW_OWN_STORE', message: 'You cannot follow your own store' },
    });
  });

  it("does not let a seller follow another seller's store, and changes nothing", async () => {
    const before = json<TStoreDetail>(await ctx.app.inject({ url: `/api/v1/catalog/stores/${storeIds[1]}` }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/favourites/stores/${storeIds[1]}?lang=de`,
      headers: bearer(seller.token),
    });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      error: { code: 'SELLER_CANNOT_FOLLOW', message: 'Verkäufer können Shops nicht folgen' },
    });
    const after = json<TStoreDetail>(await ctx.app.inject({ url: `/api/v1/catalog/stores/${storeIds[1]}` }));
    expect(after.followersCount).toBe(before.followersCount);
    expect(
      json(await ctx.app.inject({ url: '/api/v1/favourites/stores/count', headers: bearer(seller.token) })),
    ).toEqual({ count: 0 });
  });

  it('stops favourites at the favourite_goods_limit system parameter, also under parallel requests', async () => {
    const collector = await createUser(ctx.database.db, 'favcollector');
    const auth = bearer(collector.token);
    await ctx.database.db.execute(sql`insert into system_params (code, value, description)
      values ('favourite_goods_limit', '2', 'test') on conflict (code) do update set value = '2'`);
    try {
      const results = await Promise.all(
        productIds.map((id) =>
          ctx.app.inject({ method: 'POST', url: `/api/v1/favourites/products/${id}`, headers: auth }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
      expect(json(results.find((r) => r.statusCode === 409)!)).toMatchObject({
        error: { code: 'FAVOURITE_LIMIT_REACHED' },
      });
      expect(json(await ctx.app.inject({ url: '/api/v1/favourites/products/count', headers: auth }))).toEqual(
        { count: 2 },
      );
      // Favouriting one already kept is not a new favourite and passes at the limit.
      const kept = results.findIndex((r) => r.statusCode === 200);
      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/favourites/products/${productIds[kept]}`,
        headers: auth,
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await ctx.database.db.execute(sql`delete from system_params where code = 'favourite_goods_limit'`);
    }
  });

  it('stops at the follow_store_limit system parameter, also under parallel requests', async () => {
    await ctx.database.db.execute(
      sql`update system_params set value = '2' where code = 'follow_store_limit'`,
    );
    const auth = bearer(buyer.token);
    const results = await Promise.all(
      storeIds.map((id) =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/favourites/stores/${id}`, headers: auth }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(json(refused)).toMatchObject({ error: { code: 'FOLLOW_LIMIT_REACHED' } });
    expect(json(await ctx.app.inject({ url: '/api/v1/favourites/stores/count', headers: auth }))).toEqual({
      count: 2,
    });
  });
});

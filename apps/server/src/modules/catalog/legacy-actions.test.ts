import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createCategoryTree, createProduct, createStore, createUser } from './test-fixtures';

type TLegacy = { code: number | string; msg: string; data: unknown };

describe('legacy catalogue calls (SPEC §7)', () => {
  let ctx: TTestContext;
  let buyer: { id: bigint; token: string };
  let productId: bigint;
  let storeId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const tree = await createCategoryTree(db);
    const owner = await createUser(db, 'legacyowner');
    buyer = await createUser(db, 'legacybuyer');
    storeId = await createStore(db, { ownerId: owner.id, name: 'Legacy Store' });
    productId = await createProduct(db, { storeId, categoryId: tree.shirts, names: { en: 'Legacy Lamp' } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = async (action: string, params: Record<string, string>) => {
    const query = new URLSearchParams(params).toString();
    const res = await ctx.app.inject({ method: 'POST', url: `/api/${action}.action?${query}` });
    return json<TLegacy>(res);
  };

  it('answers the category tree, lists, search-keyword and info', async () => {
    const tree = await call('category!tree', {});
    expect(Number(tree.code)).toBe(0);
    expect((tree.data as { categoryList: unknown[] }).categoryList).toHaveLength(2);
    const list = await call('sellerGoods!list', { pageNum: '1', pageSize: '10', sellerId: String(storeId) });
    expect((list.data as { total: number }).total).toBe(1);
    const found = await call('sellerGoods!search-keyword', { keyword: 'lamp' });
    expect(found.data).toEqual({
      goodsList: [{ id: String(productId), name: 'Legacy Lamp' }],
      sellerList: [],
    });
    const info = await call('sellerGoods!info', { goodsId: String(productId) });
    expect(info.data).toMatchObject({ id: String(productId), name: 'Legacy Lamp' });
    const seller = await call('seller!info', { sellerId: String(storeId) });
    expect(seller.data).toMatchObject({ name: 'Legacy Store' });
    const counts = await call('evaluation!countType', { sellerGoodsId: String(productId) });
    expect(counts.data).toEqual({ all: 0, good: 0, medium: 0, bad: 0, photo: 0 });
    const missing = await call('sellerGoods!info', { goodsId: '987654321' });
    expect(Number(missing.code)).not.toBe(0);
  });

  it('keeps goods and follows sellers with the token as a query parameter', async () => {
    const added = await call('keepGoods!add', { token: buyer.token, goodsId: String(productId) });
    expect(Number(added.code)).toBe(0);
    expect((await call('keepGoods!count', { token: buyer.token })).data).toBe(1);
    await call('focusSeller!add', { token: buyer.token, sellerId: String(storeId) });
    expect((await call('focusSeller!count', { token: buyer.token })).data).toBe(1);
    await call('keepGoods!del', { token: buyer.token, goodsId: String(productId) });
    expect((await call('keepGoods!count', { token: buyer.token })).data).toBe(0);
    const visitor = await call('keepGoods!count', {});
    expect(Number(visitor.code)).not.toBe(0);
  });
});

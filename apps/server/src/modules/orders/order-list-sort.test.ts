import type { TOrderPage } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestStaff } from '../../testing/fixtures';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  placeTestOrder,
  type TTestUser,
} from './test-fixtures';

type TErr = { error: { code: string; message: string; details?: { fields?: { field: string }[] } } };
type TRow = { orderNo: string; id: bigint; total: number; createdAt: number };

/** Orders in the shop: 45, with totals and dates that repeat and run against the ids. */
const SHOP_ORDERS = 45;

describe('the seller’s and the console’s order lists sorted by a column, on the server', () => {
  let ctx: TTestContext;
  let seller: TTestUser;
  let staffToken: string;
  let shopRows: TRow[];
  let allRows: TRow[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const buyer = await createTestUser(db);
    seller = await createTestUser(db);
    const rival = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, 'Sorted shop');
    const rivalStore = await createTestStore(db, rival.id, 'Other shop');
    const own = (await createTestProduct(db, storeId, { price: '10', stock: 100 })).productId;
    const other = (await createTestProduct(db, rivalStore, { price: '10', stock: 100 })).productId;
    const first = await placeTestOrder(db, buyer.id, own, { isPaid: false });
    await placeTestOrder(db, buyer.id, other, { isPaid: false });
    // Copies of the shop's order: totals of 1 to 9 USDT (each several times), dates a few minutes apart that do not
    // follow the ids (and repeat), so neither order can pass for the ids' own.
    await db.execute(sql`
      insert into orders (order_no, buyer_user_id, store_id, seller_user_id, status, items_amount, dispatch_fee,
        long_distance_fee, delivery_fee, tax, handling_fee, discount, total, paid_amount, address, created_at)
      select 'S' || lpad(i::text, 19, '0'), buyer_user_id, store_id, seller_user_id, 0, items_amount, dispatch_fee,
        long_distance_fee, delivery_fee, tax, handling_fee, discount, (1 + (i * 7) % 9)::numeric, 0, address,
        timestamptz '2026-11-01 00:00:00+00' + ((i * 11) % 17) * interval '1 minute'
      from orders, generate_series(1, ${SHOP_ORDERS - 1}) as i
      where orders.id = ${first.orderId}`);
    const read = await db.execute<{
      order_no: string;
      id: string;
      total: string;
      created_at: Date;
      store_id: string;
    }>(sql`select order_no, id::text, total::text, created_at, store_id::text from ${orders}`);
    allRows = read.rows.map((r) => ({
      orderNo: r.order_no,
      id: BigInt(r.id),
      total: Number(r.total),
      createdAt: new Date(r.created_at).getTime(),
    }));
    shopRows = allRows.filter((_, i) => read.rows[i]!.store_id === String(storeId));
    expect(shopRows).toHaveLength(SHOP_ORDERS);
    staffToken = (await createTestStaff(db, ['orders.manage'])).token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Every page of the list at `path` with `query`, in the order the pages came. */
  async function readAllPages(path: string, token: string, query: string): Promise<string[]> {
    const numbers: string[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${path}?pageNum=${pageNum}${query ? `&${query}` : ''}`,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as TOrderPage;
      numbers.push(...page.pageList.map((o) => o.orderNo));
      if (pageNum * page.pageSize >= page.total) {
        return numbers;
      }
    }
  }

  /** `rows` ordered by `key` then id, both in `direction`: what the server must answer. */
  function expected(rows: TRow[], key: 'total' | 'createdAt', direction: 1 | -1): string[] {
    return [...rows]
      .sort((a, b) => direction * (a[key] - b[key] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
      .map((r) => r.orderNo);
  }

  it.each([
    ['total', 'asc', 1],
    ['total', 'desc', -1],
    ['createdAt', 'asc', 1],
    ['createdAt', 'desc', -1],
  ] as const)(
    'orders the shop’s list by %s %s across its pages, equal values by id',
    async (key, order, dir) => {
      const numbers = await readAllPages(
        '/api/v1/seller/orders',
        seller.sellerToken,
        `sort=${key}&order=${order}`,
      );
      // Three pages of 20: no order repeated or skipped at a page's edge, although values repeat there.
      expect(new Set(numbers).size).toBe(SHOP_ORDERS);
      expect(numbers).toEqual(expected(shopRows, key, dir));
    },
  );

  it('orders the console’s list of every shop the same way, and keeps newest first without a sort', async () => {
    const byTotal = await readAllPages('/api/v1/admin/orders', staffToken, 'sort=total&order=desc');
    expect(byTotal).toEqual(expected(allRows, 'total', -1));
    // A key alone is ascending.
    expect(await readAllPages('/api/v1/admin/orders', staffToken, 'sort=total')).toEqual(
      expected(allRows, 'total', 1),
    );
    // No sort: newest first, as before sorting existed (an order alone changes nothing).
    const newestFirst = expected(allRows, 'createdAt', -1);
    expect(await readAllPages('/api/v1/admin/orders', staffToken, '')).toEqual(newestFirst);
    expect(await readAllPages('/api/v1/admin/orders', staffToken, 'order=asc')).toEqual(newestFirst);
  });

  it('refuses a key or a direction the list does not have with a 400 in the reader’s language', async () => {
    const calls = [
      ['/api/v1/admin/orders', staffToken, 'sort=buyer', 'sort'],
      ['/api/v1/admin/orders', staffToken, 'sort=total;drop table orders', 'sort'],
      ['/api/v1/admin/orders', staffToken, 'sort=__proto__', 'sort'],
      ['/api/v1/seller/orders', seller.sellerToken, 'sort=total&order=up', 'order'],
      ['/api/v1/seller/orders', seller.sellerToken, 'sort=TOTAL', 'sort'],
    ] as const;
    for (const [path, token, query, field] of calls) {
      const res = await ctx.app.inject({ method: 'GET', url: `${path}?${query}`, headers: bearer(token) });
      expect(res.statusCode, query).toBe(400);
      const { error } = res.json() as TErr;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message, query).toBe('This is not one of the allowed values');
      expect(error.details?.fields?.map((f) => f.field)).toEqual([field]);
    }
    const german = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?sort=buyer&lang=de',
      headers: bearer(staffToken),
    });
    expect(german.statusCode).toBe(400);
    expect((german.json() as TErr).error.message).not.toBe('This is not one of the allowed values');
  });
});

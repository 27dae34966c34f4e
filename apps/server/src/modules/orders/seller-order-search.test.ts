import type { TOrderPage } from '@caravan/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestStaff, fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import { orderNoStartsWith } from './queries';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  placeTestOrder,
  type TTestUser,
} from './test-fixtures';

type TErr = { error: { code: string; message: string } };

describe("the seller's order search by the start of the order number", () => {
  let ctx: TTestContext;
  let seller: TTestUser;
  let storeId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const buyer = await createTestUser(db);
    seller = await createTestUser(db);
    const rival = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Searched shop');
    const rivalStore = await createTestStore(db, rival.id, 'Other shop');
    const own = (await createTestProduct(db, storeId, { price: '10', stock: 100 })).productId;
    const other = (await createTestProduct(db, rivalStore, { price: '10', stock: 100 })).productId;
    await fundUser(db, buyer.id, '1000');
    // Known numbers, so that prefixes are shared within the shop, with the other shop, and across a carry.
    const numbered = [
      [own, '20261204942809403224'],
      [own, '20261204942800000001'],
      [own, '20261299999999999999'],
      [own, '20261300000000000000'],
      [other, '20261204942811111111'],
    ] as const;
    for (const [productId, orderNo] of numbered) {
      const placed = await placeTestOrder(db, buyer.id, productId);
      await db.update(orders).set({ orderNo }).where(eq(orders.orderNo, placed.orderNo));
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  const search = (orderNo: string, lang = 'en') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/orders?orderNo=${encodeURIComponent(orderNo)}&lang=${lang}`,
      headers: bearer(seller.sellerToken),
    });
  const found = async (orderNo: string) => {
    const res = await search(orderNo);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TOrderPage).pageList.map((o) => o.orderNo).sort();
  };

  it("finds this shop's orders whose number starts with the digits typed, never another shop's", async () => {
    expect(await found('2026120494')).toEqual(['20261204942800000001', '20261204942809403224']);
    expect(await found('20261204942809403224')).toEqual(['20261204942809403224']);
    // The prefix ends in nines: the range's upper end carries over, and the next number is not in it.
    expect(await found('2026129999')).toEqual(['20261299999999999999']);
    expect(await found('2026')).toHaveLength(4);
    expect(await found('9999')).toEqual([]);
    expect(await found('')).toHaveLength(4);
  });

  it('refuses letters or fewer than 4 digits with a clear 400 in the reader’s language', async () => {
    for (const typed of ['abc', '2026-12', '202', 'CV20261204']) {
      const res = await search(typed);
      expect(res.statusCode, typed).toBe(400);
      expect((res.json() as TErr).error.message, typed).toBe(
        'Enter at least 4 digits of the order number, digits only',
      );
    }
  });

  it("finds any shop's orders by the start of the number in the console, with the same refusals", async () => {
    const staff = await createTestStaff(ctx.database.db, ['orders.manage']);
    const inConsole = (orderNo: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders?orderNo=${encodeURIComponent(orderNo)}`,
        headers: bearer(staff.token),
      });
    const res = await inConsole('2026120494');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TOrderPage).pageList.map((o) => o.orderNo).sort()).toEqual([
      '20261204942800000001',
      '20261204942809403224',
      '20261204942811111111',
    ]);
    expect((await inConsole('abc')).statusCode).toBe(400);
  });

  it('reads an index, not every order of every shop', async () => {
    const db = ctx.database.db;
    // The tables are tiny, so the planner would scan them anyway; with scans made dear it shows what it can use.
    await db.execute(sql`set enable_seqscan = off`);
    try {
      const planOf = async (where: ReturnType<typeof and>) => {
        const result = await db.execute(
          sql`explain ${db.select({ id: orders.id }).from(orders).where(where)}`,
        );
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
          string,
          string
        >[];
        return rows.map((r) => Object.values(r).join(' ')).join('\n');
      };
      const scoped = await planOf(and(eq(orders.storeId, storeId), orderNoStartsWith('2026120494')));
      expect(scoped).not.toMatch(/Seq Scan on orders/);
      // Without the shop, the prefix alone is a range on the order number's own index (LIKE alone is no index condition).
      const unscoped = await planOf(orderNoStartsWith('2026120494'));
      expect(unscoped).toMatch(/Index Scan using orders_order_no_key/);
      expect(unscoped).toMatch(/Index Cond: .*order_no >= '2026120494'.*order_no < '2026120495'/);
    } finally {
      await db.execute(sql`set enable_seqscan = on`);
    }
  });
});

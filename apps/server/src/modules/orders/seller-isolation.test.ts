import {
  formatMoney,
  type TNotificationPage,
  type TOrderPage,
  type TSellerSummary,
  type TUnreadCount,
} from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  placeTestOrder,
  type TTestUser,
} from './test-fixtures';

type TErr = { error: { code: string } };

/**
 * Every /api/v1/seller order and notification call, made by a second seller against the first shop's order:
 * nothing is read, nothing changes (issue 12: "a second seller is probed against every /seller endpoint").
 */
describe('a second seller against another shop’s orders and notifications', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let seller: TTestUser;
  let rival: TTestUser;
  let orderNo: string;
  let paid: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    buyer = await createTestUser(db);
    seller = await createTestUser(db);
    rival = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, 'Isolated shop');
    await createTestStore(db, rival.id, 'Prying shop');
    const { productId } = await createTestProduct(db, storeId, { price: '40', stock: 100 });
    await fundUser(db, buyer.id, '1000');
    const placed = await placeTestOrder(db, buyer.id, productId);
    orderNo = placed.orderNo;
    paid = formatMoney(placed.total);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, token: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const rowOf = async () =>
    (
      await ctx.database.db
        .select({ status: orders.status, refundStatus: orders.refundStatus })
        .from(orders)
        .where(eq(orders.orderNo, orderNo))
    )[0]!;

  it('cannot list, count, confirm, ship, track or cancel the order', async () => {
    const before = await rowOf();
    const mine = (await get('/api/v1/seller/orders', seller.sellerToken)).json() as TOrderPage;
    expect(JSON.stringify(mine)).toContain(orderNo);
    const theirs = (await get('/api/v1/seller/orders', rival.sellerToken)).json() as TOrderPage;
    expect(theirs.total).toBe(0);
    expect(JSON.stringify(theirs)).not.toContain(orderNo);
    const summary = (await get('/api/v1/seller/summary', rival.sellerToken)).json() as TSellerSummary;
    expect(Object.values(summary.ordersByStatus).reduce((a, b) => a + b, 0)).toBe(0);
    expect(summary.pendingSettlement).toBe('0.00');

    const probes = [
      get(`/api/v1/seller/orders/${orderNo}`, rival.sellerToken),
      get(`/api/v1/seller/orders/${orderNo}/logistics`, rival.sellerToken),
      post(`/api/v1/seller/orders/${orderNo}/confirm`, rival.sellerToken),
      post(`/api/v1/seller/orders/${orderNo}/ship`, rival.sellerToken, { carrier: 'DHL', trackingNo: 'X1' }),
      post(`/api/v1/seller/orders/${orderNo}/logistics`, rival.sellerToken, { content: 'Left the hub' }),
      post(`/api/v1/seller/orders/${orderNo}/cancel`, rival.sellerToken),
    ];
    for (const res of await Promise.all(probes)) {
      expect(res.statusCode, res.body).toBe(404);
      expect((res.json() as TErr).error.code).toBe('ORDER_NOT_FOUND');
    }
    expect(await rowOf()).toEqual(before);
  });

  it('cannot approve or reject the buyer’s refund request; the shop’s own seller can', async () => {
    const asked = await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: paid });
    expect(asked.statusCode, asked.body).toBe(200);
    const before = await rowOf();
    expect(before.refundStatus).toBe('refunding');
    for (const res of [
      await post(`/api/v1/seller/orders/${orderNo}/refund/approve`, rival.sellerToken),
      await post(`/api/v1/seller/orders/${orderNo}/refund/reject`, rival.sellerToken, { reason: 'No' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect((res.json() as TErr).error.code).toBe('ORDER_NOT_FOUND');
    }
    expect(await rowOf()).toEqual(before);
    const rejected = await post(`/api/v1/seller/orders/${orderNo}/refund/reject`, seller.sellerToken, {
      reason: 'Already packed',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await rowOf()).refundStatus).toBe('fail');
  });

  it('cannot read or mark the shop’s notifications', async () => {
    const page = (await get('/api/v1/seller/notifications', seller.sellerToken)).json() as TNotificationPage;
    const paid = page.pageList.find((n) => n.event === 'order.paid');
    expect(paid?.params.orderNo).toBe(orderNo);
    const unreadBefore = page.unread;
    expect(unreadBefore).toBeGreaterThan(0);

    const theirs = (await get('/api/v1/seller/notifications', rival.sellerToken)).json() as TNotificationPage;
    expect(theirs.total).toBe(0);
    const markOne = await post(`/api/v1/seller/notifications/${paid!.id}/read`, rival.sellerToken);
    expect(markOne.statusCode).toBe(404);
    expect((await post('/api/v1/seller/notifications/read-all', rival.sellerToken)).statusCode).toBe(200);
    const unread = (
      await get('/api/v1/seller/notifications/unread', seller.sellerToken)
    ).json() as TUnreadCount;
    expect(unread.unread).toBe(unreadBefore);
  });
});

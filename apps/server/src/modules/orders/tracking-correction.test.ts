import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orderLogs, orders } from '../../db/schema';
import { fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import { correctTracking, shipOrder } from './seller-actions';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  placeTestOrder,
  type TTestUser,
} from './test-fixtures';

type TErr = { error: { code: string; message: string } };
type TInfo = {
  orderInfo: {
    status: number;
    carrier: string | null;
    trackingNo: string | null;
    history: { event: string; message: string }[];
  };
};

const PUBLIC_URL = 'https://shop.caravan.example';

describe('a seller corrects the tracking number of a shipped order', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let seller: TTestUser;
  let rival: TTestUser;
  let productId: bigint;
  let storeId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL });
    const db = ctx.database.db;
    buyer = await createTestUser(db);
    seller = await createTestUser(db);
    rival = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Tracking shop');
    await createTestStore(db, rival.id, 'Rival shop');
    productId = (await createTestProduct(db, storeId, { price: '20', stock: 100 })).productId;
    await fundUser(db, buyer.id, '1000');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, token: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const rowOf = async (orderNo: string) =>
    (
      await ctx.database.db
        .select({
          status: orders.status,
          carrier: orders.carrier,
          trackingNo: orders.trackingNo,
          id: orders.id,
        })
        .from(orders)
        .where(eq(orders.orderNo, orderNo))
    )[0]!;
  const noticesOf = async (orderNo: string) =>
    ctx.database.db
      .select({
        userId: notifications.userId,
        audience: notifications.audience,
        params: notifications.params,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.event, 'order.trackingCorrected'),
          sql`${notifications.params}->>'orderNo' = ${orderNo}`,
        ),
      );
  const correct = (orderNo: string, body: object, token = seller.sellerToken) =>
    post(`/api/v1/seller/orders/${orderNo}/tracking`, token, body);

  async function shippedOrder(): Promise<string> {
    const { orderNo } = await placeTestOrder(ctx.database.db, buyer.id, productId);
    const shipped = await post(`/api/v1/seller/orders/${orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: 'JD0001',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return orderNo;
  }

  it('replaces carrier and tracking number, keeps the previous one in the history, and the buyer sees the new one', async () => {
    const orderNo = await shippedOrder();
    const res = await correct(orderNo, { carrier: 'UPS', trackingNo: '1Z 999-AA1' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TInfo).orderInfo).toMatchObject({
      status: 3,
      carrier: 'UPS',
      trackingNo: '1Z 999-AA1',
    });

    const buyerView = (await get(`/api/v1/orders/${orderNo}`, buyer.token)).json() as TInfo;
    expect(buyerView.orderInfo).toMatchObject({ carrier: 'UPS', trackingNo: '1Z 999-AA1' });
    expect(buyerView.orderInfo.history.map((h) => h.event)).toEqual([
      'placed',
      'paid',
      'shipped',
      'inTransit',
      'trackingCorrected',
    ]);
    expect(buyerView.orderInfo.history.at(-1)?.message).toBe(
      'The seller corrected the tracking number: UPS 1Z 999-AA1 (was DHL JD0001)',
    );
    const logistics = (await get(`/api/v1/orders/${orderNo}/logistics`, buyer.token)).json() as {
      list: { content: string }[];
    };
    expect(logistics.list.map((l) => l.content)).toEqual(['DHL JD0001', 'UPS 1Z 999-AA1']);
    const [log] = await ctx.database.db
      .select({ params: orderLogs.params })
      .from(orderLogs)
      .where(eq(orderLogs.event, 'trackingCorrected'));
    expect(log?.params).toEqual({
      carrier: 'UPS',
      trackingNo: '1Z 999-AA1',
      previousCarrier: 'DHL',
      previousTrackingNo: 'JD0001',
    });

    // The buyer is told, with the new carrier and number (not the previous ones), and it leads to the order.
    expect(await noticesOf(orderNo)).toMatchObject([
      {
        userId: buyer.id,
        audience: 'buyer',
        params: { orderNo, carrier: 'UPS', trackingNo: '1Z 999-AA1' },
      },
    ]);
    expect(Object.keys((await noticesOf(orderNo))[0]!.params).sort()).toEqual([
      'carrier',
      'orderNo',
      'trackingNo',
    ]);
    const buyerNotices = (await get('/api/v1/notifications', buyer.token)).json() as {
      pageList: { event: string; params: Record<string, string> }[];
    };
    expect(buyerNotices.pageList.filter((n) => n.params.orderNo === orderNo).map((n) => n.event)).toEqual([
      'order.trackingCorrected',
      'order.shipped',
    ]);
    const sellerNotices = (await get('/api/v1/seller/notifications', seller.sellerToken)).json() as {
      pageList: { event: string }[];
    };
    expect(sellerNotices.pageList.map((n) => n.event)).not.toContain('order.trackingCorrected');

    // The same value again is no correction, and tells nobody anything.
    const same = await correct(orderNo, { carrier: 'UPS', trackingNo: '1Z 999-AA1' });
    expect(same.statusCode).toBe(400);
    expect((same.json() as TErr).error).toMatchObject({
      code: 'TRACKING_UNCHANGED',
      message: "This is already the order's carrier and tracking number",
    });
    expect(await noticesOf(orderNo)).toHaveLength(1);
  });

  it('takes a change of case or outer spaces for no change, and marks the lines a correction replaced', async () => {
    const orderNo = await shippedOrder();
    expect((await correct(orderNo, { carrier: 'DHL', trackingNo: 'TRK-CORRECTED-222' })).statusCode).toBe(
      200,
    );
    for (const body of [
      { carrier: 'dhl', trackingNo: 'trk-corrected-222' },
      { carrier: ' DHL ', trackingNo: ' TRK-CORRECTED-222 ' },
    ]) {
      const res = await correct(orderNo, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as TErr).error.code, JSON.stringify(body)).toBe('TRACKING_UNCHANGED');
    }
    expect(await rowOf(orderNo)).toMatchObject({ carrier: 'DHL', trackingNo: 'TRK-CORRECTED-222' });
    const note = await post(`/api/v1/seller/orders/${orderNo}/logistics`, seller.sellerToken, {
      content: 'Arrived at the sorting centre',
    });
    expect(note.statusCode, note.body).toBe(200);
    expect((await correct(orderNo, { carrier: 'UPS', trackingNo: '1Z999AA10123456784' })).statusCode).toBe(
      200,
    );

    const logistics = (await get(`/api/v1/orders/${orderNo}/logistics`, buyer.token)).json() as {
      list: { content: string; supersededTime: string | null }[];
    };
    expect(logistics.list.map((l) => [l.content, l.supersededTime !== null])).toEqual([
      ['DHL JD0001', true],
      ['DHL TRK-CORRECTED-222', true],
      ['Arrived at the sorting centre', false],
      ['UPS 1Z999AA10123456784', false],
    ]);
    const history = ((await get(`/api/v1/orders/${orderNo}`, buyer.token)).json() as TInfo).orderInfo.history;
    expect(history.filter((h) => h.event === 'trackingCorrected')).toHaveLength(2);
    expect(await noticesOf(orderNo)).toHaveLength(2);
  });

  it("stamps the order, its history and the buyer's notice with the clock's time, as shipping does", async () => {
    const db = ctx.database.db;
    const { orderNo } = await placeTestOrder(db, buyer.id, productId);
    const shippedAt = new Date('2031-03-01T08:00:00.000Z');
    const shipped = await shipOrder(db, {
      storeId,
      orderNo,
      carrier: 'DHL',
      trackingNo: 'JD7',
      now: shippedAt,
    });
    expect(shipped.updatedAt).toEqual(shippedAt);
    const correctedAt = new Date('2031-03-02T09:30:00.000Z');
    const corrected = await correctTracking(db, {
      storeId,
      orderNo,
      carrier: 'UPS',
      trackingNo: 'JD8',
      now: correctedAt,
    });
    expect(corrected.updatedAt).toEqual(correctedAt);
    const [log] = await db
      .select({ createdAt: orderLogs.createdAt })
      .from(orderLogs)
      .where(and(eq(orderLogs.orderId, corrected.id), eq(orderLogs.event, 'trackingCorrected')));
    expect(log?.createdAt).toEqual(correctedAt);
    expect(await noticesOf(orderNo)).toMatchObject([
      { params: { orderNo, carrier: 'UPS', trackingNo: 'JD8' }, createdAt: correctedAt },
    ]);
  });

  it('is validated as shipping is, and bad input changes nothing', async () => {
    const orderNo = await shippedOrder();
    for (const body of [
      { carrier: 'UPS', trackingNo: 'JD0145 ÄÖ <script>' },
      { carrier: 'UPS', trackingNo: 'A\u0000B' },
      { carrier: 'U\u0000PS', trackingNo: 'JD1' },
      { carrier: '', trackingNo: 'JD1' },
      { carrier: 'UPS', trackingNo: 'J'.repeat(65) },
      { carrier: 'UPS' },
      { carrier: 'UPS', trackingNo: 'JD1', extra: ['x'] },
    ]) {
      const res = await correct(orderNo, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as TErr).error.message.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await rowOf(orderNo)).toMatchObject({ carrier: 'DHL', trackingNo: 'JD0001' });
    const huge = await correct('9'.repeat(19), { carrier: 'UPS', trackingNo: 'JD1' });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });

  it("reaches only the shop's own orders, and refuses a cookie-carried write from another origin", async () => {
    const orderNo = await shippedOrder();
    const probe = await correct(orderNo, { carrier: 'UPS', trackingNo: 'EVIL1' }, rival.sellerToken);
    expect(probe.statusCode).toBe(404);
    expect((probe.json() as TErr).error.code).toBe('ORDER_NOT_FOUND');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/orders/${orderNo}/tracking`,
      cookies: { caravan_seller_session: seller.sellerToken },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { carrier: 'UPS', trackingNo: 'EVIL2' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((foreign.json() as TErr).error.code).toBe('FOREIGN_ORIGIN');
    const ours = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/seller/orders/${orderNo}/tracking`,
      cookies: { caravan_seller_session: seller.sellerToken },
      headers: { origin: PUBLIC_URL },
      payload: { carrier: 'UPS', trackingNo: 'OK1' },
    });
    expect(ours.statusCode, ours.body).toBe(200);
    expect(await rowOf(orderNo)).toMatchObject({ carrier: 'UPS', trackingNo: 'OK1' });
  });

  it('is refused, with a reason, before shipping and once the buyer has received the order', async () => {
    const { orderNo: paid } = await placeTestOrder(ctx.database.db, buyer.id, productId);
    const early = await correct(paid, { carrier: 'UPS', trackingNo: 'JD2' });
    expect(early.statusCode).toBe(409);
    expect((early.json() as TErr).error).toMatchObject({
      code: 'TRACKING_NOT_CORRECTABLE',
      message: 'The tracking number can be corrected only while the order is shipped and not yet received',
    });
    expect(await rowOf(paid)).toMatchObject({ carrier: null, trackingNo: null });

    const orderNo = await shippedOrder();
    expect((await post(`/api/v1/orders/${orderNo}/receive`, buyer.token)).statusCode).toBe(200);
    const late = await correct(orderNo, { carrier: 'UPS', trackingNo: 'JD3' });
    expect(late.statusCode).toBe(409);
    expect((late.json() as TErr).error.code).toBe('TRACKING_NOT_CORRECTABLE');
    expect(await rowOf(orderNo)).toMatchObject({ carrier: 'DHL', trackingNo: 'JD0001' });
    const logs = await ctx.database.db
      .select({ event: orderLogs.event })
      .from(orderLogs)
      .where(eq(orderLogs.orderId, (await rowOf(orderNo)).id));
    expect(logs.map((l) => l.event)).not.toContain('trackingCorrected');
    expect(await noticesOf(orderNo)).toEqual([]);
    expect(await noticesOf(paid)).toEqual([]);
  });
});

import type { TNotificationPage, TUnreadCount } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { seedWalletBasics } from '../../db/seed/wallet';
import { createTestStaff, createTestUser as createWalletUser, fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  placeTestOrder,
  type TTestUser,
} from '../orders/test-fixtures';
import { rejectWithdrawal } from '../wallet';
import { NOTIFICATION_TOPIC, notify, type TNotificationSignal } from './index';

type TErr = { error: { code: string } };

describe('notifications', () => {
  let ctx: TTestContext;
  let db: Database;
  let buyer: TTestUser;
  let otherBuyer: TTestUser;
  let seller: TTestUser;
  let productId: bigint;
  const signals: TNotificationSignal[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    buyer = await createTestUser(db);
    otherBuyer = await createTestUser(db);
    seller = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, 'Notice shop');
    productId = (await createTestProduct(db, storeId, { price: '10' })).productId;
    await fundUser(db, buyer.id, '1000');
    ctx.app.bus.subscribe(NOTIFICATION_TOPIC, (data) => signals.push(data as TNotificationSignal));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('sends visitors to log in and keeps buyer and seller lists apart', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications' });
    expect(res.statusCode).toBe(401);
    // A buyer without a shop is not a seller.
    const asSeller = await get('/api/v1/seller/notifications', otherBuyer.sellerToken);
    expect(asSeller.statusCode).toBe(403);
  });

  it('tells the shop of a paid order and of a reminder, and the buyer of confirmation and shipping', async () => {
    signals.length = 0;
    const { orderNo } = await placeTestOrder(db, buyer.id, productId);
    await settle();
    expect(signals).toContainEqual({ userId: String(seller.id), audience: 'seller' });

    const remind = await post(`/api/v1/orders/${orderNo}/remind`, buyer.token);
    expect(remind.statusCode).toBe(200);
    // A refused second reminder writes nothing.
    const again = await post(`/api/v1/orders/${orderNo}/remind`, buyer.token);
    expect(json<TErr>(again).error.code).toBe('ORDER_ALREADY_REMINDED');

    const sellerPage = json<TNotificationPage>(await get('/api/v1/seller/notifications', seller.sellerToken));
    expect(sellerPage.pageList.map((n) => n.event)).toEqual(['order.reminded', 'order.paid']);
    expect(sellerPage.pageList[0]!.params).toEqual({ orderNo });
    expect(sellerPage.unread).toBe(2);
    // The seller's notifications are not the buyer's (same person, other audience).
    const sellerAsBuyer = json<TNotificationPage>(await get('/api/v1/notifications', seller.token));
    expect(sellerAsBuyer.total).toBe(0);

    expect((await post(`/api/v1/seller/orders/${orderNo}/confirm`, seller.sellerToken)).statusCode).toBe(200);
    expect(
      (
        await post(`/api/v1/seller/orders/${orderNo}/ship`, seller.sellerToken, {
          carrier: 'DHL',
          trackingNo: 'DHL123456',
        })
      ).statusCode,
    ).toBe(200);
    const buyerPage = json<TNotificationPage>(await get('/api/v1/notifications', buyer.token));
    expect(buyerPage.pageList.map((n) => n.event)).toEqual(['order.shipped', 'order.confirmed']);
    expect(json<TUnreadCount>(await get('/api/v1/notifications/unread', buyer.token)).unread).toBe(2);
  });

  it('marks one and then all read; another user cannot mark them', async () => {
    const page = json<TNotificationPage>(await get('/api/v1/notifications', buyer.token));
    const first = page.pageList[0]!;

    const foreign = await post(`/api/v1/notifications/${first.id}/read`, otherBuyer.token);
    expect(foreign.statusCode).toBe(404);
    const huge = await post('/api/v1/notifications/9999999999999999999/read', buyer.token);
    expect(huge.statusCode).toBe(400);
    const unknown = await post('/api/v1/notifications/999999999999999999/read', buyer.token);
    expect(unknown.statusCode).toBe(404);
    const bad = await post('/api/v1/notifications/abc/read', buyer.token);
    expect(bad.statusCode).toBe(400);

    signals.length = 0;
    const one = await post(`/api/v1/notifications/${first.id}/read`, buyer.token);
    expect(json<TUnreadCount>(one).unread).toBe(page.unread - 1);
    await settle();
    expect(signals).toEqual([{ userId: String(buyer.id), audience: 'buyer' }]);
    const unreadOnly = json<TNotificationPage>(
      await get('/api/v1/notifications?isUnreadOnly=true', buyer.token),
    );
    expect(unreadOnly.pageList.map((n) => n.id)).not.toContain(first.id);

    const all = await post('/api/v1/notifications/read-all', buyer.token);
    expect(json<TUnreadCount>(all).unread).toBe(0);
    const after = json<TNotificationPage>(await get('/api/v1/notifications', buyer.token));
    expect(after.unread).toBe(0);
    expect(after.pageList.every((n) => n.isRead)).toBe(true);
    // The seller's unread are untouched.
    expect(
      json<TUnreadCount>(await get('/api/v1/seller/notifications/unread', seller.sellerToken)).unread,
    ).toBe(2);
  });

  it('writes nothing and signals nothing when the transaction rolls back', async () => {
    signals.length = 0;
    const before = await db.select().from(notifications).where(eq(notifications.userId, otherBuyer.id));
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, { userId: otherBuyer.id, audience: 'buyer', event: 'loan.approved' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settle();
    const afterRows = await db.select().from(notifications).where(eq(notifications.userId, otherBuyer.id));
    expect(afterRows.length).toBe(before.length);
    expect(signals).toEqual([]);
  });

  it('tells the user the result of a withdrawal', async () => {
    await seedWalletBasics(db);
    const finance = await createTestStaff(db, ['finance.review']);
    const user = await createWalletUser(db, { txPassword: '246810' });
    await fundUser(db, user.id, '500');
    const call = (url: string, payload?: object) => post(url, user.token, payload);
    expect(
      (
        await call('/api/v1/wallet/withdraw-address', {
          network: 'USDT-TRC20',
          address: 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust',
        })
      ).statusCode,
    ).toBe(201);
    const sessionToken = json<{ sessionToken: string }>(
      await call('/api/v1/wallet/withdraw-session'),
    ).sessionToken;
    const applied = await call('/api/v1/wallet/withdrawals', {
      sessionToken,
      amount: '100',
      txPassword: '246810',
    });
    expect(applied.statusCode).toBeLessThan(300);
    const { id } = json<{ id: string }>(applied);
    await rejectWithdrawal(db, { staffId: finance.id, id: BigInt(id), reason: 'Address check failed' });
    const page = json<TNotificationPage>(await get('/api/v1/notifications', user.token));
    expect(page.pageList[0]).toMatchObject({
      event: 'withdrawal.failed',
      params: { recordId: id },
      isRead: false,
    });
  });
});

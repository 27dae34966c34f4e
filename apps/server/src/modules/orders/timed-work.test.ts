import { parseMoney } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLogs, orderReviews, orders, reviews } from '../../db/schema';
import { fundUser } from '../../testing/fixtures';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { checkLedger, getPlatformBalance } from '../ledger';
import { shipOrder } from './seller-actions';
import {
  availableOf,
  createTestProduct,
  createTestStore,
  createTestUser,
  placeTestOrder,
  setParam,
  stockOf,
  type TTestUser,
} from './test-fixtures';
import {
  cancelUnpaidOrders,
  receiveShippedOrders,
  reviewReceivedOrders,
  settleCompletedOrders,
} from './timed-work';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('timed work with an injected clock', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let seller: TTestUser;
  let storeId: bigint;
  let productId: bigint;
  const t0 = new Date('2030-01-10T08:00:00Z');

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    buyer = await createTestUser(db);
    seller = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Clock shop');
    productId = (await createTestProduct(db, storeId, { price: '20', stock: 10 })).productId;
    await fundUser(db, buyer.id, '1000');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const orderOf = async (orderNo: string) =>
    (await ctx.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const eventsOf = async (orderId: bigint) =>
    (
      await ctx.database.db
        .select()
        .from(orderLogs)
        .where(eq(orderLogs.orderId, orderId))
        .orderBy(orderLogs.id)
    ).map((l) => l.event);

  it('cancels unpaid orders after the configured minutes and returns the stock', async () => {
    const db = ctx.database.db;
    await setParam(db, 'order_auto_cancel_minutes', '15');
    const order = await placeTestOrder(db, buyer.id, productId, { quantity: 4, isPaid: false, now: t0 });
    expect(await stockOf(db, productId)).toBe(6);
    expect(await cancelUnpaidOrders(db, new Date(t0.getTime() + 14 * MINUTE))).toBe(0);
    expect(await cancelUnpaidOrders(db, new Date(t0.getTime() + 15 * MINUTE))).toBe(1);
    expect(await cancelUnpaidOrders(db, new Date(t0.getTime() + 16 * MINUTE))).toBe(0);
    expect((await orderOf(order.orderNo)).status).toBe(-1);
    expect(await stockOf(db, productId)).toBe(10);
    expect(await eventsOf(order.orderId)).toEqual(['placed', 'cancelledTimeout']);
  });

  it('receives shipped orders, gives the default review, then settles with commission', async () => {
    const db = ctx.database.db;
    await setParam(db, 'order_auto_receive_days', '10');
    await setParam(db, 'order_auto_review_days', '3');
    await setParam(db, 'order_settle_days', '7');
    await setParam(db, 'commission_rate', '0.1');
    const order = await placeTestOrder(db, buyer.id, productId, { quantity: 2, now: t0 });
    await shipOrder(db, { storeId, orderNo: order.orderNo, carrier: 'EMS', trackingNo: 'E1', now: t0 });
    expect(await receiveShippedOrders(db, new Date(t0.getTime() + 9 * DAY))).toBe(0);
    const receivedAt = new Date(t0.getTime() + 10 * DAY);
    expect(await receiveShippedOrders(db, receivedAt)).toBe(1);
    expect((await orderOf(order.orderNo)).status).toBe(4);

    expect(await reviewReceivedOrders(db, new Date(receivedAt.getTime() + 2 * DAY))).toBe(0);
    expect(await reviewReceivedOrders(db, new Date(receivedAt.getTime() + 3 * DAY))).toBe(1);
    const reviewed = await orderOf(order.orderNo);
    expect(reviewed.status).toBe(5);
    const [review] = await db.select().from(orderReviews).where(eq(orderReviews.orderId, reviewed.id));
    expect(review).toMatchObject({ rating: 'good', isDefault: true });
    expect(await db.select().from(reviews).where(eq(reviews.orderId, reviewed.id))).toHaveLength(1);

    const sellerBefore = await availableOf(db, seller.id);
    const revenueBefore = await getPlatformBalance(db, 'platform_revenue');
    expect(await settleCompletedOrders(db, new Date(receivedAt.getTime() + 6 * DAY))).toBe(0);
    expect(await settleCompletedOrders(db, new Date(receivedAt.getTime() + 7 * DAY))).toBe(1);
    expect(await settleCompletedOrders(db, new Date(receivedAt.getTime() + 8 * DAY))).toBe(0);
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('36'));
    expect(await getPlatformBalance(db, 'platform_revenue')).toBe(revenueBefore + parseMoney('4'));
    const settled = await orderOf(order.orderNo);
    expect(settled).toMatchObject({ isSettled: true, commissionRate: '0.1' });
    expect(await eventsOf(settled.id)).toEqual([
      'placed',
      'paid',
      'shipped',
      'inTransit',
      'received',
      'defaultReview',
      'completed',
    ]);
    expect((await checkLedger(db)).isOk).toBe(true);
  });
});

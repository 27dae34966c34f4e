import { parseMoney } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { checkLedger } from '../modules/ledger';
import { testClockOf } from '../modules/ops';
import { receiveOrder, requestRefund, shipOrder } from '../modules/orders';
import {
  availableOf,
  createTestProduct,
  createTestStore,
  createTestUser,
  placeTestOrder,
  setParam,
  type TTestUser,
} from '../modules/orders/test-fixtures';
import { createTestStaff, fundUser } from '../testing/fixtures';
import { bearer, createTestApp, type TTestContext } from '../testing/test-app';
import { ORDER_JOBS } from './orders';

describe('the test clock moves the orders’ time too (TEST_CLOCK=true)', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let seller: TTestUser;
  let storeId: bigint;
  let productId: bigint;
  let staffToken: string;

  beforeAll(async () => {
    ctx = await createTestApp({ TEST_CLOCK: 'true' });
    const db = ctx.database.db;
    buyer = await createTestUser(db);
    seller = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Clocked shop');
    productId = (await createTestProduct(db, storeId, { price: '100', stock: 10 })).productId;
    await fundUser(db, buyer.id, '1000');
    staffToken = (await createTestStaff(db, ['loans.review'])).token;
    await setParam(db, 'commission_rate', '0.05');
    await setParam(db, 'order_auto_receive_days', '7');
    await setParam(db, 'order_auto_review_days', '7');
    await setParam(db, 'order_settle_days', '7');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const shipped = async (trackingNo: string) => {
    const db = ctx.database.db;
    const { orderNo } = await placeTestOrder(db, buyer.id, productId);
    await shipOrder(db, { storeId, orderNo, carrier: 'DHL', trackingNo });
    return orderNo;
  };
  const rowOf = async (orderNo: string) =>
    (await ctx.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const moveClock = (days: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/test/clock',
      headers: bearer(staffToken),
      payload: { days },
    });

  it('moving it auto-confirms a shipped order, and moving it again settles it to the seller', async () => {
    const orderNo = await shipped('CLK1');
    const sellerBefore = await availableOf(ctx.database.db, seller.id);
    const first = await moveClock(8);
    expect(first.statusCode, first.body).toBe(200);
    const movedTo = new Date((first.json() as { now: string }).now);
    expect(movedTo.getTime() - Date.now()).toBeGreaterThan(7.9 * 86_400_000);
    const received = await rowOf(orderNo);
    expect(received).toMatchObject({ status: 4, isSettled: false });
    // Received at the moved time, not at the real one.
    expect(received.receivedAt!.getTime()).toBe(movedTo.getTime());

    const second = await moveClock(8);
    expect(second.statusCode, second.body).toBe(200);
    // The default review after 7 days, and the settlement: 100 at 5% is 95 to the seller.
    expect(await rowOf(orderNo)).toMatchObject({ status: 5, isSettled: true });
    expect(await availableOf(ctx.database.db, seller.id)).toBe(sellerBefore + parseMoney('95'));
    expect((await checkLedger(ctx.database.db)).isOk).toBe(true);
  });

  it("the buyer's and seller's own steps read it too: the return window closes on the moved clock", async () => {
    const db = ctx.database.db;
    const orderNo = await shipped('CLK3');
    const received = await receiveOrder(db, { userId: buyer.id, orderNo });
    expect(received.receivedAt!.getTime()).toBeGreaterThanOrEqual(testClockOf(db).now().getTime() - 5_000);
    testClockOf(db).advance(8);
    await expect(
      requestRefund(db, {
        userId: buyer.id,
        orderNo,
        reason: 1,
        amount: '1.00',
        description: 'late',
        images: [],
      }),
    ).rejects.toMatchObject({ code: 'RETURN_WINDOW_CLOSED' });
  });

  it('the timed order jobs read the same clock as the route moves', async () => {
    const orderNo = await shipped('CLK2');
    testClockOf(ctx.database.db).advance(8);
    const autoReceive = ORDER_JOBS.find((job) => job.name === 'orders-auto-receive')!;
    await autoReceive.run(ctx.app);
    expect((await rowOf(orderNo)).status).toBe(4);
  });
});

describe('without TEST_CLOCK', () => {
  it('has no clock route, and the clock cannot be moved', async () => {
    const ctx = await createTestApp();
    try {
      const staff = await createTestStaff(ctx.database.db, ['loans.review']);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/test/clock',
        headers: bearer(staff.token),
        payload: { days: 8 },
      });
      expect(res.statusCode).toBe(404);
      expect(() => testClockOf(ctx.database.db).advance(1)).toThrow(/TEST_CLOCK=true/);
    } finally {
      await ctx.close();
    }
  });
});

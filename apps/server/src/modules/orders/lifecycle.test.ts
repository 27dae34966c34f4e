import { displayMoney, formatMoney, parseMoney } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, reviews } from '../../db/schema';
import { fundUser } from '../../testing/fixtures';
import { uploadTestImage } from '../../testing/multipart';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import { createStaffMember } from '../auth/test-fixtures';
import { checkLedger, getPlatformBalance } from '../ledger';
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
import { settleCompletedOrders } from './timed-work';

type TErr = { error: { code: string; message: string } };
type TInfo = {
  orderInfo: { status: number; refundStatus: string; history: { event: string; message: string }[] };
};

const DAY = 24 * 60 * 60_000;

describe('order lifecycle, refunds and settlement', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let seller: TTestUser;
  let storeId: bigint;
  let productId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    buyer = await createTestUser(db);
    seller = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Lifecycle shop');
    productId = (await createTestProduct(db, storeId, { price: '100', stock: 1000 })).productId;
    await fundUser(db, buyer.id, '100000');
    await setParam(db, 'commission_rate', '0.05');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, token: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const code = (res: { json: () => unknown }) => (res.json() as TErr).error.code;
  const statusOf = async (orderNo: string) =>
    (await ctx.database.db.select({ s: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)))[0]!
      .s;

  it('runs the seller flow: confirm, ship, logistics (oldest first), receipt, review; seller cannot cancel', async () => {
    const db = ctx.database.db;
    const { orderNo } = await placeTestOrder(db, buyer.id, productId);
    expect(code(await post(`/api/v1/seller/orders/${orderNo}/cancel`, seller.sellerToken))).toBe(
      'SELLER_CANNOT_CANCEL',
    );
    expect(code(await post(`/api/v1/orders/${orderNo}/receive`, buyer.token))).toBe('ORDER_STATUS_INVALID');

    expect((await post(`/api/v1/orders/${orderNo}/remind`, buyer.token)).statusCode).toBe(200);
    const again = await post(`/api/v1/orders/${orderNo}/remind`, buyer.token);
    expect(code(again)).toBe('ORDER_ALREADY_REMINDED');
    expect((again.json() as TErr).error.message).toBe('This order has been reminded');
    const reminded = await get('/api/v1/seller/orders?isReminded=true', seller.sellerToken);
    expect((reminded.json() as { pageList: { orderNo: string }[] }).pageList.map((o) => o.orderNo)).toContain(
      orderNo,
    );

    expect((await post(`/api/v1/seller/orders/${orderNo}/confirm`, seller.sellerToken)).statusCode).toBe(200);
    expect(code(await post(`/api/v1/seller/orders/${orderNo}/confirm`, seller.sellerToken))).toBe(
      'ORDER_ALREADY_CONFIRMED',
    );
    const shipped = await post(`/api/v1/seller/orders/${orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: 'JD0001',
    });
    expect((shipped.json() as TInfo).orderInfo.status).toBe(3);
    await post(`/api/v1/seller/orders/${orderNo}/logistics`, seller.sellerToken, {
      content: 'Arrived at hub Leipzig',
    });
    const logistics = await get(`/api/v1/orders/${orderNo}/logistics`, buyer.token);
    const list = (logistics.json() as { list: { content: string; createTime: string }[] }).list;
    expect(list.map((l) => l.content)).toEqual(['DHL JD0001', 'Arrived at hub Leipzig']);
    const sellerLogistics = await get(`/api/v1/seller/orders/${orderNo}/logistics`, seller.sellerToken);
    expect((sellerLogistics.json() as { list: { content: string }[] }).list.map((l) => l.content)).toEqual([
      'DHL JD0001',
      'Arrived at hub Leipzig',
    ]);
    const sellerDetail = await get(`/api/v1/seller/orders/${orderNo}`, seller.sellerToken);
    expect((sellerDetail.json() as TInfo).orderInfo.status).toBe(3);
    const admin = await createStaffMember(ctx, { role: 'Administrator' });
    const adminDetail = await get(`/api/v1/admin/orders/${orderNo}`, admin.token);
    expect((adminDetail.json() as TInfo).orderInfo.status).toBe(3);
    // Another shop's seller and the buyer's own token on the seller path do not reach this order.
    const otherSeller = await createTestUser(db);
    await createTestStore(db, otherSeller.id, 'Other shop');
    expect(code(await get(`/api/v1/seller/orders/${orderNo}`, otherSeller.sellerToken))).toBe(
      'ORDER_NOT_FOUND',
    );
    expect(code(await get(`/api/v1/seller/orders/${orderNo}/logistics`, otherSeller.sellerToken))).toBe(
      'ORDER_NOT_FOUND',
    );
    expect((await get(`/api/v1/orders/${orderNo}`, otherSeller.token)).statusCode).toBe(404);

    // A shipped, not yet received order cannot be refunded.
    expect(
      code(await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: '1' })),
    ).toBe('ORDER_SHIPPED_NO_REFUND');
    expect(code(await post(`/api/v1/orders/${orderNo}/cancel`, buyer.token, { reason: 0 }))).toBe(
      'ORDER_STATUS_INVALID',
    );
    expect(code(await post(`/api/v1/orders/${orderNo}/review`, buyer.token, { rating: 'good' }))).toBe(
      'ORDER_STATUS_INVALID',
    );

    expect((await post(`/api/v1/orders/${orderNo}/receive`, buyer.token)).statusCode).toBe(200);
    const reviewed = await post(`/api/v1/orders/${orderNo}/review`, buyer.token, {
      rating: 'medium',
      content: 'Fine',
      images: [await uploadTestImage(ctx.app, buyer.token)],
    });
    expect((reviewed.json() as TInfo).orderInfo.status).toBe(5);
    expect(code(await post(`/api/v1/orders/${orderNo}/review`, buyer.token, { rating: 'good' }))).toBe(
      'ORDER_ALREADY_REVIEWED',
    );
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const productReviews = await db.select().from(reviews).where(eq(reviews.orderId, order!.id));
    expect(productReviews).toHaveLength(1);
    expect(productReviews[0]!.rating).toBe('medium');

    const detail = await get(`/api/v1/orders/${orderNo}`, buyer.token);
    expect((detail.json() as TInfo).orderInfo.history.map((h) => h.event)).toEqual([
      'placed',
      'paid',
      'confirmed',
      'shipped',
      'inTransit',
      'received',
    ]);
    const tooMany = await post(`/api/v1/orders/${orderNo}/review`, buyer.token, {
      rating: 'good',
      images: Array.from({ length: 10 }, (_, i) => `/uploads/${i}.webp`),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('refunds before shipping: stock back, money back, refund twice refused', async () => {
    const db = ctx.database.db;
    const before = await availableOf(db, buyer.id);
    const stockBefore = await stockOf(db, productId);
    const { orderNo, total } = await placeTestOrder(db, buyer.id, productId, { quantity: 2 });
    expect(await availableOf(db, buyer.id)).toBe(before - total);
    // A goods-related reason (wrong item received) cannot be true before shipping.
    const wrongItem = await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, {
      reason: 2,
      amount: '200',
    });
    expect(wrongItem.statusCode).toBe(400);
    expect((wrongItem.json() as TErr).error).toMatchObject({
      code: 'REFUND_REASON_NOT_BEFORE_SHIPPING',
      message: expect.stringContaining('The order has not shipped yet'),
    });
    const over = await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: '200.01' });
    expect(code(over)).toBe('REFUND_AMOUNT_INVALID');
    // Part of the money back would end the order with the rest paid for goods nobody ships (and settled).
    const partial = await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: '5' });
    expect(partial.statusCode).toBe(400);
    expect((partial.json() as TErr).error).toMatchObject({
      code: 'REFUND_NOT_FULL_BEFORE_SHIPPING',
      message: 'Before the order ships, a refund returns everything paid: 200.00 USDT',
    });
    expect(await availableOf(db, buyer.id)).toBe(before - total);
    const res = await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, {
      reason: 8,
      amount: '200',
      description: 'Ordered by mistake',
      images: [await uploadTestImage(ctx.app, buyer.token)],
    });
    expect((res.json() as TInfo).orderInfo).toMatchObject({ status: 6, refundStatus: 'refunding' });
    expect(
      code(await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: '1' })),
    ).toBe('ORDER_ALREADY_REFUNDING');
    expect(
      code(
        await post(`/api/v1/seller/orders/${orderNo}/ship`, seller.sellerToken, {
          carrier: 'X',
          trackingNo: '1',
        }),
      ),
    ).toBe('ORDER_STATUS_INVALID');
    const approved = await post(`/api/v1/seller/orders/${orderNo}/refund/approve`, seller.sellerToken);
    expect((approved.json() as TInfo).orderInfo).toMatchObject({ status: 6, refundStatus: 'success' });
    expect(code(await post(`/api/v1/seller/orders/${orderNo}/refund/approve`, seller.sellerToken))).toBe(
      'REFUND_ALREADY_APPROVED',
    );
    expect(
      code(await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: '1' })),
    ).toBe('ORDER_STATUS_INVALID');
    expect(await availableOf(db, buyer.id)).toBe(before);
    expect(await stockOf(db, productId)).toBe(stockBefore);
  });

  it('a rejected refund restores the order; returns within 7 days of receipt, refused after', async () => {
    const db = ctx.database.db;
    const { orderNo, total } = await placeTestOrder(db, buyer.id, productId);
    await post(`/api/v1/seller/orders/${orderNo}/confirm`, seller.sellerToken);
    await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: formatMoney(total) });
    const rejected = await post(`/api/v1/seller/orders/${orderNo}/refund/reject`, seller.sellerToken, {
      reason: 'Already packed',
    });
    expect((rejected.json() as TInfo).orderInfo).toMatchObject({ status: 2, refundStatus: 'fail' });
    expect((rejected.json() as TInfo).orderInfo.history.at(-1)!.message).toBe(
      'Refund failed: Already packed',
    );

    await post(`/api/v1/seller/orders/${orderNo}/ship`, seller.sellerToken, {
      carrier: 'UPS',
      trackingNo: '1Z',
    });
    await post(`/api/v1/orders/${orderNo}/receive`, buyer.token);
    // Eight days later the return window is closed.
    await db
      .update(orders)
      .set({ receivedAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(orders.orderNo, orderNo));
    expect(
      code(await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: '10' })),
    ).toBe('RETURN_WINDOW_CLOSED');
    await db
      .update(orders)
      .set({ receivedAt: new Date(Date.now() - 6 * DAY) })
      .where(eq(orders.orderNo, orderNo));
    // Refunds are whole cents, as every charge: a fraction of a cent could never leave the buyer's wallet.
    for (const amount of ['40.555', '0.0000000001']) {
      const refused = await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as TErr).error.message).toBe(
        'Please enter an amount greater than 0 with at most 2 decimals',
      );
    }
    expect(await statusOf(orderNo)).toBe(4);
    const ret = await post(`/api/v1/orders/${orderNo}/refund`, buyer.token, { reason: 8, amount: '40' });
    expect((ret.json() as TInfo).orderInfo).toMatchObject({ status: 6, refundStatus: 'refunding' });
    // Both lists tell what the latest request asks for (40), not the refused first one (the whole 100).
    type TListed = { pageList: { orderNo: string; refundAmount: string | null }[] };
    for (const [url, token] of [
      ['/api/v1/seller/orders?tab=refund', seller.sellerToken],
      ['/api/v1/orders?tab=refund', buyer.token],
    ] as const) {
      const listed = ((await get(url, token)).json() as TListed).pageList;
      expect(listed.find((order) => order.orderNo === orderNo)?.refundAmount).toBe('40.00');
    }
    const buyerBefore = await availableOf(db, buyer.id);
    const sellerBefore = await availableOf(db, seller.id);
    const revenueBefore = await getPlatformBalance(db, 'platform_revenue');
    await post(`/api/v1/seller/orders/${orderNo}/refund/approve`, seller.sellerToken);
    // 40 back to the buyer; the other 60 settle: 57 to the seller, 3 commission.
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore + parseMoney('40'));
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('57'));
    expect(await getPlatformBalance(db, 'platform_revenue')).toBe(revenueBefore + parseMoney('3'));
  });

  it('settles with commission after the return window; a later manual refund reverses the commission', async () => {
    const db = ctx.database.db;
    // Orders of the earlier tests complete first, so the counts below are this order's alone.
    await settleCompletedOrders(db, new Date(Date.now() + 8 * DAY));
    const { orderNo } = await placeTestOrder(db, buyer.id, productId, { quantity: 3 });
    await post(`/api/v1/seller/orders/${orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: 'S1',
    });
    await post(`/api/v1/orders/${orderNo}/receive`, buyer.token);
    const sellerBefore = await availableOf(db, seller.id);
    const revenueBefore = await getPlatformBalance(db, 'platform_revenue');
    expect(await settleCompletedOrders(db, new Date(Date.now() + 6 * DAY))).toBe(0);
    await setParam(db, 'commission_rate', '0.08');
    expect(await settleCompletedOrders(db, new Date(Date.now() + 7 * DAY + 1000))).toBe(1);
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('276'));
    expect(await getPlatformBalance(db, 'platform_revenue')).toBe(revenueBefore + parseMoney('24'));
    await setParam(db, 'commission_rate', '0.05');
    const summary = await get('/api/v1/seller/summary', seller.sellerToken);
    expect(summary.statusCode).toBe(200);

    const admin = await createStaffMember(ctx, { role: 'Administrator' });
    const support = await createStaffMember(ctx, { role: 'Customer service' });
    expect(
      code(
        await post(`/api/v1/admin/orders/${orderNo}/refund`, support.token, {
          amount: '100',
          reason: 'Damaged',
        }),
      ),
    ).toBe('NO_PERMISSION');
    const buyerBefore = await availableOf(db, buyer.id);
    const subCent = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: '3.333',
      reason: 'Goodwill',
    });
    expect(subCent.statusCode).toBe(400);
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore);
    const res = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: '100',
      reason: 'Damaged',
    });
    expect(res.statusCode).toBe(200);
    // Reversed at the 8% charged, not today's 5%.
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore + parseMoney('100'));
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('276') - parseMoney('92'));
    expect(await getPlatformBalance(db, 'platform_revenue')).toBe(
      revenueBefore + parseMoney('24') - parseMoney('8'),
    );
    // The 200 still paid stays refundable by the platform, and no more than that.
    const over = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: '200.01',
      reason: 'Again',
    });
    expect(code(over)).toBe('REFUND_AMOUNT_INVALID');
    expect((over.json() as TErr).error.message).toBe(
      'The refund amount cannot exceed what is still paid for this order: 200.00 USDT',
    );
    const again = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: '1',
      reason: 'Again',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore + parseMoney('101'));
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('276') - parseMoney('92.92'));
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, orderNo));
    expect(audits.map((a) => a.action)).toEqual(['order.refund', 'order.refund']);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('the platform refunds the rest of a partly returned order in parts, taken back from the seller, then nothing more', async () => {
    const db = ctx.database.db;
    const admin = await createStaffMember(ctx, { role: 'Administrator' });
    const received = async () => {
      const placed = await placeTestOrder(db, buyer.id, productId);
      await post(`/api/v1/seller/orders/${placed.orderNo}/ship`, seller.sellerToken, {
        carrier: 'DHL',
        trackingNo: 'R1',
      });
      await post(`/api/v1/orders/${placed.orderNo}/receive`, buyer.token);
      return placed.orderNo;
    };
    const refund = (orderNo: string, amount: string) =>
      post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, { amount, reason: 'Goodwill' });
    const money = async () => ({
      buyer: await availableOf(db, buyer.id),
      seller: await availableOf(db, seller.id),
      revenue: await getPlatformBalance(db, 'platform_revenue'),
    });

    // A return of 40 of 100, approved by the seller, settles the rest at once (57 to the seller, 3 commission).
    const returned = await received();
    await post(`/api/v1/orders/${returned}/refund`, buyer.token, { reason: 8, amount: '40' });
    await post(`/api/v1/seller/orders/${returned}/refund/approve`, seller.sellerToken);
    const start = await money();
    expect(code(await refund(returned, '60.01'))).toBe('REFUND_AMOUNT_INVALID');
    const part = await refund(returned, '5');
    expect(part.statusCode, part.body).toBe(200);
    const rest = await refund(returned, '55');
    expect(rest.statusCode, rest.body).toBe(200);
    // Each part taken back from the seller with the 5% commission given back: 60 = 57 + 3.
    expect(await money()).toEqual({
      buyer: start.buyer + parseMoney('60'),
      seller: start.seller - parseMoney('57'),
      revenue: start.revenue - parseMoney('3'),
    });
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, returned));
    expect(row).toMatchObject({ status: 6, refundStatus: 'success', refundedAmount: parseMoney('100') });
    const full = await refund(returned, '1');
    expect(full.statusCode).toBe(409);
    expect((full.json() as TErr).error).toMatchObject({
      code: 'ORDER_FULLY_REFUNDED',
      message: 'This order has already been refunded in full: nothing paid is left to refund',
    });
    // The admin list offers no manual refund of it any more: nothing is left.
    type TAdminListed = { pageList: { orderNo: string; refundableAmount: string }[] };
    const listed = (
      (await get(`/api/v1/admin/orders?orderNo=${returned}`, admin.token)).json() as TAdminListed
    ).pageList;
    expect(listed.map((o) => o.refundableAmount)).toEqual(['0.00']);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it("the seller summary's settled amount is what reached the seller's wallet: less a refund taken back after settlement", async () => {
    const db = ctx.database.db;
    const admin = await createStaffMember(ctx, { role: 'Administrator' });
    const ownSeller = await createTestUser(db);
    const ownStore = await createTestStore(db, ownSeller.id, 'Summary shop');
    const ownProduct = (await createTestProduct(db, ownStore, { price: '100', stock: 10 })).productId;
    const { orderNo } = await placeTestOrder(db, buyer.id, ownProduct);
    await post(`/api/v1/seller/orders/${orderNo}/ship`, ownSeller.sellerToken, {
      carrier: 'DHL',
      trackingNo: 'S2',
    });
    await post(`/api/v1/orders/${orderNo}/receive`, buyer.token);
    expect(await settleCompletedOrders(db, new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(1);
    type TSummary = { balance: string; settledAmount: string };
    const summaryOf = async () =>
      (await get('/api/v1/seller/summary', ownSeller.sellerToken)).json() as TSummary;
    // 100 at 5%: 95 to the seller.
    expect(await summaryOf()).toMatchObject({ balance: '95.00', settledAmount: '95.00' });
    const refunded = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: '40',
      reason: 'Damaged',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // 38 taken back from the seller (2 from the platform's commission): the wallet and the statement say 57.
    expect(await summaryOf()).toMatchObject({ balance: '57.00', settledAmount: '57.00' });
    const month = new Date().toISOString().slice(0, 7);
    const statement = await get(`/api/v1/seller/settlement?month=${month}`, ownSeller.sellerToken);
    expect((statement.json() as { net: string }).net).toBe('57.00');
  });

  it('a manual refund before shipping is of everything paid, never a part that would settle the rest', async () => {
    const db = ctx.database.db;
    const admin = await createStaffMember(ctx, { role: 'Administrator' });
    const { orderNo, total } = await placeTestOrder(db, buyer.id, productId);
    const buyerBefore = await availableOf(db, buyer.id);
    const part = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: '1',
      reason: 'Late',
    });
    expect(code(part)).toBe('REFUND_NOT_FULL_BEFORE_SHIPPING');
    const [unchanged] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(unchanged).toMatchObject({ status: 1, isSettled: false, refundStatus: 'none' });
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore);
    const whole = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: formatMoney(total),
      reason: 'Late',
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore + total);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('a manual refund of an order on its way is of everything paid: a part closed it and paid the seller early', async () => {
    const db = ctx.database.db;
    const admin = await createStaffMember(ctx, { role: 'Administrator' });
    const { orderNo, total } = await placeTestOrder(db, buyer.id, productId);
    const shipped = await post(`/api/v1/seller/orders/${orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: 'JD0777',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const buyerBefore = await availableOf(db, buyer.id);
    const sellerBefore = await availableOf(db, seller.id);
    const part = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: '10',
      reason: 'Parcel late',
    });
    expect(part.statusCode).toBe(400);
    expect(code(part)).toBe('REFUND_NOT_FULL_IN_TRANSIT');
    expect((part.json() as TErr).error.message).toBe(
      `While the goods are on their way, a refund returns everything paid: ${displayMoney(total)} USDT`,
    );
    const [unchanged] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(unchanged).toMatchObject({ status: 3, isSettled: false, refundStatus: 'none' });
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore);
    expect(await availableOf(db, seller.id)).toBe(sellerBefore);
    // A parcel lost on its way: everything back, nothing to the seller.
    const lost = await post(`/api/v1/admin/orders/${orderNo}/refund`, admin.token, {
      amount: formatMoney(total),
      reason: 'Parcel lost',
    });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore + total);
    expect(await availableOf(db, seller.id)).toBe(sellerBefore);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('calls a malformed order number not valid, rather than missing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/orders/abc/ship',
      headers: bearer(seller.sellerToken),
      payload: { carrier: 'DHL', trackingNo: 'JD01' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as TErr).error.message).toBe('This value is not valid');
  });

  it('takes a tracking number of letters and digits only, and ships nothing otherwise', async () => {
    const db = ctx.database.db;
    const paid = await placeTestOrder(db, buyer.id, productId);
    for (const trackingNo of ['JD0145 2233 ÄÖ <script>', '-', 'A\tB']) {
      const res = await post(`/api/v1/seller/orders/${paid.orderNo}/ship`, seller.sellerToken, {
        carrier: 'DHL',
        trackingNo,
      });
      expect(res.statusCode, trackingNo).toBe(400);
      expect((res.json() as TErr).error.message, trackingNo).toBe(
        'A tracking number has letters and digits, with spaces, dashes, dots or slashes between them',
      );
    }
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, paid.orderNo));
    expect(row?.trackingNo ?? null).toBeNull();
    const shipped = await post(`/api/v1/seller/orders/${paid.orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: 'JD0145 2233-44/5.6',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
  });

  it('refuses every illegal transition without changing anything', async () => {
    const db = ctx.database.db;
    const pending = await placeTestOrder(db, buyer.id, productId, { isPaid: false });
    expect(code(await post(`/api/v1/orders/${pending.orderNo}/remind`, buyer.token))).toBe(
      'ORDER_STATUS_INVALID',
    );
    expect(code(await post(`/api/v1/seller/orders/${pending.orderNo}/confirm`, seller.sellerToken))).toBe(
      'ORDER_STATUS_INVALID',
    );
    expect(
      code(await post(`/api/v1/orders/${pending.orderNo}/refund`, buyer.token, { reason: 8, amount: '1' })),
    ).toBe('ORDER_STATUS_INVALID');
    expect(
      (await post(`/api/v1/orders/${pending.orderNo}/cancel`, buyer.token, { reason: 4 })).statusCode,
    ).toBe(200);
    const balance = await availableOf(db, buyer.id);
    const pay = await post('/api/v1/orders/pay', buyer.token, {
      orderNos: [pending.orderNo],
      txPassword: '246810',
    });
    expect(code(pay)).toBe('ORDER_STATUS_INVALID');
    expect(await availableOf(db, buyer.id)).toBe(balance);
    expect(await statusOf(pending.orderNo)).toBe(-1);
    expect(code(await post(`/api/v1/orders/${pending.orderNo}/cancel`, buyer.token, { reason: 4 }))).toBe(
      'ORDER_STATUS_INVALID',
    );
    const badReason = await post(`/api/v1/orders/${pending.orderNo}/cancel`, buyer.token, { reason: 5 });
    expect(badReason.statusCode).toBe(400);
    const stranger = await createTestUser(db);
    await createTestStore(db, stranger.id, 'Other shop');
    expect(code(await get(`/api/v1/seller/orders/${pending.orderNo}`, stranger.sellerToken))).toBe(
      'ORDER_NOT_FOUND',
    );
    expect(code(await post(`/api/v1/orders/${pending.orderNo}/rebuy`, stranger.token))).toBe(
      'ORDER_NOT_FOUND',
    );
    const rebuy = await post(`/api/v1/orders/${pending.orderNo}/rebuy`, buyer.token);
    expect((rebuy.json() as { cartItemIds: string[] }).cartItemIds).toHaveLength(1);
    const tabs = await get('/api/v1/orders?tab=cancelled', buyer.token);
    expect((tabs.json() as { pageList: { orderNo: string }[] }).pageList.map((o) => o.orderNo)).toContain(
      pending.orderNo,
    );
    expect((await checkLedger(db)).isOk).toBe(true);
  });
});

import { parseMoney } from '@caravan/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponCampaigns, orders, userCoupons } from '../../db/schema';
import { createTestStaff, fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import { checkLedger, getPlatformBalance } from '../ledger';
import { placeOrders } from './checkout';
import { payOrdersWithBalance } from './pay-orders';
import {
  availableOf,
  createTestProduct,
  createTestStore,
  createTestUser,
  setParam,
  stockOf,
  TEST_ADDRESS,
  type TTestUser,
} from './test-fixtures';
import { settleCompletedOrders } from './timed-work';

type TErr = { error: { code: string; message: string; details?: Record<string, unknown> } };
const DAY = 86_400_000;

describe('coupons at checkout, paid by the platform', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let seller: TTestUser;
  let storeId: bigint;
  let productId: bigint;
  let staffToken: string;
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    buyer = await createTestUser(db);
    seller = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Coupon shop');
    productId = (await createTestProduct(db, storeId, { price: '100', stock: 1000 })).productId;
    await fundUser(db, buyer.id, '10000');
    await setParam(db, 'commission_rate', '0.05');
    staffToken = (await createTestStaff(db, ['marketing.manage'])).token;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      headers: bearer(buyer.token),
      payload: TEST_ADDRESS,
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (url: string, token: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const errorOf = (res: { json: () => unknown }) => (res.json() as TErr).error;

  /** A campaign made by staff and one of its coupons claimed into `user`'s account. */
  async function couponFor(
    user: TTestUser,
    campaign: Record<string, unknown> = {},
  ): Promise<{ couponId: string; campaignId: string }> {
    seq += 1;
    const claimCode = `TEST${Date.now().toString(36).toUpperCase()}${seq}`;
    const created = await post('/api/v1/admin/coupon-campaigns', staffToken, {
      name: `Ten off ${seq}`,
      claimCode,
      kind: 'amount',
      amountOff: '10',
      minSpend: '50',
      validUntil: new Date(Date.now() + 30 * DAY).toISOString(),
      perUserLimit: 1,
      ...campaign,
    });
    expect(created.statusCode, created.body).toBe(201);
    const claimed = await post('/api/v1/coupons/claim', user.token, { code: claimCode.toLowerCase() });
    expect(claimed.statusCode, claimed.body).toBe(201);
    return {
      couponId: (claimed.json() as { id: string }).id,
      campaignId: (created.json() as { id: string }).id,
    };
  }

  const orderBody = (couponId: string, quantity = 1) => ({
    items: [{ productId: productId.toString(), quantity }],
    coupons: [{ storeId: storeId.toString(), couponId }],
  });

  it('takes the discount off the buyer, pays it from platform marketing and settles the seller on the full amount', async () => {
    const db = ctx.database.db;
    const { couponId } = await couponFor(buyer);
    const preview = await post('/api/v1/orders/preview', buyer.token, orderBody(couponId));
    expect(preview.statusCode, preview.body).toBe(200);
    const amounts = (preview.json() as { groups: { amounts: { discount: string; total: string } }[] })
      .groups[0]!.amounts;
    expect(amounts).toMatchObject({ discount: '10.00', total: '90.00' });

    const buyerBefore = await availableOf(db, buyer.id);
    const sellerBefore = await availableOf(db, seller.id);
    const marketingBefore = await getPlatformBalance(db, 'platform_marketing');
    const sellerGmv = async () =>
      parseMoney(
        (
          (
            await ctx.app.inject({
              method: 'GET',
              url: '/api/v1/seller/dashboard?range=today',
              headers: bearer(seller.sellerToken),
            })
          ).json() as { gmv: string }
        ).gmv,
      );
    const gmvBefore = await sellerGmv();
    const [placed] = await placeOrders(db, buyer.id, orderBody(couponId), 'en');
    await payOrdersWithBalance(db, buyer.id, [placed!.orderNo]);
    // The shop's GMV counts the order at its worth, 100: the buyer's 90 and the platform's coupon, as the admin's does.
    expect(await sellerGmv()).toBe(gmvBefore + parseMoney('100'));
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore - parseMoney('90'));
    expect(await getPlatformBalance(db, 'platform_marketing')).toBe(marketingBefore - parseMoney('10'));
    const [coupon] = await db
      .select()
      .from(userCoupons)
      .where(eq(userCoupons.id, BigInt(couponId)));
    expect(coupon).toMatchObject({ status: 'used', orderId: placed!.id });

    await post(`/api/v1/seller/orders/${placed!.orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: '1',
    });
    expect((await post(`/api/v1/orders/${placed!.orderNo}/receive`, buyer.token)).statusCode).toBe(200);
    expect(await settleCompletedOrders(db, new Date(Date.now() + 8 * DAY))).toBeGreaterThan(0);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed!.id));
    expect(order).toMatchObject({ isSettled: true, sellerSettledAmount: parseMoney('95') });
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('95'));
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('charges a percent discount and the commission in whole cents, so no wallet keeps a fraction of a cent', async () => {
    const db = ctx.database.db;
    const odd = (await createTestProduct(db, storeId, { price: '12.35', stock: 100 })).productId;
    const { couponId } = await couponFor(buyer, {
      kind: 'percent',
      percentOff: 7,
      amountOff: undefined,
      minSpend: '0',
    });
    const body = {
      items: [{ productId: odd.toString(), quantity: 3 }],
      coupons: [{ storeId: storeId.toString(), couponId }],
    };
    const preview = await post('/api/v1/orders/preview', buyer.token, body);
    // 7 % of 37.05 is 2.5935: 2.59 off, 34.46 to pay.
    expect((preview.json() as { groups: { amounts: object }[] }).groups[0]!.amounts).toMatchObject({
      itemsAmount: '37.05',
      discount: '2.59',
      total: '34.46',
    });
    const sellerBefore = await availableOf(db, seller.id);
    const [placed] = await placeOrders(db, buyer.id, body, 'en');
    await payOrdersWithBalance(db, buyer.id, [placed!.orderNo]);
    await post(`/api/v1/seller/orders/${placed!.orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: '2',
    });
    await post(`/api/v1/orders/${placed!.orderNo}/receive`, buyer.token);
    await settleCompletedOrders(db, new Date(Date.now() + 8 * DAY));
    // Settled on 37.05; 5 % commission is 1.8525: 1.85 to the platform, 35.20 to the seller.
    const [order] = await db.select().from(orders).where(eq(orders.id, placed!.id));
    expect(order).toMatchObject({ isSettled: true, sellerSettledAmount: parseMoney('35.2') });
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('35.2'));
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('refuses every bad coupon with a localised 4xx and changes nothing', async () => {
    const db = ctx.database.db;
    const other = await createTestUser(db);
    const { couponId: othersCoupon } = await couponFor(other);
    const { couponId: highMinimum } = await couponFor(buyer, { minSpend: '500', amountOff: '20' });
    const { couponId: expiring } = await couponFor(buyer);
    await db
      .update(userCoupons)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(userCoupons.id, BigInt(expiring)));
    const { couponId: stopped, campaignId: stoppedCampaign } = await couponFor(buyer);
    expect(
      (await post(`/api/v1/admin/coupon-campaigns/${stoppedCampaign}/stop`, staffToken)).statusCode,
    ).toBe(200);
    // The account lists it as stopped, not usable: it was offered at checkout and then refused (QA).
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/coupons',
      headers: bearer(buyer.token),
    });
    const statusOf = (id: string) =>
      (listed.json() as { list: { id: string; status: string }[] }).list.find((c) => c.id === id)?.status;
    expect(statusOf(String(stopped))).toBe('stopped');
    const { couponId: usable } = await couponFor(buyer);
    const { couponId: secondUsable } = await couponFor(buyer);

    const balance = await availableOf(db, buyer.id);
    const stock = await stockOf(db, productId);
    const [ordersBefore] = await db.select({ n: count() }).from(orders);
    const cases: [object, number, string, string?][] = [
      [orderBody('999999999'), 404, 'COUPON_NOT_FOUND', 'This coupon code does not exist'],
      [orderBody(othersCoupon), 404, 'COUPON_NOT_FOUND'],
      [
        orderBody(highMinimum),
        400,
        'COUPON_MIN_SPEND',
        'This coupon needs goods worth at least 500.00 USDT in the order; freight and fees do not count',
      ],
      [orderBody(expiring), 400, 'COUPON_EXPIRED', 'This coupon has expired'],
      [orderBody(stopped), 400, 'COUPON_STOPPED'],
      [
        {
          ...orderBody(usable),
          coupons: [
            { storeId: storeId.toString(), couponId: usable },
            { storeId: storeId.toString(), couponId: secondUsable },
          ],
        },
        400,
        'COUPON_ONE_PER_ORDER',
        'Only one coupon can be used per order',
      ],
      [
        { ...orderBody(usable), coupons: [{ storeId: '987654321', couponId: usable }] },
        404,
        'COUPON_NOT_FOUND',
      ],
      [
        { ...orderBody(usable), coupons: [{ storeId: storeId.toString(), couponId: 'abc' }] },
        400,
        'VALIDATION_FAILED',
      ],
      [{ ...orderBody(usable), coupons: 'all' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code, message] of cases) {
      for (const url of ['/api/v1/orders/preview?lang=en', '/api/v1/orders?lang=en']) {
        const res = await post(url, buyer.token, body);
        expect(res.statusCode, `${url} ${code} ${res.body}`).toBe(status);
        expect(errorOf(res).code).toBe(code);
        if (message) {
          expect(errorOf(res).message).toBe(message);
        }
      }
    }
    // The refusal names the coupon, so the checkout can drop it from the order.
    for (const [couponId, extra] of [
      [expiring, {}],
      [highMinimum, { minSpend: '500.00' }],
      [stopped, {}],
    ] as const) {
      for (const url of ['/api/v1/orders/preview', '/api/v1/orders']) {
        expect(errorOf(await post(url, buyer.token, orderBody(couponId))).details).toEqual({
          couponId,
          ...extra,
        });
      }
    }
    // In German too.
    const german = await post('/api/v1/orders/preview?lang=de', buyer.token, orderBody(highMinimum));
    expect(errorOf(german).message).toBe(
      'Dieser Gutschein gilt ab einem Warenwert von 500.00 USDT in der Bestellung; Frachtkosten und Gebühren zählen nicht mit',
    );

    // A used coupon.
    const [first] = await placeOrders(db, buyer.id, orderBody(usable), 'en');
    const reuse = await post('/api/v1/orders/preview', buyer.token, orderBody(usable));
    expect(errorOf(reuse).code).toBe('COUPON_USED');
    await post(`/api/v1/orders/${first!.orderNo}/cancel`, buyer.token, { reason: 0 });

    expect(await availableOf(db, buyer.id)).toBe(balance);
    expect(await stockOf(db, productId)).toBe(stock);
    const [ordersAfter] = await db.select({ n: count() }).from(orders);
    expect(ordersAfter!.n).toBe(ordersBefore!.n + 1);
  });

  it('gives the coupon back when the order is cancelled or fully refunded, and the platform its discount', async () => {
    const db = ctx.database.db;
    const { couponId } = await couponFor(buyer);
    const [pending] = await placeOrders(db, buyer.id, orderBody(couponId), 'en');
    expect(
      (await post(`/api/v1/orders/${pending!.orderNo}/cancel`, buyer.token, { reason: 0 })).statusCode,
    ).toBe(200);
    let [coupon] = await db
      .select()
      .from(userCoupons)
      .where(eq(userCoupons.id, BigInt(couponId)));
    expect(coupon).toMatchObject({ status: 'available', orderId: null });

    const marketingBefore = await getPlatformBalance(db, 'platform_marketing');
    const balanceBefore = await availableOf(db, buyer.id);
    const [paid] = await placeOrders(db, buyer.id, orderBody(couponId), 'en', new Date(), { isPaid: true });
    expect(await getPlatformBalance(db, 'platform_marketing')).toBe(marketingBefore - parseMoney('10'));
    await post(`/api/v1/orders/${paid!.orderNo}/refund`, buyer.token, { reason: 8, amount: '90' });
    const approved = await post(`/api/v1/seller/orders/${paid!.orderNo}/refund/approve`, seller.sellerToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await availableOf(db, buyer.id)).toBe(balanceBefore);
    expect(await getPlatformBalance(db, 'platform_marketing')).toBe(marketingBefore);
    [coupon] = await db
      .select()
      .from(userCoupons)
      .where(eq(userCoupons.id, BigInt(couponId)));
    expect(coupon).toMatchObject({ status: 'available', orderId: null });
    expect((await checkLedger(db)).isOk).toBe(true);

    // An expired coupon stays used after a cancellation.
    const [again] = await placeOrders(db, buyer.id, orderBody(couponId), 'en');
    await db
      .update(userCoupons)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(userCoupons.id, BigInt(couponId)));
    await post(`/api/v1/orders/${again!.orderNo}/cancel`, buyer.token, { reason: 0 });
    [coupon] = await db
      .select()
      .from(userCoupons)
      .where(eq(userCoupons.id, BigInt(couponId)));
    expect(coupon!.status).toBe('used');
  });

  it('a refund after settlement that empties the order undoes the settlement: the seller keeps nothing, the platform gets its discount back', async () => {
    const db = ctx.database.db;
    const admin = await createTestStaff(db, ['orders.manage']);
    const { couponId } = await couponFor(buyer);
    const buyerBefore = await availableOf(db, buyer.id);
    const sellerBefore = await availableOf(db, seller.id);
    const marketingBefore = await getPlatformBalance(db, 'platform_marketing');
    const revenueBefore = await getPlatformBalance(db, 'platform_revenue');
    const [placed] = await placeOrders(db, buyer.id, orderBody(couponId), 'en');
    await payOrdersWithBalance(db, buyer.id, [placed!.orderNo]);
    await post(`/api/v1/seller/orders/${placed!.orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: '3',
    });
    await post(`/api/v1/orders/${placed!.orderNo}/receive`, buyer.token);
    await settleCompletedOrders(db, new Date(Date.now() + 8 * DAY));
    // Settled on 100 (the buyer's 90 and the platform's 10): 95 to the seller, 5 commission.
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('95'));

    // A part first, then the rest: each refund's commission is counted on the refunds together.
    const part = await post(`/api/v1/admin/orders/${placed!.orderNo}/refund`, admin.token, {
      amount: '0.10',
      reason: 'Damaged',
    });
    expect(part.statusCode, part.body).toBe(200);
    // 5 % of 0.10 rounds to 0.01: the platform gives it back, the seller the other 0.09.
    expect(await availableOf(db, seller.id)).toBe(sellerBefore + parseMoney('94.91'));
    const rest = await post(`/api/v1/admin/orders/${placed!.orderNo}/refund`, admin.token, {
      amount: '89.90',
      reason: 'Damaged',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await availableOf(db, buyer.id)).toBe(buyerBefore);
    // Before: the seller kept 9.50 of the discount on goods that all came back, and 0.01 of rounding.
    expect(await availableOf(db, seller.id)).toBe(sellerBefore);
    expect(await getPlatformBalance(db, 'platform_revenue')).toBe(revenueBefore);
    expect(await getPlatformBalance(db, 'platform_marketing')).toBe(marketingBefore);
    const [coupon] = await db
      .select()
      .from(userCoupons)
      .where(eq(userCoupons.id, BigInt(couponId)));
    expect(coupon).toMatchObject({ status: 'available', orderId: null });
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('lets only one of two orders placed at the same time use one coupon', async () => {
    const db = ctx.database.db;
    const { couponId } = await couponFor(buyer);
    const balance = await availableOf(db, buyer.id);
    const results = await Promise.allSettled([
      placeOrders(db, buyer.id, orderBody(couponId), 'en', new Date(), { isPaid: true }),
      placeOrders(db, buyer.id, orderBody(couponId, 2), 'en', new Date(), { isPaid: true }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'COUPON_USED' });
    const used = await db
      .select()
      .from(orders)
      .where(
        sql`${orders.discount} > 0 and ${orders.id} in (select order_id from user_coupons where id = ${BigInt(couponId)})`,
      );
    expect(used).toHaveLength(1);
    const spent = balance - (await availableOf(db, buyer.id));
    expect(spent === parseMoney('90') || spent === parseMoney('190')).toBe(true);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('keeps claims within the per-user limit and the stock, also when claimed at the same time', async () => {
    const db = ctx.database.db;
    seq += 1;
    const claimCode = `STOCK${Date.now().toString(36).toUpperCase()}${seq}`;
    const created = await post('/api/v1/admin/coupon-campaigns', staffToken, {
      name: 'Only one',
      claimCode,
      kind: 'percent',
      percentOff: 10,
      minSpend: '0',
      validUntil: new Date(Date.now() + DAY).toISOString(),
      perUserLimit: 1,
      stock: 1,
    });
    expect(created.statusCode).toBe(201);
    const users = [await createTestUser(db), await createTestUser(db)];
    const claims = await Promise.all(
      users.map((u) => post('/api/v1/coupons/claim', u.token, { code: claimCode })),
    );
    expect(claims.map((c) => c.statusCode).sort()).toEqual([201, 409]);
    expect(errorOf(claims.find((c) => c.statusCode === 409)!).code).toBe('COUPON_OUT_OF_STOCK');
    const winner = users[claims.findIndex((c) => c.statusCode === 201)]!;
    const again = await post('/api/v1/coupons/claim', winner.token, { code: claimCode });
    expect(errorOf(again).code).toBe('COUPON_LIMIT_REACHED');
    const [campaign] = await db
      .select()
      .from(couponCampaigns)
      .where(eq(couponCampaigns.id, BigInt((created.json() as { id: string }).id)));
    expect(campaign!.issuedCount).toBe(1);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/coupons',
      headers: bearer(winner.token),
    });
    expect((list.json() as { list: { kind: string; percentOff: number; status: string }[] }).list).toEqual([
      expect.objectContaining({ kind: 'percent', percentOff: 10, status: 'available' }),
    ]);
    const unknown = await post('/api/v1/coupons/claim', winner.token, { code: 'NOSUCHCODE' });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets only staff with marketing.manage run campaigns, audited', async () => {
    const other = await createTestStaff(ctx.database.db, ['users.read']);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/coupon-campaigns',
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(403);
    // Nor may they create or stop one: nothing is written.
    const campaignsBefore = await ctx.database.db.select({ n: count() }).from(couponCampaigns);
    const validUntil = new Date(Date.now() + DAY).toISOString();
    const good = {
      name: 'Spring',
      kind: 'amount',
      amountOff: '5',
      minSpend: '50',
      validUntil,
      perUserLimit: 1,
    };
    const createRefused = await post('/api/v1/admin/coupon-campaigns', other.token, good);
    expect(createRefused.statusCode).toBe(403);
    const [someCampaign] = await ctx.database.db
      .select({ id: couponCampaigns.id, status: couponCampaigns.status })
      .from(couponCampaigns)
      .where(eq(couponCampaigns.status, 'active'))
      .limit(1);
    const stopRefused = await post(`/api/v1/admin/coupon-campaigns/${someCampaign!.id}/stop`, other.token);
    expect(stopRefused.statusCode).toBe(403);
    expect(await ctx.database.db.select({ n: count() }).from(couponCampaigns)).toEqual(campaignsBefore);
    const [stillActive] = await ctx.database.db
      .select({ status: couponCampaigns.status })
      .from(couponCampaigns)
      .where(eq(couponCampaigns.id, someCampaign!.id));
    expect(stillActive?.status).toBe('active');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/coupon-campaigns',
      headers: bearer(staffToken),
    });
    expect(list.statusCode).toBe(200);
    const first = (
      list.json() as { pageList: { usedCount: number; issuedCount: number; discountTotal: string }[] }
    ).pageList;
    expect(first.some((c) => c.usedCount > 0 && Number(c.discountTotal) > 0)).toBe(true);
    const bad = await post('/api/v1/admin/coupon-campaigns', staffToken, {
      name: 'Free stuff',
      kind: 'amount',
      amountOff: '50',
      minSpend: '50',
      validUntil: new Date(Date.now() + DAY).toISOString(),
      perUserLimit: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect((await post('/api/v1/admin/coupon-campaigns/99999999/stop', staffToken)).statusCode).toBe(404);
  });

  it("answers each bad campaign field beside its field, in the staff member's language", async () => {
    const validUntil = new Date(Date.now() + DAY).toISOString();
    const good = {
      name: 'Autumn',
      kind: 'percent',
      percentOff: 10,
      minSpend: '20',
      validUntil,
      perUserLimit: 2,
    };
    const fieldErrors = async (payload: object, lang = 'en') => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/coupon-campaigns?lang=${lang}`,
        headers: bearer(staffToken),
        payload,
      });
      expect(res.statusCode).toBe(400);
      return (res.json() as { error: { details: { fields: { field: string; message: string }[] } } }).error
        .details.fields;
    };
    expect(await fieldErrors({ ...good, percentOff: 95 })).toEqual([
      { field: 'percentOff', message: 'Percent off must be a whole number from 1 to 90' },
    ]);
    expect(await fieldErrors({ ...good, perUserLimit: 0, stock: 2.5 })).toEqual(
      expect.arrayContaining([
        { field: 'perUserLimit', message: 'The per-user limit must be a whole number from 1 to 100' },
        { field: 'stock', message: 'Stock must be a whole number from 1 to 10,000,000' },
      ]),
    );
    expect(
      await fieldErrors({ ...good, validUntil: new Date(Date.now() - DAY).toISOString() }, 'de'),
    ).toEqual([{ field: 'validUntil', message: 'Das Ende muss in der Zukunft liegen' }]);
    const before = await ctx.database.db.select({ n: count() }).from(couponCampaigns);
    const created = await post('/api/v1/admin/coupon-campaigns', staffToken, {
      ...good,
      claimCode: 'AUTUMN-10',
    });
    expect(created.statusCode).toBe(201);
    expect(await fieldErrors({ ...good, claimCode: 'autumn-10' })).toEqual([
      { field: 'claimCode', message: 'Another campaign already uses this claim code' },
    ]);
    const after = await ctx.database.db.select({ n: count() }).from(couponCampaigns);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });
});

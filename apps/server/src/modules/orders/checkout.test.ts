import { parseMoney } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { checkLedger } from '../ledger';
import {
  availableOf,
  createTestProduct,
  createTestStore,
  createTestUser,
  fundUser,
  setParam,
  stockOf,
  type TTestUser,
  TX_PASSWORD,
} from './test-fixtures';

const ADDRESS = {
  consignee: 'Anna Schmidt',
  areaCode: '+49',
  phone: '15112345678',
  country: 'DE',
  state: 'BE',
  city: 'Berlin',
  postcode: '10115',
  detail: 'Invalidenstrasse 1',
};

describe('checkout and payment', () => {
  let ctx: TTestContext;
  let buyer: TTestUser;
  let sellerA: TTestUser;
  let sellerB: TTestUser;
  let storeA: bigint;
  let storeB: bigint;
  let productA: bigint;
  let productB: bigint;
  let variantB: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    buyer = await createTestUser(db);
    sellerA = await createTestUser(db);
    sellerB = await createTestUser(db);
    storeA = await createTestStore(db, sellerA.id, 'Shop A');
    storeB = await createTestStore(db, sellerB.id, 'Shop B');
    productA = (
      await createTestProduct(db, storeA, {
        price: '12.3456789012',
        stock: 50,
        dispatchFee: '1.5',
        longDistanceFee: '2.25',
        deliveryFee: '0.1',
      })
    ).productId;
    const b = await createTestProduct(db, storeB, {
      price: '5',
      stock: 20,
      variants: [{ price: '7.77', stock: 9 }],
    });
    productB = b.productId;
    variantB = b.variantIds[0]!;
    await setParam(db, 'order_tax_rate', '0.1');
    await setParam(db, 'order_handling_fee_rate', '0.01');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      headers: bearer(buyer.token),
      payload: ADDRESS,
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('previews one group per seller with exact freight, tax, fees and totals', async () => {
    const res = await inject('POST', '/api/v1/orders/preview', buyer.token, {
      items: [
        { productId: productA.toString(), quantity: 3 },
        { productId: productB.toString(), variantId: variantB.toString(), quantity: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = json<{
      groups: { seller: { name: string }; amounts: Record<string, string> }[];
      total: string;
    }>(res);
    expect(body.groups).toHaveLength(2);
    const a = body.groups.find((g) => g.seller.name === 'Shop A')!;
    // Whole cents, half up: the line 3 x 12.3456789012 = 37.0370367036 -> 37.04; tax 10% = 3.704 -> 3.70; handling
    // fee 1% = 0.3704 -> 0.37. A fraction of a cent charged stayed in the wallet for good.
    expect(a.amounts).toEqual({
      itemsAmount: '37.04',
      dispatchFee: '1.50',
      longDistanceFee: '2.25',
      deliveryFee: '0.10',
      freight: '3.85',
      tax: '3.70',
      handlingFee: '0.37',
      discount: '0.00',
      total: '44.96',
    });
    const b = body.groups.find((g) => g.seller.name === 'Shop B')!;
    expect(b.amounts.itemsAmount).toBe('15.54');
    // Tax 1.554 -> 1.55, handling fee 0.1554 -> 0.16.
    expect(b.amounts).toMatchObject({ tax: '1.55', handlingFee: '0.16', total: '17.25' });
    expect(body.total).toBe('62.21');
    expect(await stockOf(ctx.database.db, productA)).toBe(50);
  });

  it('refuses nothing selected, own-store goods, off-shelf goods and quantities out of range', async () => {
    const db = ctx.database.db;
    const none = await inject('POST', '/api/v1/orders/preview', buyer.token, { cartItemIds: ['999999'] });
    expect(json<{ error: { code: string } }>(none).error.code).toBe('NO_PRODUCT_SELECTED');
    const own = await inject('POST', '/api/v1/orders/preview', sellerA.token, {
      items: [{ productId: productA.toString(), quantity: 1 }],
    });
    expect(json<{ error: { code: string } }>(own).error.code).toBe('OWN_STORE_GOODS');
    const off = (await createTestProduct(db, storeA, { isOnShelf: false })).productId;
    const offRes = await inject('POST', '/api/v1/orders', buyer.token, {
      items: [{ productId: off.toString(), quantity: 1 }],
    });
    expect(json<{ error: { code: string } }>(offRes).error.code).toBe('GOODS_OFF_SHELF');
    const min = (await createTestProduct(db, storeA, { buyMin: 5 })).productId;
    const minRes = await inject('POST', '/api/v1/orders', buyer.token, {
      items: [{ productId: min.toString(), quantity: 4 }],
    });
    expect(json<{ error: { code: string } }>(minRes).error.code).toBe('BELOW_MIN_PURCHASE');
    const maxRes = await inject('POST', '/api/v1/orders', buyer.token, {
      items: [{ productId: productA.toString(), quantity: 501 }],
    });
    expect(json<{ error: { code: string } }>(maxRes).error.code).toBe('ABOVE_MAX_PURCHASE');
    const free = (await createTestProduct(db, storeA, { price: '0' })).productId;
    const freeRes = await inject('POST', '/api/v1/orders', buyer.token, {
      items: [{ productId: free.toString(), quantity: 1 }],
    });
    expect(json<{ error: { code: string } }>(freeRes).error.code).toBe('ZERO_TOTAL');
    expect(await db.select({ id: orders.id }).from(orders)).toHaveLength(0);
  });

  it('places one order per seller, takes stock and pays from the wallet after the tx password', async () => {
    const db = ctx.database.db;
    const placed = await inject('POST', '/api/v1/orders', buyer.token, {
      items: [
        { productId: productA.toString(), quantity: 3 },
        { productId: productB.toString(), variantId: variantB.toString(), quantity: 2 },
      ],
      remarks: { [storeA.toString()]: 'Please pack well' },
    });
    expect(placed.statusCode).toBe(201);
    const body = json<{
      orders: {
        orderNo: string;
        status: number;
        amounts: { total: string };
        createdAt: string;
        payBefore: string | null;
      }[];
      total: string;
    }>(placed);
    expect(body.orders).toHaveLength(2);
    // An unpaid order says when it is cancelled if still unpaid: order_auto_cancel_minutes (30) after placing.
    for (const order of body.orders) {
      expect(Date.parse(order.payBefore!) - Date.parse(order.createdAt)).toBe(30 * 60_000);
    }
    expect(body.orders.every((o) => o.status === 0)).toBe(true);
    expect(body.total).toBe('62.21');
    expect(await stockOf(db, productA)).toBe(47);
    const orderNos = body.orders.map((o) => o.orderNo);
    expect(orderNos[0]).toMatch(/^\d{20}$/);

    // Not enough money: nothing moves.
    await fundUser(db, buyer.id, '50');
    const poor = await inject('POST', '/api/v1/orders/pay', buyer.token, {
      orderNos,
      txPassword: TX_PASSWORD,
    });
    expect(poor.statusCode).toBe(409);
    expect(json<{ error: { code: string; details: { rechargeUrl: string } } }>(poor).error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      details: { rechargeUrl: '/userInfo/money-package/recharge' },
    });
    expect(await availableOf(db, buyer.id)).toBe(parseMoney('50'));
    const rows = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.buyerUserId, buyer.id));
    expect(rows.every((r) => r.status === 0)).toBe(true);

    // Wrong transaction password: nothing moves.
    await fundUser(db, buyer.id, '50');
    const wrong = await inject('POST', '/api/v1/orders/pay', buyer.token, { orderNos, txPassword: '000000' });
    expect(json<{ error: { code: string } }>(wrong).error.code).toBe('TX_PASSWORD_WRONG');
    expect(await availableOf(db, buyer.id)).toBe(parseMoney('100'));

    // Other payment methods are not open.
    const card = await inject('POST', '/api/v1/orders/pay', buyer.token, {
      orderNos,
      txPassword: TX_PASSWORD,
      method: 'card',
    });
    expect(json<{ error: { code: string } }>(card).error.code).toBe('PAYMENT_METHOD_NOT_OPEN');

    const paid = await inject('POST', '/api/v1/orders/pay', buyer.token, {
      orderNos,
      txPassword: TX_PASSWORD,
    });
    expect(paid.statusCode).toBe(200);
    expect(json<{ paidTotal: string; balance: string }>(paid)).toMatchObject({
      paidTotal: '62.21',
      balance: '37.79',
    });
    const again = await inject('POST', '/api/v1/orders/pay', buyer.token, {
      orderNos,
      txPassword: TX_PASSWORD,
    });
    // Paid already (another tab): said so, not "cancelled".
    expect(json<{ error: { code: string; details: unknown } }>(again).error).toMatchObject({
      code: 'ORDER_STATUS_INVALID',
      details: { isAlreadyPaid: true },
    });
    expect(await availableOf(db, buyer.id)).toBe(parseMoney('37.79'));

    const detail = await inject('GET', `/api/v1/orders/${orderNos[0]}?lang=en`, buyer.token);
    const info = json<{
      orderInfo: {
        status: number;
        address: { city: string };
        history: { message: string }[];
        payBefore: string | null;
      };
    }>(detail).orderInfo;
    expect(info.status).toBe(1);
    expect(info.payBefore).toBeNull();
    expect(info.address.city).toBe('Berlin');
    expect(info.history.map((h) => h.message)).toEqual([
      'Order placed, awaiting payment',
      'Order placed and paid',
    ]);
    const items = await db.select().from(orderItems);
    expect(items.length).toBe(2);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('never shows another buyer an order', async () => {
    const other = await createTestUser(ctx.database.db);
    const [order] = await ctx.database.db.select({ orderNo: orders.orderNo }).from(orders).limit(1);
    const res = await inject('GET', `/api/v1/orders/${order!.orderNo}`, other.token);
    expect(res.statusCode).toBe(404);
    expect(json<{ error: { code: string } }>(res).error.code).toBe('ORDER_NOT_FOUND');
    const cancel = await inject('POST', `/api/v1/orders/${order!.orderNo}/cancel`, other.token, {
      reason: 0,
    });
    expect(json<{ error: { code: string } }>(cancel).error.code).toBe('ORDER_NOT_FOUND');
  });

  it('buys now and pays in one step: all or nothing', async () => {
    const db = ctx.database.db;
    const poorBuyer = await createTestUser(db);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      headers: bearer(poorBuyer.token),
      payload: ADDRESS,
    });
    await fundUser(db, poorBuyer.id, '5');
    const { productVariants } = await import('../../db/schema');
    const variantStock = async () =>
      (
        await db
          .select({ s: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.id, variantB))
      )[0]!.s;
    const before = await variantStock();
    const body = {
      items: [{ productId: productB.toString(), variantId: variantB.toString(), quantity: 1 }],
      pay: { txPassword: TX_PASSWORD },
    };
    const poor = await inject('POST', '/api/v1/orders', poorBuyer.token, body);
    expect(json<{ error: { code: string } }>(poor).error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await variantStock()).toBe(before);
    expect(await db.select().from(orders).where(eq(orders.buyerUserId, poorBuyer.id))).toHaveLength(0);
    const wrong = await inject('POST', '/api/v1/orders', poorBuyer.token, {
      ...body,
      pay: { txPassword: '111111' },
    });
    expect(json<{ error: { code: string } }>(wrong).error.code).toBe('TX_PASSWORD_WRONG');

    await fundUser(db, poorBuyer.id, '10');
    const ok = await inject('POST', '/api/v1/orders', poorBuyer.token, body);
    expect(ok.statusCode).toBe(201);
    const placed = json<{ orders: { orderNo: string; status: number; paidAmount: string }[] }>(ok).orders;
    expect(placed).toMatchObject([{ status: 1, paidAmount: '8.63' }]);
    expect(await variantStock()).toBe(before - 1);
    expect(await availableOf(db, poorBuyer.id)).toBe(parseMoney('6.37'));
    const detail = await inject('GET', `/api/v1/orders/${placed[0]!.orderNo}`, poorBuyer.token);
    expect(
      json<{ orderInfo: { history: { event: string }[] } }>(detail).orderInfo.history.map((h) => h.event),
    ).toEqual(['placed', 'paid']);
    const noAddress = await createTestUser(db);
    await fundUser(db, noAddress.id, '100');
    const refused = await inject('POST', '/api/v1/orders', noAddress.token, body);
    expect(json<{ error: { code: string } }>(refused).error.code).toBe('ADDRESS_NOT_SET');
    expect(await variantStock()).toBe(before - 1);
    expect((await checkLedger(db)).isOk).toBe(true);
  });
});

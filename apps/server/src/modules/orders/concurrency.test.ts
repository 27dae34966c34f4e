import { parseMoney } from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, orderRefunds, orders } from '../../db/schema';
import { fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import { createAddress } from '../addresses';
import { checkLedger, getPlatformBalance } from '../ledger';
import { placeOrders } from './checkout';
import { payOrdersWithBalance } from './pay-orders';
import {
  availableOf,
  createTestProduct,
  createTestStore,
  createTestUser,
  placeTestOrder,
  stockOf,
  TEST_ADDRESS,
  type TTestUser,
  TX_PASSWORD,
} from './test-fixtures';

type TErr = { error: { code: string } };

describe('concurrency: never oversell, double clicks act once', () => {
  let ctx: TTestContext;
  let seller: TTestUser;
  let storeId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    seller = await createTestUser(ctx.database.db);
    storeId = await createTestStore(ctx.database.db, seller.id, 'Race shop');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('100 concurrent buyers, some short of money, for 10 units: never oversold, unpaid units return', async () => {
    const db = ctx.database.db;
    const { productId } = await createTestProduct(db, storeId, { price: '25', stock: 10 });
    const buyers: TTestUser[] = [];
    for (let i = 0; i < 100; i++) {
      const buyer = await createTestUser(db);
      await createAddress(db, buyer.id, TEST_ADDRESS);
      // Some buyers cannot afford it: their orders must fail without touching stock or money.
      await fundUser(db, buyer.id, i % 10 === 0 ? '10' : '30');
      buyers.push(buyer);
    }
    const results = await Promise.allSettled(
      buyers.map(async (buyer) => {
        const [placed] = await placeOrders(
          db,
          buyer.id,
          { items: [{ productId: productId.toString(), quantity: 1 }] },
          'en',
        );
        try {
          await payOrdersWithBalance(db, buyer.id, [placed!.orderNo]);
        } catch (error) {
          // An unpaid order gives its unit back, as the buyer (or the timeout) would.
          const { cancelOrder } = await import('./buyer-actions');
          await cancelOrder(db, { userId: buyer.id, orderNo: placed!.orderNo, reason: 0 });
          throw error;
        }
        return placed!.orderNo;
      }),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failures = results.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [],
    );
    expect(failures.every((c) => c === 'INSUFFICIENT_STOCK' || c === 'INSUFFICIENT_BALANCE')).toBe(true);
    // Everybody who could pay and was first got one; the rest were refused.
    const paidCount = (
      await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.status, 1))
    )[0]!.n;
    expect(paidCount).toBe(ok.length);
    expect(await stockOf(db, productId)).toBe(10 - ok.length);
    const negative = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.userId} is not null and ${ledgerAccounts.balance} < 0`);
    expect(negative).toHaveLength(0);
    expect(await getPlatformBalance(db, 'order_escrow')).toBe(parseMoney('25') * BigInt(ok.length));
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('exactly 10 of 100 funded buyers win the last 10 units', async () => {
    const db = ctx.database.db;
    const { productId } = await createTestProduct(db, storeId, { price: '3', stock: 10 });
    const buyers: TTestUser[] = [];
    for (let i = 0; i < 100; i++) {
      const buyer = await createTestUser(db);
      await createAddress(db, buyer.id, TEST_ADDRESS);
      await fundUser(db, buyer.id, '5');
      buyers.push(buyer);
    }
    const results = await Promise.allSettled(
      buyers.map((buyer) => placeTestOrder(db, buyer.id, productId, { quantity: 1 })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(10);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect((r.reason as { code?: string }).code).toBe('INSUFFICIENT_STOCK');
      }
    }
    expect(await stockOf(db, productId)).toBe(0);
    let spent = 0;
    for (const buyer of buyers) {
      const balance = await availableOf(db, buyer.id);
      expect(balance >= 0n).toBe(true);
      spent += balance === parseMoney('2') ? 1 : 0;
    }
    expect(spent).toBe(10);
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  const post = (url: string, token: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const twice = (url: string, token: string, payload?: object) =>
    Promise.all([post(url, token, payload), post(url, token, payload)]);
  const codes = (responses: { statusCode: number; json: () => unknown }[]) =>
    responses.map((r) => (r.statusCode === 200 ? 'OK' : (r.json() as TErr).error.code)).sort();

  it('a double-clicked pay, cancel, receive, refund and approve each act once', async () => {
    const db = ctx.database.db;
    const buyer = await createTestUser(db);
    await fundUser(db, buyer.id, '1000');
    const { productId } = await createTestProduct(db, storeId, { price: '40', stock: 100 });

    const unpaid = await placeTestOrder(db, buyer.id, productId, { isPaid: false });
    const pay = await twice('/api/v1/orders/pay', buyer.token, {
      orderNos: [unpaid.orderNo],
      txPassword: TX_PASSWORD,
    });
    expect(codes(pay)).toEqual(['OK', 'ORDER_STATUS_INVALID']);
    expect(await availableOf(db, buyer.id)).toBe(parseMoney('960'));

    const toCancel = await placeTestOrder(db, buyer.id, productId, { isPaid: false, quantity: 5 });
    expect(await stockOf(db, productId)).toBe(94);
    const cancel = await twice(`/api/v1/orders/${toCancel.orderNo}/cancel`, buyer.token, { reason: 2 });
    expect(codes(cancel)).toEqual(['OK', 'ORDER_STATUS_INVALID']);
    expect(await stockOf(db, productId)).toBe(99);
    // Paying the cancelled order is refused as closed, not as paid already.
    const payCancelled = await post('/api/v1/orders/pay', buyer.token, {
      orderNos: [toCancel.orderNo],
      txPassword: TX_PASSWORD,
    });
    expect((payCancelled.json() as { error: { code: string; details: unknown } }).error).toMatchObject({
      code: 'ORDER_STATUS_INVALID',
      details: { isAlreadyPaid: false },
    });

    await post(`/api/v1/seller/orders/${unpaid.orderNo}/ship`, seller.sellerToken, {
      carrier: 'DHL',
      trackingNo: '7',
    });
    const receive = await twice(`/api/v1/orders/${unpaid.orderNo}/receive`, buyer.token);
    expect(codes(receive)).toEqual(['OK', 'ORDER_STATUS_INVALID']);

    const refund = await twice(`/api/v1/orders/${unpaid.orderNo}/refund`, buyer.token, {
      reason: 8,
      amount: '40',
    });
    expect(codes(refund)).toEqual(['OK', 'ORDER_ALREADY_REFUNDING']);
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, unpaid.orderNo));
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order!.id))).toHaveLength(1);

    const approve = await twice(`/api/v1/seller/orders/${unpaid.orderNo}/refund/approve`, seller.sellerToken);
    expect(codes(approve)).toEqual(['OK', 'REFUND_ALREADY_APPROVED']);
    expect(await availableOf(db, buyer.id)).toBe(parseMoney('1000'));

    const remind = await placeTestOrder(db, buyer.id, productId);
    const reminded = await twice(`/api/v1/orders/${remind.orderNo}/remind`, buyer.token);
    expect(codes(reminded)).toEqual(['OK', 'ORDER_ALREADY_REMINDED']);
    expect((await checkLedger(db)).isOk).toBe(true);
  });
});

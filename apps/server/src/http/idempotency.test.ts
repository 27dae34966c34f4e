import { parseMoney } from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, ledgerTransactions, orders, recharges } from '../db/schema';
import { seedWalletBasics } from '../db/seed/wallet';
import { createAddress } from '../modules/addresses';
import { checkLedger } from '../modules/ledger';
import {
  availableOf,
  createTestProduct,
  createTestStore,
  createTestUser,
  fundUser,
  TEST_ADDRESS,
  type TTestUser,
  TX_PASSWORD,
} from '../modules/orders/test-fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../testing/test-app';
import { pruneIdempotencyKeys } from './idempotency';

type TErr = { error: { code: string; message: string } };
type TPlaced = { orders: { orderNo: string; status: string }[]; total: string };

describe('Idempotency-Key on money calls (issue 10, defect 4)', () => {
  let ctx: TTestContext;
  let storeId: bigint;
  let productId: bigint;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await seedWalletBasics(db);
    const seller = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Idempotent shop');
    ({ productId } = await createTestProduct(db, storeId, { price: '25', stock: 50 }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function newBuyer(): Promise<TTestUser> {
    const db = ctx.database.db;
    const buyer = await createTestUser(db);
    await createAddress(db, buyer.id, TEST_ADDRESS);
    await fundUser(db, buyer.id, '100');
    return buyer;
  }

  const buyNowBody = (quantity = 1) => ({
    items: [{ productId: productId.toString(), quantity }],
    pay: { txPassword: TX_PASSWORD },
  });

  function placeOrder(buyer: TTestUser, key: string | undefined, body: unknown, lang = 'en') {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/orders?lang=${lang}`,
      headers: { ...bearer(buyer.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body as Record<string, unknown>,
    });
  }

  async function ordersOf(buyer: TTestUser) {
    return ctx.database.db.select().from(orders).where(eq(orders.buyerUserId, buyer.id));
  }

  it('a retried "buy now and pay" with the same key gives one paid order and one charge', async () => {
    const buyer = await newBuyer();
    const first = await placeOrder(buyer, 'checkout-1', buyNowBody());
    expect(first.statusCode).toBe(201);
    const second = await placeOrder(buyer, 'checkout-1', buyNowBody());
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(json<TPlaced>(second)).toEqual(json<TPlaced>(first));

    const placed = await ordersOf(buyer);
    expect(placed).toHaveLength(1);
    expect(await availableOf(ctx.database.db, buyer.id)).toBe(parseMoney('75'));
    // A different language is the same request: replayed, not refused.
    const german = await placeOrder(buyer, 'checkout-1', buyNowBody(), 'de');
    expect(german.statusCode).toBe(201);
    expect(await ordersOf(buyer)).toHaveLength(1);
  });

  it('the same key with another body is refused with 422 and a localised message; nothing runs', async () => {
    const buyer = await newBuyer();
    const first = await placeOrder(buyer, 'k-2', buyNowBody(1));
    expect(first.statusCode).toBe(201);
    const other = await placeOrder(buyer, 'k-2', buyNowBody(2), 'de');
    expect(other.statusCode).toBe(422);
    expect(json<TErr>(other).error).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet',
    });
    // The same key on another money call is another request too.
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders/pay',
      headers: { ...bearer(buyer.token), 'idempotency-key': 'k-2' },
      payload: { orderNos: [json<TPlaced>(first).orders[0]!.orderNo], txPassword: TX_PASSWORD },
    });
    expect(pay.statusCode).toBe(422);
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(await availableOf(ctx.database.db, buyer.id)).toBe(parseMoney('75'));
  });

  it('replays an error answer too, keeps keys per caller, and runs requests without a key as before', async () => {
    const buyer = await newBuyer();
    const wrong = { ...buyNowBody(), pay: { txPassword: '000000' } };
    const failed = await placeOrder(buyer, 'k-3', wrong);
    expect(failed.statusCode).toBe(400);
    const again = await placeOrder(buyer, 'k-3', wrong);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(failed.body);

    const other = await newBuyer();
    expect((await placeOrder(other, 'k-3', buyNowBody())).statusCode).toBe(201);
    expect(await ordersOf(other)).toHaveLength(1);

    const plain = await newBuyer();
    expect((await placeOrder(plain, undefined, buyNowBody())).statusCode).toBe(201);
    expect((await placeOrder(plain, undefined, buyNowBody())).statusCode).toBe(201);
    expect(await ordersOf(plain)).toHaveLength(2);

    for (const bad of ['', 'x'.repeat(256), 'has space', 'ключ']) {
      const res = await placeOrder(buyer, bad, buyNowBody());
      expect(res.statusCode, bad).toBe(400);
      expect(json<TErr>(res).error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
  });

  it('concurrent duplicates never both run: one order, one charge', async () => {
    const buyer = await newBuyer();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => placeOrder(buyer, 'double-click', buyNowBody())),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) {
      expect([201, 409], a.body).toContain(a.statusCode);
      if (a.statusCode === 409) {
        expect(json<TErr>(a).error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
      }
    }
    expect(await ordersOf(buyer)).toHaveLength(1);
    expect(await availableOf(ctx.database.db, buyer.id)).toBe(parseMoney('75'));
    const payments = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.kind} = 'order_payment' and ${ledgerTransactions.id} in (
        select transaction_id from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where a.user_id = ${buyer.id})`);
    expect(payments[0]!.n).toBe(1);
    expect((await checkLedger(ctx.database.db)).isOk).toBe(true);
  });

  it('makes a recharge application idempotent and prunes keys after 24 hours', async () => {
    const buyer = await newBuyer();
    const body = { channelCode: 'USDT-TRC20', amount: '10', txHash: 'a'.repeat(64) };
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/recharges',
        headers: { ...bearer(buyer.token), 'idempotency-key': 'recharge-1' },
        payload: body,
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const second = await send();
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    const rows = await ctx.database.db.select().from(recharges).where(eq(recharges.userId, buyer.id));
    expect(rows).toHaveLength(1);

    const db = ctx.database.db;
    await db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'recharge-1'));
    expect(await pruneIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'recharge-1'))).toHaveLength(
      0,
    );
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseMoney } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { addresses, orders } from '../../db/schema';
import { fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import {
  availableOf,
  createTestProduct,
  createTestStore,
  createTestUser,
  stockOf,
  TEST_ADDRESS,
  TX_PASSWORD,
} from '../orders/test-fixtures';
import { callLegacy, type TLegacy } from './test-fixtures';

const LOCALES = path.resolve(import.meta.dirname, '../../../../../packages/contracts/locales');
const errorsOf = (lang: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, 'errors.json'), 'utf8')) as Record<string, string>;
const EN = errorsOf('en');
const FR = errorsOf('fr');

type TItem = { productId: string; quantity: number; unitPrice: string };
type TSummary = { orderNo: string; status: number; items: TItem[]; amounts: { total: string } };

describe('legacy order and address calls (SPEC §7)', () => {
  let ctx: TTestContext;
  let db: Database;
  let productId: bigint;
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    const seller = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, 'Legacy order shop');
    productId = (await createTestProduct(db, storeId, { price: '12.5', stock: 50 })).productId;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = <T = Record<string, unknown>>(action: string, params: Record<string, string>) =>
    callLegacy<T>(ctx.app, action, params);

  /** A buyer with `balance` USDT and a delivery address. */
  async function buyerReadyToOrder(balance = '50') {
    const buyer = await createTestUser(db);
    await fundUser(db, buyer.id, balance);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      headers: bearer(buyer.token),
      payload: TEST_ADDRESS,
    });
    return buyer;
  }

  it('adds, lists, edits and deletes addresses with the old field names', async () => {
    const buyer = await createTestUser(db);
    const form = {
      token: buyer.token,
      name: 'Anna Schmidt',
      area_code: '+49',
      mobile: '15112345678',
      nation: 'DE',
      province: 'BE',
      city: 'Berlin',
      postCode: '10115',
      address: 'Invalidenstrasse 1',
    };
    const first = await call<{ id: string; isDefault: boolean; stateName: string }>('address!add', form);
    expect(first).toMatchObject({ code: 0, data: { isDefault: true, stateName: 'Berlin' } });
    const second = await call<{ id: string; isDefault: boolean }>('address!add', {
      ...form,
      address: 'Unter den Linden 5',
      use: '1',
    });
    expect(second.data.isDefault).toBe(true);

    const list = await call<{ list: { id: string; isDefault: boolean; detail: string }[] }>('address!list', {
      token: buyer.token,
    });
    expect(list.data.list.map((a) => [a.id, a.isDefault, a.detail])).toEqual([
      [second.data.id, true, 'Unter den Linden 5'],
      [first.data.id, false, 'Invalidenstrasse 1'],
    ]);
    const edited = await call('address!edit', { ...form, id: first.data.id, postCode: '10117' });
    expect(edited.data).toMatchObject({ id: first.data.id, postcode: '10117' });

    // Another buyer can neither edit nor delete it.
    const other = await createTestUser(db);
    const foreign = await call('address!del', { token: other.token, id: first.data.id });
    expect(foreign).toEqual({ code: 1, msg: EN.ADDRESS_NOT_FOUND, data: null });

    expect(await call('address!del', { token: buyer.token, id: second.data.id })).toEqual({
      code: 0,
      msg: '',
      data: null,
    });
    const rows = await db.select().from(addresses).where(eq(addresses.userId, buyer.id));
    expect(rows.map((r) => [String(r.id), r.isDefault, r.postcode])).toEqual([
      [first.data.id, true, '10117'],
    ]);

    const bad = await call('address!add', { ...form, nation: 'DE', province: 'XX' });
    expect(bad).toEqual({ code: 1, msg: EN.ADDRESS_INVALID, data: null });
    const states = await call<{ list: { code: string }[] }>('address!listState', { country: 'DE' });
    expect(states.data.list.map((s) => s.code)).toContain('BE');
    const cities = await call<{ list: { name: string }[] }>('address!listCity', {
      country: 'DE',
      state: 'BE',
    });
    expect(cities.data.list.map((c) => c.name)).toContain('Berlin');
    const countries = await call<{ list: { code: string }[] }>('address!listCountry', {});
    expect(countries.data.list.length).toBeGreaterThan(200);
  });

  it('lists and shows an order placed through v1, with its goods and its log oldest first', async () => {
    const buyer = await buyerReadyToOrder('100');
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: bearer(buyer.token),
      payload: { items: [{ productId: String(productId), quantity: 2 }], pay: { txPassword: TX_PASSWORD } },
    });
    expect(placed.statusCode).toBe(201);
    const orderNo = json<{ orders: { orderNo: string }[] }>(placed).orders[0]!.orderNo;

    const list = await call<{ pageList: TSummary[]; pageNum: number; pageSize: number; total: number }>(
      'order!listMain',
      { token: buyer.token },
    );
    expect(list.data).toMatchObject({ pageNum: 1, pageSize: 20, total: 1 });
    expect(list.data.pageList[0]).toMatchObject({ orderNo, status: 1, amounts: { total: '25.00' } });
    const paidTab = await call<{ total: number }>('order!listMain', { token: buyer.token, status: '1' });
    expect(paidTab.data.total).toBe(1);
    const pendingTab = await call<{ total: number }>('order!listMain', { token: buyer.token, status: '0' });
    expect(pendingTab.data.total).toBe(0);
    // 4 "to be reviewed" and 5 "reviewed" are two codes (SPEC §3): 5 listed received orders too.
    const totalOf = async (status: string) =>
      (await call<{ total: number }>('order!listMain', { token: buyer.token, status })).data.total;
    await db.update(orders).set({ status: 4 }).where(eq(orders.orderNo, orderNo));
    expect([await totalOf('4'), await totalOf('5')]).toEqual([1, 0]);
    await db.update(orders).set({ status: 5 }).where(eq(orders.orderNo, orderNo));
    expect([await totalOf('4'), await totalOf('5')]).toEqual([0, 1]);
    await db.update(orders).set({ status: 1 }).where(eq(orders.orderNo, orderNo));

    const info = await call<{ orderInfo: TSummary & { address: { city: string } } }>('order!info', {
      token: buyer.token,
      order_no: orderNo,
    });
    expect(info.data.orderInfo).toMatchObject({ orderNo, status: 1, address: { city: 'Berlin' } });
    const goods = await call<{ pageList: TItem[] }>('order!listGoods', { token: buyer.token, orderNo });
    expect(goods.data.pageList).toMatchObject([
      { productId: String(productId), quantity: 2, unitPrice: '12.50' },
    ]);

    const log = await call<{ list: { type: string; event: string; content: string; createTime: string }[] }>(
      'orderLog!list',
      { token: buyer.token, orderNo },
    );
    expect(log.data.list.map((e) => e.event)).toEqual(['placed', 'paid']);
    const times = log.data.list.map((e) => e.createTime);
    expect([...times].sort()).toEqual(times);
    expect(log.data.list.every((e) => e.content.length > 0)).toBe(true);

    // Someone else's order number is not found, in the request's language.
    const other = await createTestUser(db);
    const en = await call('order!info', { token: other.token, orderNo, lang: 'en' });
    const fr = await call('order!info', { token: other.token, orderNo, lang: 'fr' });
    expect(en).toEqual({ code: 1, msg: EN.ORDER_NOT_FOUND, data: null });
    expect(fr).toEqual({ code: 1, msg: FR.ORDER_NOT_FOUND, data: null });
    expect(FR.ORDER_NOT_FOUND).not.toBe(EN.ORDER_NOT_FOUND);
  });

  it('submits, pays and cancels orders through the old calls', async () => {
    const buyer = await buyerReadyToOrder();
    const stockBefore = await stockOf(db, productId);
    const submitted = await call<{ orders: TSummary[]; total: string }>('order!submit', {
      token: buyer.token,
      goodsId: String(productId),
      count: '1',
    });
    expect(submitted).toMatchObject({ code: 0, data: { total: '12.50', orders: [{ status: 0 }] } });
    const first = submitted.data.orders[0]!.orderNo;
    expect(await stockOf(db, productId)).toBe(stockBefore - 1);

    const wrongPassword = await call('order!pay', { token: buyer.token, orderNo: first, safeword: '000000' });
    expect(wrongPassword).toEqual({ code: 1, msg: `${EN.TX_PASSWORD_WRONG}: 2 attempts left`, data: null });
    const paid = await call<{ paidTotal: string; balance: string }>('order!pay', {
      token: buyer.token,
      orderNo: first,
      safeword: TX_PASSWORD,
    });
    expect(paid.data).toMatchObject({ paidTotal: '12.50', balance: '37.50' });
    expect(await availableOf(db, buyer.id)).toBe(parseMoney('37.5'));
    const payAgain = await call('order!pay', { token: buyer.token, orderNo: first, safeword: TX_PASSWORD });
    expect(payAgain).toEqual({ code: 1, msg: EN.ORDER_STATUS_INVALID, data: null });
    expect(await availableOf(db, buyer.id)).toBe(parseMoney('37.5'));

    // A JSON body with a list of lines, as the body-style posts send it.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/order!submit.action?token=${buyer.token}`,
      payload: { items: [{ goodsId: String(productId), count: 2 }] },
    });
    const second = json<TLegacy<{ orders: TSummary[] }>>(res).data.orders[0]!.orderNo;
    const noReason = await call('order!cancel', { token: buyer.token, orderNo: second });
    expect(noReason.code).toBe(1);
    const cancelled = await call<{ orderInfo: { status: number; cancelReason: number } }>('order!cancel', {
      token: buyer.token,
      orderNo: second,
      reason: '2',
    });
    expect(cancelled.data.orderInfo).toMatchObject({ status: -1, cancelReason: 2 });
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, second));
    expect(row).toMatchObject({ status: -1, cancelReason: 2 });
    expect(await stockOf(db, productId)).toBe(stockBefore - 1);

    const refund = await call<{ orderInfo: { status: number; refund: { amount: string } } }>(
      'order!returns',
      {
        token: buyer.token,
        orderNo: first,
        reason: '7',
        returnAmount: '12.5',
        returnDesc: 'not needed',
      },
    );
    expect(refund.data.orderInfo).toMatchObject({ status: 6, refund: { amount: '12.50' } });
    const receipt = await call('order!receipt', { token: buyer.token, orderNo: first });
    expect(receipt).toEqual({ code: 1, msg: EN.ORDER_STATUS_INVALID, data: null });
  });

  it('honours Idempotency-Key on the calls that place or pay orders, as the v1 routes do', async () => {
    const buyer = await buyerReadyToOrder();
    const stockBefore = await stockOf(db, productId);
    const form = { token: buyer.token, goodsId: String(productId), count: '1' };
    const key = { 'idempotency-key': 'legacy-submit-1' };
    const submit = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/order!submit.action?${new URLSearchParams(form).toString()}`,
        headers: key,
      });
    const first = await submit();
    const retried = await submit();
    expect(json<TLegacy>(first).code).toBe(0);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.body).toBe(first.body);
    const placed = await db.select().from(orders).where(eq(orders.buyerUserId, buyer.id));
    expect(placed).toHaveLength(1);
    expect(await stockOf(db, productId)).toBe(stockBefore - 1);

    // The same key on another request is refused in the envelope; another key places another order.
    const reused = await callLegacy(ctx.app, 'order!submit', { ...form, count: '2' }, key);
    expect(reused).toEqual({ code: 1, msg: EN.IDEMPOTENCY_KEY_REUSED, data: null });
    const orderNo = placed[0]!.orderNo;
    const payKey = { 'idempotency-key': 'legacy-pay-1' };
    const payForm = { token: buyer.token, orderNo, safeword: TX_PASSWORD };
    const paid = await callLegacy(ctx.app, 'order!pay', payForm, payKey);
    const payRetried = await callLegacy(ctx.app, 'order!pay', payForm, payKey);
    expect(paid).toMatchObject({ code: 0, data: { paidTotal: '12.50', balance: '37.50' } });
    expect(payRetried).toEqual(paid);
    expect(await availableOf(db, buyer.id)).toBe(parseMoney('37.5'));

    // Without a valid token the key is not looked at: the old envelope's session answer.
    const stranger = await callLegacy(ctx.app, 'order!submit', { ...form, token: 'nope' }, key);
    expect(stranger).toMatchObject({ code: 403 });
  });
});

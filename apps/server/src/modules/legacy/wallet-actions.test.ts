import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseMoney } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { recharges, withdrawAddresses, withdrawals } from '../../db/schema';
import { seedWalletBasics } from '../../db/seed/wallet';
import { createTestUser, fundUser } from '../../testing/fixtures';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { checkLedger, getBalances } from '../ledger';
import { callLegacy } from './test-fixtures';

const LOCALES = path.resolve(import.meta.dirname, '../../../../../packages/contracts/locales');
const errorsOf = (lang: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, 'errors.json'), 'utf8')) as Record<string, string>;
const EN = errorsOf('en');
const DE = errorsOf('de');

const TX_PASSWORD = '135790';
const TRON = 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust';
const HASH = (n: number) => n.toString(16).padStart(64, 'b');

describe('legacy wallet calls (SPEC §7)', () => {
  let ctx: TTestContext;
  let db: Database;
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    await seedWalletBasics(db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The old apps' way: token and fields in the query of a POST with an empty body. */
  const call = <T = Record<string, unknown>>(
    action: string,
    params: Record<string, string>,
    headers: Record<string, string> = {},
  ) => callLegacy<T>(ctx.app, action, params, headers);

  it('answers the balance as data.money and applies for a chain recharge listed with its paging fields', async () => {
    const user = await createTestUser(db);
    await fundUser(db, user.id, '12.5');
    const balance = await call('wallet!getUsdt', { token: user.token });
    expect(balance).toMatchObject({ code: 0, data: { money: '12.50', available: '12.50', held: '0.00' } });

    const open = await call<{ isOpen: boolean; channels: { code: string; kind: string }[] }>(
      'rechargeBlockchain!recharge_open',
      { token: user.token },
    );
    expect(open.data.isOpen).toBe(true);
    expect(open.data.channels.map((c) => c.code)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'ETH', 'BTC']);
    const fee = await call('rechargeBlockchain!fee', {
      token: user.token,
      symbol: 'usdt',
      blockchain_name: 'ERC20',
    });
    expect(fee.data).toMatchObject({ channelCode: 'USDT-ERC20', symbol: 'USDT', minAmount: '10.00' });

    const applied = await call<{ id: string; status: string; amount: string; channelCode: string }>(
      'rechargeBlockchain!recharge',
      { token: user.token, symbol: 'USDT', blockchain_name: 'TRC20', amount: '25.5', tx: HASH(1) },
    );
    expect(applied).toMatchObject({
      code: 0,
      data: { status: 'processing', amount: '25.50', channelCode: 'USDT-TRC20' },
    });
    const [row] = await db
      .select()
      .from(recharges)
      .where(eq(recharges.id, BigInt(applied.data.id)));
    expect(row).toMatchObject({ userId: user.id, amount: parseMoney('25.5'), status: 'processing' });

    const list = await call<{
      pageList: { id: string }[];
      pageSize: number;
      thisPageNumber: number;
      totalElements: number;
    }>('rechargeBlockchain!list', { token: user.token });
    expect(list.data).toMatchObject({ pageSize: 8, thisPageNumber: 1, totalElements: 1 });
    expect(list.data.pageList.map((r) => r.id)).toEqual([applied.data.id]);
    const one = await call('rechargeBlockchain!get', { token: user.token, id: applied.data.id });
    expect(one.data).toMatchObject({ id: applied.data.id, txHash: HASH(1) });

    // A second unfinished record is refused, and nothing was credited before review.
    const second = await call('rechargeBlockchain!recharge', {
      token: user.token,
      symbol: 'USDT-TRC20',
      amount: '5',
      tx: HASH(2),
    });
    expect(second).toEqual({ code: 1, msg: EN.UNFINISHED_RECHARGE_OR_WITHDRAW, data: null });
    expect((await getBalances(db, user.id)).available).toBe(parseMoney('12.5'));

    // Another buyer cannot read it.
    const other = await createTestUser(db);
    const foreign = await call('rechargeBlockchain!get', { token: other.token, id: applied.data.id });
    expect(foreign).toEqual({ code: 1, msg: EN.RECORD_NOT_FOUND, data: null });
  });

  it('withdraws with a fresh session_token, refuses its replay and holds the amount', async () => {
    const user = await createTestUser(db, { txPassword: TX_PASSWORD });
    await fundUser(db, user.id, '100');
    const bind = await call('user!bindWithdrawAddress', {
      token: user.token,
      blockchain_name: 'TRC20',
      address: TRON,
    });
    expect(bind).toMatchObject({ code: 0, data: { network: 'USDT-TRC20', address: TRON } });
    const again = await call('user!bindWithdrawAddress', {
      token: user.token,
      channel: 'BTC',
      address: TRON,
    });
    expect(again.code).toBe(1);
    expect(
      await db.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, user.id)),
    ).toHaveLength(1);

    const fee = await call('withdraw!fee', { token: user.token, channel: 'USDT-TRC20', amount: '30' });
    expect(fee.data).toMatchObject({ withdraw_fee: '1.00', fee: '1.00', actualAmount: '29.00' });

    const open = await call<{ session_token: string; address: { address: string } }>(
      'withdraw!withdraw_open',
      {
        token: user.token,
      },
    );
    expect(open.data.address.address).toBe(TRON);
    const sessionToken = open.data.session_token;
    expect(sessionToken.length).toBeGreaterThanOrEqual(16);

    const wrongAddress = await call('withdraw!apply', {
      token: user.token,
      session_token: sessionToken,
      amount: '30',
      safeword: TX_PASSWORD,
      address: 'TXYZ',
    });
    expect(wrongAddress.code).toBe(1);

    const fresh = await call<{ session_token: string }>('withdraw!withdraw_open', { token: user.token });
    const form = {
      token: user.token,
      session_token: fresh.data.session_token,
      amount: '30',
      safeword: TX_PASSWORD,
    };
    const applied = await call<{ id: string; amount: string; fee: string; status: string }>(
      'withdraw!apply',
      form,
    );
    expect(applied).toMatchObject({ code: 0, data: { amount: '30.00', fee: '1.00', status: 'processing' } });
    const replay = await call('withdraw!apply', form);
    expect(replay).toEqual({ code: 1, msg: EN.SESSION_TOKEN_INVALID, data: null });

    const rows = await db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: parseMoney('30'), address: TRON, status: 'processing' });
    expect(await getBalances(db, user.id)).toMatchObject({
      available: parseMoney('70'),
      held: parseMoney('30'),
    });
    const balance = await call('wallet!getUsdt', { token: user.token });
    expect(balance.data).toMatchObject({ money: '70.00', held: '30.00' });

    const list = await call<{ pageList: { id: string }[]; pageSize: number }>('withdraw!list', {
      token: user.token,
    });
    expect(list.data.pageSize).toBe(20);
    expect(list.data.pageList.map((w) => w.id)).toEqual([applied.data.id]);
    const one = await call('withdraw!get', { token: user.token, id: applied.data.id });
    expect(one.data).toMatchObject({ id: applied.data.id, actualAmount: '29.00' });
    const other = await createTestUser(db);
    expect((await call('withdraw!get', { token: other.token, id: applied.data.id })).msg).toBe(
      EN.RECORD_NOT_FOUND,
    );
    expect((await checkLedger(db)).isOk).toBe(true);
  });

  it('refuses a third-party recharge closed in the region with a localised message', async () => {
    const user = await createTestUser(db);
    const coins = await call<{ channels: { code: string; isAvailable: boolean }[]; region: string }>(
      'thirdPartyRecharge!getCoinList',
      { token: user.token, region: 'US' },
    );
    expect(coins.data).toMatchObject({ region: 'US', channels: [{ code: 'PAYLINK', isAvailable: false }] });
    const form = { token: user.token, amount: '20' };
    const en = await call(
      'thirdPartyRecharge!recharge',
      { ...form, lang: 'en' },
      { 'accept-language': 'en-US' },
    );
    expect(en).toEqual({ code: 1, msg: EN.PAYMENT_METHOD_NOT_OPEN, data: null });
    const de = await call('thirdPartyRecharge!recharge', { ...form, lang: 'de', region: 'CN' });
    expect(de).toEqual({ code: 1, msg: DE.PAYMENT_METHOD_NOT_OPEN, data: null });
    expect(DE.PAYMENT_METHOD_NOT_OPEN).not.toBe(EN.PAYMENT_METHOD_NOT_OPEN);
    expect(await db.select().from(recharges).where(eq(recharges.userId, user.id))).toHaveLength(0);

    const elsewhere = await call<{ status: string; channelCode: string }>('thirdPartyRecharge!recharge', {
      ...form,
      region: 'DE',
    });
    expect(elsewhere).toMatchObject({ code: 0, data: { status: 'processing', channelCode: 'PAYLINK' } });
    const visitor = await call('wallet!getUsdt', { lang: 'de' });
    expect(visitor).toEqual({ code: 403, msg: DE.NOT_LOGGED_IN, data: null });
  });
});

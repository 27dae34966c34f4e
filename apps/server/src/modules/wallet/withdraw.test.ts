import { hasNetworkAddressShape, parseMoney, type TMoney, type TWithdrawNetwork } from '@caravan/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditLog, notifications, systemParams, walletChannels, withdrawals } from '../../db/schema';
import { seedWalletBasics } from '../../db/seed/wallet';
import { AppError } from '../../http/app-error';
import { createTestStaff, createTestUser, fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { ACCOUNT_CANCELLATION_BLOCKERS } from '../account';
import { checkLedger, getBalances, postLedgerTransaction, withMoneyTransaction } from '../ledger';
import { createWithdrawal, createWithdrawSession } from './withdraw';

type TErr = { error: { code: string; message: string; details?: unknown } };
const TX_PASSWORD = '246810';
const TRON = 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust';
const m = (v: string): TMoney => parseMoney(v);

describe('withdrawal', () => {
  let ctx: TTestContext;
  let db: Database;
  let finance: { id: bigint; token: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    await seedWalletBasics(db);
    finance = await createTestStaff(db, ['finance.review']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function fundedUser(
    amount: string,
    network = 'USDT-TRC20',
    address = TRON,
    txPassword = TX_PASSWORD,
  ) {
    const user = await createTestUser(db, { txPassword });
    await fundUser(db, user.id, amount);
    const bound = await call('POST', '/api/v1/wallet/withdraw-address', user.token, { network, address });
    expect(bound.statusCode).toBe(201);
    return user;
  }

  async function token(userToken: string): Promise<string> {
    const res = await call('POST', '/api/v1/wallet/withdraw-session', userToken);
    expect(res.statusCode).toBe(200);
    return json<{ sessionToken: string }>(res).sessionToken;
  }

  async function apply(userToken: string, amount: string, txPassword = TX_PASSWORD) {
    return call('POST', '/api/v1/wallet/withdrawals', userToken, {
      sessionToken: await token(userToken),
      amount,
      txPassword,
    });
  }

  async function setParam(code: string, value: string) {
    await db
      .insert(systemParams)
      .values({ code, value })
      .onConflictDoUpdate({ target: systemParams.code, set: { value } });
  }

  it('checks the withdrawal address format per network and binds only one', async () => {
    const valid: [string, string][] = [
      ['USDT-TRC20', TRON],
      ['USDT-ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['USDT-ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
      ['ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
      ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
      ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
      ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
      ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ];
    const invalid: [string, string][] = [
      ['USDT-TRC20', 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmusT'],
      ['USDT-TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['USDT-TRC20', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
      ['USDT-ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
      ['USDT-ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA'],
      ['ETH', TRON],
      ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx'],
      ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
      ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
      ['BTC', 'BC1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ];
    for (const [network, address] of valid) {
      // The bind form's quick check (contracts) never refuses what the server takes.
      expect(hasNetworkAddressShape(network as TWithdrawNetwork, address), `${network} ${address}`).toBe(
        true,
      );
      const user = await createTestUser(db);
      const res = await call('POST', '/api/v1/wallet/withdraw-address', user.token, { network, address });
      expect(res.statusCode, `${network} ${address}`).toBe(201);
    }
    const user = await createTestUser(db);
    for (const [network, address] of invalid) {
      const res = await call('POST', '/api/v1/wallet/withdraw-address', user.token, { network, address });
      expect(res.statusCode, `${network} ${address}`).toBe(400);
      expect(json<TErr>(res).error).toMatchObject({
        code: 'ADDRESS_FORMAT_INVALID',
        message: 'The address is not valid for this network',
        details: { fields: [{ field: 'address', message: 'The address is not valid for this network' }] },
      });
    }
    // Of the wrong form for its network: the form says so before the reader confirms.
    expect(hasNetworkAddressShape('USDT-ERC20', TRON)).toBe(false);
    expect(hasNetworkAddressShape('USDT-TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(hasNetworkAddressShape('BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
    const unknownNetwork = await call('POST', '/api/v1/wallet/withdraw-address', user.token, {
      network: 'DOGE',
      address: TRON,
    });
    expect(unknownNetwork.statusCode).toBe(400);
    // The platform's own TRC20 deposit address (any case): a withdrawal there would come back as a deposit.
    const [channel] = await db
      .select({ depositAddress: walletChannels.depositAddress })
      .from(walletChannels)
      .where(eq(walletChannels.network, 'TRC20'));
    expect(channel?.depositAddress).toMatch(/^T/);
    const platformOwn = await call('POST', '/api/v1/wallet/withdraw-address', user.token, {
      network: 'USDT-TRC20',
      address: channel!.depositAddress,
    });
    expect(platformOwn.statusCode).toBe(400);
    expect(json<TErr>(platformOwn).error.details).toEqual({
      fields: [
        {
          field: 'address',
          message: "This is one of the platform's own deposit addresses: please enter an address of your own",
        },
      ],
    });
    expect(json(await call('GET', '/api/v1/wallet/withdraw-address', user.token))).toEqual({ address: null });
    expect(
      (
        await call('POST', '/api/v1/wallet/withdraw-address', user.token, {
          network: 'USDT-TRC20',
          address: TRON,
        })
      ).statusCode,
    ).toBe(201);
    const again = await call('POST', '/api/v1/wallet/withdraw-address', user.token, {
      network: 'BTC',
      address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    });
    expect(again.statusCode).toBe(409);
    expect(json<TErr>(again).error.code).toBe('WITHDRAW_ADDRESS_ALREADY_BOUND');
    expect(json(await call('GET', '/api/v1/wallet/withdraw-address', user.token))).toMatchObject({
      address: { network: 'USDT-TRC20', address: TRON },
    });
  });

  it('shows the fee and actual amount before submitting', async () => {
    const user = await fundedUser('100');
    const res = await call('GET', '/api/v1/wallet/withdraw-fee?amount=100', user.token);
    expect(json(res)).toMatchObject({
      channel: 'USDT-TRC20',
      fee: '1.00',
      actualAmount: '99.00',
      minAmount: '10.00',
      dailyCount: 3,
      usedToday: 0,
    });
    // The withdrawal goes out on the bound network at its fee: a quote for another network is refused (it quoted
    // BTC's 1 % while TRC20's fixed 1.00 was charged), the bound one named or not gives the same quote.
    const btc = await call('GET', '/api/v1/wallet/withdraw-fee?channel=BTC&amount=5&lang=es', user.token);
    expect(btc.statusCode).toBe(400);
    expect(json<TErr>(btc).error).toMatchObject({
      code: 'WITHDRAW_NETWORK_NOT_BOUND',
      message: expect.stringContaining('USDT-TRC20'),
    });
    expect(json<TErr>(btc).error.message).not.toMatch(/withdraw/i);
    const named = await call('GET', '/api/v1/wallet/withdraw-fee?channel=USDT-TRC20&amount=15', user.token);
    expect(json(named)).toMatchObject({ channel: 'USDT-TRC20', fee: '1.00', actualAmount: '14.00' });
    expect((await call('GET', '/api/v1/wallet/withdraw-fee?amount=-5', user.token)).statusCode).toBe(400);
    const unbound = await createTestUser(db);
    expect(
      json<TErr>(await call('GET', '/api/v1/wallet/withdraw-fee?amount=5', unbound.token)).error.code,
    ).toBe('WITHDRAW_ADDRESS_NOT_BOUND');
    // The limits alone need no address and no amount.
    expect(json(await call('GET', '/api/v1/wallet/withdraw-limits', unbound.token))).toEqual({
      minAmount: '10.00',
      maxAmount: '50000.00',
      dailyCount: 3,
      usedToday: 0,
      timeWindow: expect.any(String),
    });
    // Before binding, a network's fee can be previewed.
    const preview = await call('GET', '/api/v1/wallet/withdraw-fee?channel=BTC&amount=250.5', unbound.token);
    expect(json(preview)).toMatchObject({ channel: 'BTC', fee: '2.51', actualAmount: '247.99' });
  });

  it('refuses to quote an amount the withdrawal would refuse, with the errors of a withdrawal', async () => {
    const user = await fundedUser('100');
    const quote = (amount: string, lang = 'en') =>
      call('GET', `/api/v1/wallet/withdraw-fee?amount=${amount}&lang=${lang}`, user.token);
    for (const amount of ['0.01', '9.99']) {
      const res = await quote(amount);
      expect(res.statusCode, amount).toBe(400);
      expect(json<TErr>(res).error.code, amount).toBe('WITHDRAW_BELOW_MIN');
    }
    const huge = await quote('99999999999999999999', 'fr');
    expect(huge.statusCode).toBe(400);
    expect(json<TErr>(huge).error).toMatchObject({
      code: 'WITHDRAW_ABOVE_MAX',
      message: expect.stringContaining('50'),
    });
    expect(json<TErr>(await quote('50000.01')).error.code).toBe('WITHDRAW_ABOVE_MAX');
    // The limits themselves can be quoted.
    expect(json(await quote('10'))).toMatchObject({ amount: '10.00', actualAmount: '9.00' });
    expect(json(await quote('50000'))).toMatchObject({ amount: '50000.00', actualAmount: '49999.00' });
    // A minimum at or below the fee: an amount that would leave nothing after it is below the minimum too.
    await setParam('withdraw_min', '1');
    try {
      const nothingLeft = await quote('1');
      expect(json<TErr>(nothingLeft).error.code).toBe('WITHDRAW_BELOW_MIN');
      expect(json(await quote('1.01'))).toMatchObject({ actualAmount: '0.01' });
    } finally {
      await db.delete(systemParams).where(eq(systemParams.code, 'withdraw_min'));
    }
  });

  it('holds on apply, sends on approval and refuses a replayed session token', async () => {
    const user = await fundedUser('100');
    const sessionToken = await token(user.token);
    const body = { sessionToken, amount: '40.5', txPassword: TX_PASSWORD };
    const first = await call('POST', '/api/v1/wallet/withdrawals', user.token, body);
    expect(first.statusCode).toBe(201);
    const withdrawal = json<{
      id: string;
      status: string;
      fee: string;
      actualAmount: string;
      address: string;
    }>(first);
    expect(withdrawal).toMatchObject({
      status: 'processing',
      fee: '1.00',
      actualAmount: '39.50',
      address: TRON,
    });
    const replay = await call('POST', '/api/v1/wallet/withdrawals', user.token, body);
    expect(replay.statusCode).toBe(409);
    expect(json<TErr>(replay).error.code).toBe('SESSION_TOKEN_INVALID');
    expect(await getBalances(db, user.id)).toEqual({ available: m('59.5'), held: m('40.5') });
    const wallet = json(await call('GET', '/api/v1/wallet', user.token));
    expect(wallet).toMatchObject({ available: '59.50', held: '40.50', total: '100.00', hasUnfinished: true });

    const recharge = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '10',
      txHash: 'b'.repeat(64),
    });
    expect(json<TErr>(recharge).error.code).toBe('UNFINISHED_RECHARGE_OR_WITHDRAW');
    const second = await apply(user.token, '10');
    expect(json<TErr>(second).error.code).toBe('UNFINISHED_RECHARGE_OR_WITHDRAW');

    const list = json<{ pageList: { id: string }[]; pageSize: number }>(
      await call('GET', '/api/v1/wallet/withdrawals', user.token),
    );
    expect(list.pageSize).toBe(20);
    expect(list.pageList.map((w) => w.id)).toEqual([withdrawal.id]);

    const approved = await call(
      'POST',
      `/api/v1/admin/finance/withdrawals/${withdrawal.id}/approve`,
      finance.token,
      { chainTxHash: `0x${'C'.repeat(64)}` },
    );
    expect(approved.statusCode).toBe(200);
    expect(json(approved)).toMatchObject({ status: 'success', chainTxHash: 'c'.repeat(64) });
    expect(await getBalances(db, user.id)).toEqual({ available: m('59.5'), held: 0n });
    const twice = await call(
      'POST',
      `/api/v1/admin/finance/withdrawals/${withdrawal.id}/reject`,
      finance.token,
      { reason: 'late' },
    );
    expect(json<TErr>(twice).error.code).toBe('RECORD_ALREADY_REVIEWED');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.approve'), eq(auditLog.targetId, withdrawal.id)));
    expect(audit?.staffId).toBe(finance.id);
    const queue = json<{ pageList: { id: string; usercode: string }[] }>(
      await call('GET', '/api/v1/admin/finance/withdrawals?status=success', finance.token),
    );
    expect(queue.pageList.some((w) => w.id === withdrawal.id)).toBe(true);
  });

  it('releases the hold on rejection', async () => {
    const user = await fundedUser('50');
    const res = await apply(user.token, '50');
    expect(res.statusCode).toBe(201);
    const { id } = json<{ id: string }>(res);
    expect(await getBalances(db, user.id)).toEqual({ available: 0n, held: m('50') });
    const rejected = await call('POST', `/api/v1/admin/finance/withdrawals/${id}/reject`, finance.token, {
      reason: 'Address on a sanctions list',
    });
    expect(json(rejected)).toMatchObject({ status: 'fail', reason: 'Address on a sanctions list' });
    expect(await getBalances(db, user.id)).toEqual({ available: m('50'), held: 0n });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.reject'), eq(auditLog.targetId, id)));
    expect(audit).toBeDefined();
    // The notice names what came back: all 50.00 (no fee was taken), not the 49.00 that would have been sent.
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.event, 'withdrawal.failed')));
    expect(notice?.params).toEqual({ recordId: id, amount: '50.00', reason: 'Address on a sanctions list' });
    expect((await apply(user.token, '20')).statusCode).toBe(201);
  });

  it('takes a trivial transaction password set before the rule against them: it is checked when set, not used', async () => {
    const user = await fundedUser('30', 'USDT-TRC20', TRON, '123456');
    const res = await apply(user.token, '20', '123456');
    expect(res.statusCode, res.body).toBe(201);
    expect(await getBalances(db, user.id)).toEqual({ available: m('10'), held: m('20') });
  });

  it('refuses wrong password, limits, overdraft and bad amounts, moving nothing', async () => {
    const user = await fundedUser('30');
    const wrong = await apply(user.token, '20', '111111');
    expect(wrong.statusCode).toBe(400);
    expect(json<TErr>(wrong).error.code).toBe('TX_PASSWORD_WRONG');
    const below = await apply(user.token, '9.99');
    expect(json<TErr>(below).error).toMatchObject({
      code: 'WITHDRAW_BELOW_MIN',
      message: 'The amount is below the minimum withdrawal of 10.00 USDT',
    });
    const above = await apply(user.token, '50001');
    expect(json<TErr>(above).error).toMatchObject({
      code: 'WITHDRAW_ABOVE_MAX',
      message: 'The amount is above the maximum withdrawal of 50,000.00 USDT',
    });
    const overdraft = await apply(user.token, '30.01');
    expect(overdraft.statusCode).toBe(409);
    expect(json<TErr>(overdraft).error.code).toBe('INSUFFICIENT_BALANCE');
    for (const amount of ['0', '-5', 'abc', '1e3', '1.00000000001', '9'.repeat(30)]) {
      const res = await apply(user.token, amount);
      expect(res.statusCode, amount).toBe(400);
      expect(json<TErr>(res).error.code).toBe('VALIDATION_FAILED');
    }
    const badPasswordFormat = await apply(user.token, '20', '12ab');
    expect(badPasswordFormat.statusCode).toBe(400);
    const unknownToken = await call('POST', '/api/v1/wallet/withdrawals', user.token, {
      sessionToken: 'x'.repeat(32),
      amount: '20',
      txPassword: TX_PASSWORD,
    });
    expect(json<TErr>(unknownToken).error.code).toBe('SESSION_TOKEN_INVALID');
    const other = await createTestUser(db);
    const stolen = await call('POST', '/api/v1/wallet/withdrawals', user.token, {
      sessionToken: await token(other.token),
      amount: '20',
      txPassword: TX_PASSWORD,
    });
    expect(json<TErr>(stolen).error.code).toBe('SESSION_TOKEN_INVALID');
    expect(await getBalances(db, user.id)).toEqual({ available: m('30'), held: 0n });
    expect(await db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(0);
  });

  it('enforces the time window and the daily count', async () => {
    const user = await fundedUser('200');
    const now = new Date();
    const hh = (offset: number) => String((now.getUTCHours() + offset) % 24).padStart(2, '0');
    await setParam('withdraw_time_window', `${hh(2)}:00-${hh(3)}:00`);
    const outside = await apply(user.token, '20');
    expect(outside.statusCode).toBe(409);
    expect(json<TErr>(outside).error).toMatchObject({
      code: 'WITHDRAW_OUTSIDE_TIME',
      message: `Withdrawals are only possible between ${hh(2)}:00 UTC and ${hh(3)}:00 UTC`,
    });
    await setParam('withdraw_time_window', `${hh(23)}:00-${hh(2)}:00`);
    await setParam('withdraw_daily_count', '1');
    try {
      const first = await apply(user.token, '20');
      expect(first.statusCode).toBe(201);
      await call(
        'POST',
        `/api/v1/admin/finance/withdrawals/${json<{ id: string }>(first).id}/approve`,
        finance.token,
        {},
      );
      const second = await apply(user.token, '20');
      expect(second.statusCode).toBe(409);
      expect(json<TErr>(second).error).toMatchObject({
        code: 'WITHDRAW_DAILY_COUNT',
        message: "Today's withdrawal count is used up",
      });
      expect(await getBalances(db, user.id)).toEqual({ available: m('180'), held: 0n });
    } finally {
      await setParam('withdraw_time_window', '00:00-24:00');
      await setParam('withdraw_daily_count', '3');
    }
  });

  it('never overdraws under 200 concurrent withdrawal applications and payments', async () => {
    const user = await fundedUser('100');
    const sessions = await Promise.all(Array.from({ length: 100 }, () => createWithdrawSession(db, user.id)));
    const amounts = Array.from({ length: 200 }, (_, i) =>
      m(`${10 + (i % 5)}.${String(i % 100).padStart(2, '0')}`),
    );
    const outcomes = await Promise.all(
      amounts.map((amount, i) => {
        const run: Promise<unknown> =
          i % 2 === 0
            ? createWithdrawal(db, {
                userId: user.id,
                sessionToken: sessions[i / 2]!.sessionToken,
                amount: `${amount / 10n ** 10n}.${String((amount % 10n ** 10n) / 10n ** 8n).padStart(2, '0')}`,
                txPassword: TX_PASSWORD,
              })
            : withMoneyTransaction(db, (tx) =>
                postLedgerTransaction(tx, {
                  idempotencyKey: `order:pay:${user.id}:${i}`,
                  kind: 'order_payment',
                  postings: [
                    { account: { kind: 'user_available', userId: user.id }, amount: -amount },
                    { account: { kind: 'order_escrow' }, amount },
                  ],
                }),
              );
        return run.then(
          () => ({ ok: true, amount, isWithdrawal: i % 2 === 0 }),
          (error: unknown) => {
            if (
              error instanceof AppError &&
              ['INSUFFICIENT_BALANCE', 'UNFINISHED_RECHARGE_OR_WITHDRAW'].includes(error.code)
            ) {
              return { ok: false, amount, isWithdrawal: i % 2 === 0 };
            }
            throw error;
          },
        );
      }),
    );
    const succeeded = outcomes.filter((o) => o.ok);
    const spent = succeeded.reduce((sum, o) => sum + o.amount, 0n);
    const balances = await getBalances(db, user.id);
    expect(balances.available).toBeGreaterThanOrEqual(0n);
    expect(m('100') - balances.available).toBe(spent);
    expect(succeeded.filter((o) => o.isWithdrawal).length).toBeLessThanOrEqual(1);
    const heldRows = await db.execute<{ total: string | null }>(
      sql`select sum(amount)::text as total from wallet_withdrawals where user_id = ${user.id} and status = 'processing'`,
    );
    expect(balances.held).toBe(heldRows.rows[0]?.total ? parseMoney(heldRows.rows[0].total) : 0n);
    const report = await checkLedger(db);
    expect(report.breaches).toEqual([]);
  });

  it('blocks account cancellation while money or an unfinished record remains', async () => {
    const user = await fundedUser('20');
    const blockers = async () =>
      db.transaction(async (tx) => {
        const codes = [];
        for (const blocker of ACCOUNT_CANCELLATION_BLOCKERS) {
          codes.push(await blocker(tx, user.id));
        }
        return codes.filter(Boolean);
      });
    const before = await blockers();
    expect(before).toContain('CANCEL_BLOCKED_BALANCE');
    expect(before).not.toContain('CANCEL_BLOCKED_UNFINISHED');
    expect((await apply(user.token, '20')).statusCode).toBe(201);
    const during = await blockers();
    expect(during).toContain('CANCEL_BLOCKED_UNFINISHED');
    expect(during).toContain('CANCEL_BLOCKED_BALANCE');
    const empty = await createTestUser(db);
    const none = await db.transaction(async (tx) => {
      const codes = [];
      for (const blocker of ACCOUNT_CANCELLATION_BLOCKERS) {
        codes.push(await blocker(tx, empty.id));
      }
      return codes;
    });
    expect(none.filter((c) => c === 'CANCEL_BLOCKED_BALANCE' || c === 'CANCEL_BLOCKED_UNFINISHED')).toEqual(
      [],
    );
    expect((await checkLedger(db)).isOk).toBe(true);
  });
});

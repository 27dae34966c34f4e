import { parseMoney } from '@caravan/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditLog, notifications, recharges, walletChannels } from '../../db/schema';
import { seedWalletBasics } from '../../db/seed/wallet';
import { createTestStaff, createTestUser } from '../../testing/fixtures';
import { uploadTestImage } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { checkLedger, getBalances, getPlatformBalance } from '../ledger';

type TErr = { error: { code: string; message: string; details?: unknown } };
const HASH = (n: number) => n.toString(16).padStart(64, 'a');

describe('recharge', () => {
  let ctx: TTestContext;
  let db: Database;
  let finance: { id: bigint; token: string };
  let support: { id: bigint; token: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    await seedWalletBasics(db);
    finance = await createTestStaff(db, ['finance.review', 'finance.settings', 'ledger.read']);
    support = await createTestStaff(db, ['chat.answer']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('lists open channels with deposit URI, marking region-closed ones', async () => {
    const user = await createTestUser(db);
    const us = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/channels',
      headers: { ...bearer(user.token), 'accept-language': 'en-US,en;q=0.8' },
    });
    expect(us.statusCode).toBe(200);
    const body = json<{
      region: string;
      channels: { code: string; isAvailable: boolean; depositUri: string | null; rateToUsdt: string }[];
    }>(us);
    expect(body.region).toBe('US');
    const byCode = Object.fromEntries(body.channels.map((c) => [c.code, c]));
    expect(byCode.PAYLINK?.isAvailable).toBe(false);
    expect(byCode['USDT-TRC20']?.depositUri).toMatch(/^tron:T/);
    expect(byCode['USDT-ERC20']?.depositUri).toMatch(/^ethereum:0x/);
    expect(byCode.BTC?.depositUri).toMatch(/^bitcoin:bc1/);
    expect(byCode.ETH?.rateToUsdt).toBe('3000.00');
    const de = await call('GET', '/api/v1/wallet/channels?region=DE', user.token);
    expect(json<typeof body>(de).channels.find((c) => c.code === 'PAYLINK')?.isAvailable).toBe(true);
    expect((await call('GET', '/api/v1/wallet/channels')).statusCode).toBe(401);
  });

  it('refuses bad amounts and fields with a localised 4xx and stores nothing', async () => {
    const user = await createTestUser(db);
    const bad = [
      '-1',
      '0',
      '0.99',
      '1.001',
      'abc',
      '1e3',
      '1.5e3',
      ' ',
      '1'.repeat(25),
      '0x10',
      'NaN',
      'Infinity',
    ];
    for (const amount of bad) {
      const res = await call('POST', '/api/v1/wallet/recharges', user.token, {
        channelCode: 'USDT-TRC20',
        amount,
        txHash: HASH(1),
      });
      expect(res.statusCode, amount).toBe(400);
      expect(json<TErr>(res).error.code).toBe('VALIDATION_FAILED');
      expect(json<TErr>(res).error.message, amount).toBe(
        'Please enter an amount of at least 1 with at most 2 decimals',
      );
    }
    const numeric = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: 10,
      txHash: HASH(1),
    });
    expect(numeric.statusCode).toBe(400);
    const noCurrency = await call('POST', '/api/v1/wallet/recharges', user.token, { amount: '10' });
    expect(json<TErr>(noCurrency).error.message).toBe('Please choose a currency first');
    const above = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'ETH',
      amount: '501',
      txHash: HASH(2),
    });
    expect(above.statusCode).toBe(400);
    expect(json<TErr>(above).error).toMatchObject({
      code: 'DEPOSIT_ABOVE_MAX',
      message: 'The amount is above the maximum deposit of 500.00 ETH',
    });
    const below = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-ERC20',
      amount: '9.99',
      txHash: HASH(3),
    });
    // The limit in the channel's own unit: "10.00" alone read like any currency (and 50 BTC like 50 USDT).
    expect(json<TErr>(below).error).toMatchObject({
      code: 'DEPOSIT_BELOW_MIN',
      message: 'The amount is below the minimum deposit of 10.00 USDT',
    });
    const noProof = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '10',
    });
    expect(json<TErr>(noProof).error.code).toBe('PARAMETER_ERROR');
    const badHash = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '10',
      txHash: 'xyz',
    });
    expect(badHash.statusCode).toBe(400);
    const foreignUrl = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '10',
      certificateUrl: 'https://evil.example/x.png',
    });
    expect(foreignUrl.statusCode).toBe(400);
    const missingUpload = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '10',
      certificateUrl: '/uploads/img/ab/0123456789abcdef0123456789abcdef-960.webp',
    });
    expect(json<TErr>(missingUpload).error.code).toBe('UPLOAD_FAILED');
    const closed = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'PAYLINK',
      amount: '20',
      region: 'US',
    });
    expect(closed.statusCode).toBe(409);
    expect(json<TErr>(closed).error).toMatchObject({
      code: 'PAYMENT_METHOD_NOT_OPEN',
      message: 'This payment method is not open in your region',
    });
    const bankMissing = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'BANK',
      amount: '100',
    });
    expect(json<TErr>(bankMissing).error.code).toBe('PARAMETER_ERROR');
    const unknownField = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '10',
      txHash: HASH(4),
      userId: '1',
    });
    expect(unknownField.statusCode).toBe(400);
    const stored = await db.select().from(recharges).where(eq(recharges.userId, user.id));
    expect(stored).toHaveLength(0);
  });

  it('approves a chain recharge once, crediting the ledger, with an audit row', async () => {
    const user = await createTestUser(db);
    const certificateUrl = await uploadTestImage(ctx.app, user.token);
    const created = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '120.50',
      txHash: `0x${HASH(10).toUpperCase()}`,
      certificateUrl,
    });
    expect(created.statusCode).toBe(201);
    const recharge = json<{
      id: string;
      status: string;
      actualAmount: string;
      txHash: string;
      expectedArrivalAt: string;
    }>(created);
    expect(recharge).toMatchObject({ status: 'processing', actualAmount: '120.50', txHash: HASH(10) });
    expect(new Date(recharge.expectedArrivalAt).getTime()).toBeGreaterThan(Date.now());
    expect((await getBalances(db, user.id)).available).toBe(0n);

    const second = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '5',
      txHash: HASH(11),
    });
    expect(second.statusCode).toBe(409);
    expect(json<TErr>(second).error.code).toBe('UNFINISHED_RECHARGE_OR_WITHDRAW');

    const denied = await call(
      'POST',
      `/api/v1/admin/finance/recharges/${recharge.id}/approve`,
      support.token,
    );
    expect(denied.statusCode).toBe(403);
    expect(
      (await call('POST', `/api/v1/admin/finance/recharges/${recharge.id}/approve`, user.token)).statusCode,
    ).toBe(401);

    const queue = await call('GET', '/api/v1/admin/finance/recharges?status=processing', finance.token);
    expect(
      json<{ pageList: { id: string; certificateUrl: string }[] }>(queue).pageList.find(
        (r) => r.id === recharge.id,
      )?.certificateUrl,
    ).toBe(certificateUrl);
    const clearingBefore = await getPlatformBalance(db, 'chain_clearing');
    const approved = await call(
      'POST',
      `/api/v1/admin/finance/recharges/${recharge.id}/approve`,
      finance.token,
    );
    expect(approved.statusCode).toBe(200);
    expect(json<{ status: string }>(approved).status).toBe('success');
    expect((await getBalances(db, user.id)).available).toBe(parseMoney('120.5'));
    expect((await getPlatformBalance(db, 'chain_clearing')) - clearingBefore).toBe(-parseMoney('120.5'));
    const again = await call('POST', `/api/v1/admin/finance/recharges/${recharge.id}/approve`, finance.token);
    expect(json<TErr>(again).error.code).toBe('RECORD_ALREADY_REVIEWED');
    expect((await getBalances(db, user.id)).available).toBe(parseMoney('120.5'));
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'recharge'), eq(auditLog.targetId, recharge.id)));
    expect(audits.map((a) => [a.action, a.staffId])).toEqual([['recharge.approve', finance.id]]);

    const wallet = await call('GET', '/api/v1/wallet', user.token);
    expect(json(wallet)).toMatchObject({
      money: '120.50',
      available: '120.50',
      held: '0.00',
      hasUnfinished: false,
    });
    const history = await call('GET', '/api/v1/wallet/ledger', user.token);
    expect(
      json<{ pageList: { kind: string; amount: string; balanceAfter: string }[] }>(history).pageList[0],
    ).toMatchObject({
      kind: 'deposit',
      amount: '120.50',
      balanceAfter: '120.50',
    });
    const adminHistory = await call('GET', `/api/v1/admin/ledger/users/${user.id}/history`, finance.token);
    expect(json<{ total: number }>(adminHistory).total).toBe(1);

    // The same chain transaction can never be credited twice, whoever submits it and however spelled.
    const other = await createTestUser(db);
    const dup = await call('POST', '/api/v1/wallet/recharges', other.token, {
      channelCode: 'USDT-TRC20',
      amount: '120.50',
      txHash: HASH(10),
    });
    expect(dup.statusCode).toBe(409);
    expect(json<TErr>(dup).error.code).toBe('TX_HASH_ALREADY_USED');
    const otherWallet = await call('GET', '/api/v1/wallet', other.token);
    expect(json<{ hasUnfinished: boolean }>(otherWallet).hasUnfinished).toBe(false);
    // Another buyer cannot read this record.
    expect((await call('GET', `/api/v1/wallet/recharges/${recharge.id}`, other.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/wallet/recharges/${recharge.id}`, user.token)).statusCode).toBe(200);
  });

  it('rejects with a reason, credits nothing and frees the slot', async () => {
    const user = await createTestUser(db);
    const created = json<{ id: string }>(
      await call('POST', '/api/v1/wallet/recharges', user.token, {
        channelCode: 'USDT-TRC20',
        amount: '10',
        txHash: HASH(20),
      }),
    );
    const noReason = await call(
      'POST',
      `/api/v1/admin/finance/recharges/${created.id}/reject`,
      finance.token,
      { reason: '' },
    );
    expect(noReason.statusCode).toBe(400);
    const rejected = await call(
      'POST',
      `/api/v1/admin/finance/recharges/${created.id}/reject`,
      finance.token,
      { reason: 'Not received' },
    );
    expect(json(rejected)).toMatchObject({ status: 'fail', reason: 'Not received' });
    expect((await getBalances(db, user.id)).available).toBe(0n);
    const approveAfter = await call(
      'POST',
      `/api/v1/admin/finance/recharges/${created.id}/approve`,
      finance.token,
    );
    expect(json<TErr>(approveAfter).error.code).toBe('RECORD_ALREADY_REVIEWED');
    const next = await call('POST', '/api/v1/wallet/recharges', user.token, {
      channelCode: 'USDT-TRC20',
      amount: '11',
      txHash: HASH(21),
    });
    expect(next.statusCode).toBe(201);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'recharge.reject'), eq(auditLog.targetId, created.id)));
    expect(audit?.details).toMatchObject({ reason: 'Not received' });
    // Nothing was credited: the notice names no amount (it carried the actual amount that never arrived), but it
    // says why.
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.event, 'recharge.failed')));
    expect(notice?.params).toEqual({ recordId: created.id, reason: 'Not received' });
  });

  it('converts ETH at the stored rate and takes bank fees as platform revenue', async () => {
    const eth = await createTestUser(db);
    const ethRecharge = json<{ id: string; actualAmount: string; rateToUsdt: string }>(
      await call('POST', '/api/v1/wallet/recharges', eth.token, {
        channelCode: 'ETH',
        amount: '1.25',
        txHash: HASH(30),
      }),
    );
    expect(ethRecharge).toMatchObject({ actualAmount: '3750.00', rateToUsdt: '3000.00' });
    await call('POST', `/api/v1/admin/finance/recharges/${ethRecharge.id}/approve`, finance.token);
    expect((await getBalances(db, eth.id)).available).toBe(parseMoney('3750'));

    const bank = await createTestUser(db);
    const bankRes = await call('POST', '/api/v1/wallet/recharges', bank.token, {
      channelCode: 'BANK',
      amount: '100',
      bankName: 'Example Bank',
      cardNumber: '6222 0200 1234 5678',
    });
    expect(bankRes.statusCode).toBe(201);
    const bankRecharge = json<{ id: string; fee: string; actualAmount: string; cardNumber: string }>(bankRes);
    expect(bankRecharge).toMatchObject({ fee: '3.00', actualAmount: '97.00', cardNumber: '**** 5678' });
    const revenueBefore = await getPlatformBalance(db, 'platform_revenue');
    await call('POST', `/api/v1/admin/finance/recharges/${bankRecharge.id}/approve`, finance.token);
    expect((await getBalances(db, bank.id)).available).toBe(parseMoney('97'));
    expect((await getPlatformBalance(db, 'platform_revenue')) - revenueBefore).toBe(parseMoney('3'));
  });

  it('credits whole cents, rounded down, at a rate with many decimals', async () => {
    await db
      .update(walletChannels)
      .set({ rateToUsdt: parseMoney('3000.123456') })
      .where(eq(walletChannels.code, 'ETH'));
    try {
      const buyer = await createTestUser(db);
      const created = json<{ id: string; actualAmount: string }>(
        await call('POST', '/api/v1/wallet/recharges', buyer.token, {
          channelCode: 'ETH',
          amount: '1.25',
          txHash: HASH(31),
        }),
      );
      // 1.25 x 3000.123456 is 3750.15432: 3750.15 reaches the wallet (a fraction of a cent could never leave it).
      expect(created.actualAmount).toBe('3750.15');
      await call('POST', `/api/v1/admin/finance/recharges/${created.id}/approve`, finance.token);
      expect((await getBalances(db, buyer.id)).available).toBe(parseMoney('3750.15'));
      expect((await checkLedger(db)).isOk).toBe(true);
    } finally {
      await db
        .update(walletChannels)
        .set({ rateToUsdt: parseMoney('3000') })
        .where(eq(walletChannels.code, 'ETH'));
    }
  });

  it('allows only one unfinished record under concurrent submissions', async () => {
    const user = await createTestUser(db);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/api/v1/wallet/recharges', user.token, {
          channelCode: 'USDT-TRC20',
          amount: '10',
          txHash: HASH(100 + i),
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.statusCode === 409)
        .every((r) => json<TErr>(r).error.code === 'UNFINISHED_RECHARGE_OR_WITHDRAW'),
    ).toBe(true);
    const [row] = await db
      .execute<{ n: number }>(sql`select count(*)::int as n from wallet_recharges where user_id = ${user.id}`)
      .then((r) => r.rows);
    expect(Number(row?.n)).toBe(1);
    // The same hash raced by two buyers is stored once.
    const a = await createTestUser(db);
    const b = await createTestUser(db);
    const race = await Promise.all(
      [a, b].map((u) =>
        call('POST', '/api/v1/wallet/recharges', u.token, {
          channelCode: 'USDT-TRC20',
          amount: '10',
          txHash: HASH(999),
        }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets finance edit channel settings with an audit row, refusing bad values', async () => {
    const list = json<{ channels: { id: string; code: string }[] }>(
      await call('GET', '/api/v1/admin/finance/channels', finance.token),
    );
    const paylink = list.channels.find((c) => c.code === 'PAYLINK')!;
    const trc = list.channels.find((c) => c.code === 'USDT-TRC20')!;
    expect(
      (await call('PUT', `/api/v1/admin/finance/channels/${paylink.id}`, support.token, { isOpen: false }))
        .statusCode,
    ).toBe(403);
    const updated = await call('PUT', `/api/v1/admin/finance/channels/${paylink.id}`, finance.token, {
      closedRegions: ['de'],
      minAmount: '5',
    });
    expect(updated.statusCode).toBe(200);
    expect(json(updated)).toMatchObject({ closedRegions: ['DE'], minAmount: '5.00' });
    // Names per language: buyers read theirs, else the English one; English cannot be left out.
    const renamed = await call('PUT', `/api/v1/admin/finance/channels/${paylink.id}`, finance.token, {
      names: { en: 'PayLink wallet', ar: 'محفظة باي لينك', de: '' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed)).toMatchObject({
      name: 'PayLink wallet',
      names: { en: 'PayLink wallet', ar: 'محفظة باي لينك' },
    });
    const buyer = await createTestUser(db);
    const channelName = async (code: string, lang: string) =>
      json<{ channels: { code: string; name: string }[] }>(
        await call('GET', `/api/v1/wallet/channels?region=DE&lang=${lang}`, buyer.token),
      ).channels.find((c) => c.code === code)?.name;
    expect(await channelName('PAYLINK', 'ar')).toBe('محفظة باي لينك');
    expect(await channelName('PAYLINK', 'de')).toBe('PayLink wallet');
    expect(await channelName('BANK', 'ru')).toBe('Перевод с банковской карты');
    expect(await channelName('BANK', 'en')).toBe('Bank card transfer');
    const withoutEnglish = await call('PUT', `/api/v1/admin/finance/channels/${paylink.id}`, finance.token, {
      names: { ar: 'محفظة' },
    });
    expect(withoutEnglish.statusCode).toBe(400);
    expect(json<TErr>(withoutEnglish).error.details).toMatchObject({
      fields: [{ field: 'names.en', message: 'This field is required' }],
    });
    const badAddress = await call('PUT', `/api/v1/admin/finance/channels/${trc.id}`, finance.token, {
      depositAddress: '0x1234',
    });
    expect(json<TErr>(badAddress).error.code).toBe('ADDRESS_FORMAT_INVALID');
    const minAboveMax = await call('PUT', `/api/v1/admin/finance/channels/${trc.id}`, finance.token, {
      minAmount: '2000000',
    });
    expect(minAboveMax.statusCode).toBe(400);
    expect(json<TErr>(minAboveMax).error).toMatchObject({
      message: 'The maximum must not be below the minimum',
      details: { fields: [{ field: 'maxAmount', message: 'The maximum must not be below the minimum' }] },
    });
    // Below a deposit's own minimum of 1 (SPEC §5): buyers were shown 0.50 and refused every amount under 1.
    const minBelowOne = await call('PUT', `/api/v1/admin/finance/channels/${trc.id}`, finance.token, {
      minAmount: '0.5',
    });
    expect(minBelowOne.statusCode).toBe(400);
    expect(json<TErr>(minBelowOne).error.details).toMatchObject({
      fields: [{ field: 'minAmount', message: 'Please enter an amount from 1 to 1,000,000,000' }],
    });
    // Fees that take the whole of the smallest deposit: every amount up to them was refused as "below the minimum".
    const feesAboveMin = await call('PUT', `/api/v1/admin/finance/channels/${paylink.id}`, finance.token, {
      feeFixed: '6',
      feeRate: '0',
    });
    expect(feesAboveMin.statusCode).toBe(400);
    expect(json<TErr>(feesAboveMin).error.details).toMatchObject({
      fields: [
        { field: 'feeFixed', message: 'The fees on the minimum amount of 5 must be less than that amount' },
      ],
    });
    // The rate counts too (5 x 0.5 + 2.5 = all of 5); a raised minimum makes room for the same fees.
    const rateAboveMin = await call('PUT', `/api/v1/admin/finance/channels/${paylink.id}`, finance.token, {
      feeFixed: '2.5',
      feeRate: '0.5',
    });
    expect(rateAboveMin.statusCode).toBe(400);
    const raisedMin = await call('PUT', `/api/v1/admin/finance/channels/${paylink.id}`, finance.token, {
      minAmount: '50',
      feeFixed: '6',
    });
    expect(raisedMin.statusCode, raisedMin.body).toBe(200);
    expect(json(raisedMin)).toMatchObject({ minAmount: '50.00', feeFixed: '6.00' });
    // Fixed fees are charged in whole cents: a sub-cent one is refused in the reader's language, nothing saved.
    const subCentFee = await call(
      'PUT',
      `/api/v1/admin/finance/channels/${paylink.id}?lang=es`,
      finance.token,
      {
        feeFixed: '0.125',
        feeRate: '0.00333',
      },
    );
    expect(subCentFee.statusCode).toBe(400);
    expect(json<TErr>(subCentFee).error.details).toMatchObject({
      fields: [
        { field: 'feeFixed', message: 'Introduzca un importe de 0 o más con 2 decimales como máximo' },
      ],
    });
    const centFee = await call('PUT', `/api/v1/admin/finance/channels/${paylink.id}`, finance.token, {
      feeFixed: '0.12',
      feeRate: '0.00333',
    });
    expect(json(centFee)).toMatchObject({ feeFixed: '0.12', feeRate: '0.00333' });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet_channel.update'), eq(auditLog.targetId, paylink.id)));
    expect(audit?.staffId).toBe(finance.id);
    const check = await call('GET', '/api/v1/admin/ledger/check', finance.token);
    expect(json(check)).toMatchObject({ isOk: true, breachCount: 0 });
    expect((await call('GET', '/api/v1/admin/ledger/check', support.token)).statusCode).toBe(403);
    expect((await checkLedger(db)).isOk).toBe(true);
  });
});

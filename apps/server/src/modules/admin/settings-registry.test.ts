import { SETTING_DEFINITIONS } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemParams } from '../../db/schema';
import { seedWalletBasics } from '../../db/seed/wallet';
import { createTestStaff } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';

type TError = { error: { code: string; message: string } };

/** Issue 10, defect 9: every platform setting is declared with its range and a bad value is refused. */
describe('platform settings are declared and validated', () => {
  let ctx: TTestContext;
  let token = '';
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedWalletBasics(ctx.database.db);
    token = (await createTestStaff(ctx.database.db, ['settings.manage'])).token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const put = (code: string, value: string, lang = 'en') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/system-params/${encodeURIComponent(code)}?lang=${lang}`,
      headers: bearer(token),
      payload: { value },
    });

  it('has a declaration for every row of system_params, and each default satisfies its own declaration', async () => {
    const rows = await ctx.database.db
      .select({ code: systemParams.code, value: systemParams.value })
      .from(systemParams);
    expect(rows.length).toBeGreaterThan(20);
    const undeclared = rows.map((r) => r.code).filter((code) => !Object.hasOwn(SETTING_DEFINITIONS, code));
    expect(undeclared).toEqual([]);
    for (const row of rows) {
      expect(
        SETTING_DEFINITIONS[row.code]!.schema.safeParse(row.value).success,
        `${row.code}=${row.value}`,
      ).toBe(true);
    }
    for (const [code, definition] of Object.entries(SETTING_DEFINITIONS)) {
      expect(definition.schema.safeParse(definition.defaultValue).success, code).toBe(true);
    }
  });

  it('refuses withdraw_daily_count = 100000 with a localised range error and keeps the stored value', async () => {
    const refused = await put('withdraw_daily_count', '100000', 'de');
    expect(refused.statusCode).toBe(400);
    expect(json<TError>(refused).error).toMatchObject({
      code: 'SETTING_OUT_OF_RANGE',
      message: 'Der Wert von withdraw_daily_count muss zwischen 0 und 100 liegen',
    });
    const [row] = await ctx.database.db
      .select()
      .from(systemParams)
      .where(eq(systemParams.code, 'withdraw_daily_count'));
    expect(row?.value).toBe('3');
    expect((await put('withdraw_daily_count', '5')).statusCode).toBe(200);
  });

  it('refuses out-of-range and malformed values of every kind of setting', async () => {
    const bad: [string, string, string][] = [
      ['withdraw_min', '-1', 'SETTING_OUT_OF_RANGE'],
      ['withdraw_max', 'lots', 'SETTING_INVALID'],
      ['commission_rate', '1.5', 'SETTING_OUT_OF_RANGE'],
      ['order_auto_cancel_minutes', '0', 'SETTING_OUT_OF_RANGE'],
      ['mall_max_goods_number_in_order', '99999999999999999999', 'SETTING_OUT_OF_RANGE'],
      ['address_limit', '2.5', 'SETTING_INVALID'],
      ['commission_rate', '0.05000000000001', 'SETTING_INVALID'],
      ['withdraw_time_window', '25:00-26:00', 'SETTING_INVALID'],
      // Past 24:00: half past midnight is 00:30.
      ['withdraw_time_window', '09:00-24:59', 'SETTING_INVALID'],
      ['withdraw_fee.ETH', '150%', 'SETTING_INVALID'],
      ['payment_methods_enabled', 'balance,cash', 'SETTING_INVALID'],
      ['chat_poll_seconds', '1', 'SETTING_OUT_OF_RANGE'],
      ['loan_reminder_days_before', '31', 'SETTING_OUT_OF_RANGE'],
      ['four_eyes_refund_threshold', '0.001', 'SETTING_INVALID'],
      ['register_email_code_required', 'yes', 'SETTING_INVALID'],
      ['no_such_setting', '1', 'SETTING_UNKNOWN'],
    ];
    for (const [code, value, expected] of bad) {
      const res = await put(code, value);
      expect(json<TError>(res).error.code, `${code}=${value}`).toBe(expected);
      expect(res.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, code).toBeLessThan(500);
    }
    // Not a whole number is not "between 1 and 100" (2.5 is): the rule says what is asked.
    const fraction = await put('address_limit', '2.5');
    expect(json<TError>(fraction).error.message).toMatch(
      /^The value of address_limit is not valid: a whole number from \d+ to \d+$/,
    );
    const invalid = await put('withdraw_time_window', '25:00-26:00');
    expect(json<TError>(invalid).error.message).toBe(
      'The value of withdraw_time_window is not valid: a time window HH:mm-HH:mm in UTC, such as 09:00-18:00',
    );
    for (const [code, value] of [
      ['withdraw_fee.ETH', '0.8%'],
      ['withdraw_time_window', '09:00-18:00'],
      ['commission_rate', '0.1'],
    ] as const) {
      expect((await put(code, value)).statusCode, code).toBe(200);
    }
  });

  it("words a refused value's rule in the reader's language, with the values it allows", async () => {
    const window = await put('withdraw_time_window', '25:00-26:00', 'ar');
    expect(json<TError>(window).error.message).toBe(
      // Ranges kept left to right inside the Arabic sentence (LRI ... PDI): plain, they read "18:00-09:00".
      'قيمة withdraw_time_window غير صالحة: نافذة زمنية \u2066HH:mm-HH:mm\u2069 بتوقيت UTC، مثل \u206609:00-18:00\u2069',
    );
    const methods = await put('payment_methods_enabled', 'balance,cash', 'de');
    expect(json<TError>(methods).error.message).toBe(
      'Der Wert von payment_methods_enabled ist ungültig: eine durch Kommas getrennte Liste aus balance, card, third_party',
    );
    const range = await put('chat_poll_seconds', '1', 'fr');
    expect(json<TError>(range).error.message).toContain('2');
    expect(json<TError>(range).error.message).toContain('60');
  });

  it('stores the payment methods as a plain list: each once, without the spaces typed around them', async () => {
    const stored = async () =>
      (
        await ctx.database.db
          .select({ value: systemParams.value })
          .from(systemParams)
          .where(eq(systemParams.code, 'payment_methods_enabled'))
      )[0]?.value;
    const res = await put('payment_methods_enabled', 'balance,balance, card');
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toBe('balance,card');
    for (const value of ['balance,,card', 'balance,', ' , ']) {
      expect((await put('payment_methods_enabled', value)).statusCode, value).toBe(400);
    }
    expect(await stored()).toBe('balance,card');
    expect((await put('payment_methods_enabled', 'balance')).statusCode).toBe(200);
  });

  it('declares a range or a translated rule for every setting, so no refusal is worded in English only', () => {
    const unworded = Object.entries(SETTING_DEFINITIONS)
      .filter(([, definition]) => !definition.range && !definition.rule)
      .map(([code]) => code);
    expect(unworded).toEqual([]);
  });

  it('refuses withdrawal settings that cannot stand together, whichever of them changes, and keeps the old value', async () => {
    const stored = async (code: string) =>
      (await ctx.database.db.select().from(systemParams).where(eq(systemParams.code, code)))[0]?.value;
    expect((await put('withdraw_min', '10')).statusCode).toBe(200);
    expect((await put('withdraw_max', '50000')).statusCode).toBe(200);
    expect((await put('withdraw_fee.USDT-TRC20', '1')).statusCode).toBe(200);

    const minAboveMax = await put('withdraw_min', '60000');
    expect(minAboveMax.statusCode).toBe(400);
    expect(json<TError>(minAboveMax).error).toMatchObject({
      code: 'SETTING_MIN_ABOVE_MAX',
      message: 'The smallest withdrawal (60000 USDT) cannot be above the largest (50000 USDT)',
    });
    expect(await stored('withdraw_min')).toBe('10');
    const maxBelowMin = await put('withdraw_max', '9.99', 'de');
    expect(json<TError>(maxBelowMin).error).toMatchObject({
      code: 'SETTING_MIN_ABOVE_MAX',
      message: 'Die kleinste Auszahlung (10 USDT) darf nicht über der größten (9.99 USDT) liegen',
    });
    expect(await stored('withdraw_max')).toBe('50000');

    const feeEatsMinimum = await put('withdraw_fee.USDT-TRC20', '99999999');
    expect(json<TError>(feeEatsMinimum).error).toMatchObject({
      code: 'SETTING_FEE_NOT_BELOW_MIN',
      message:
        'The fixed withdrawal fee on USDT-TRC20 (99999999 USDT) must be below the smallest withdrawal (10 USDT)',
    });
    expect(await stored('withdraw_fee.USDT-TRC20')).toBe('1');
    // Lowering the minimum under a fixed fee is the same conflict seen from the other side.
    expect(json<TError>(await put('withdraw_min', '1')).error.code).toBe('SETTING_FEE_NOT_BELOW_MIN');
    expect(await stored('withdraw_min')).toBe('10');

    // A percentage never eats a whole withdrawal; equal limits and a fee just under the minimum are fine.
    expect((await put('withdraw_fee.USDT-TRC20', '50%')).statusCode).toBe(200);
    expect((await put('withdraw_fee.USDT-TRC20', '9.99')).statusCode).toBe(200);
    expect((await put('withdraw_max', '10')).statusCode).toBe(200);
    expect((await put('withdraw_max', '50000')).statusCode).toBe(200);
    expect((await put('withdraw_fee.USDT-TRC20', '1')).statusCode).toBe(200);
  });
});

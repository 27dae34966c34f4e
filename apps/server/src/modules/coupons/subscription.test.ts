import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponCampaigns, mailOutbox, subscriptions, systemParams, userCoupons } from '../../db/schema';
import { createTestStaff, createTestUser } from '../../testing/fixtures';
import { startTestSmtpServer } from '../../testing/smtp';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createSmtpSender, deliverDueMail } from '../mail';

let ctx: TTestContext;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Sends what the outbox holds through the test SMTP server and answers the welcome mail that reached `email`. */
async function deliveredMailTo(email: string) {
  const sender = createSmtpSender(smtp.url, 'Caravan <no-reply@caravan.example>');
  await deliverDueMail(ctx.database.db, { channel: 'email', send: sender });
  sender.close();
  return smtp.waitFor(email, 15_000, (mail) => mail.text.includes('WELCOME-'));
}

/** Follows the link of the newest confirmation mail to `email` (double opt-in): the welcome coupon comes then. */
async function confirmMailbox(email: string) {
  const [mail] = await ctx.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'subscriptionConfirm')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = /\/subscription\/confirm\?lang=[a-z-]+#([\w-]+\.[\w-]+)/i.exec(mail?.text ?? '')?.[1];
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions/confirm',
    payload: { token: token ?? 'missing' },
  });
  expect(res.statusCode).toBe(200);
}

describe('footer subscription', () => {
  it('mails a welcome coupon code that a buyer can add to the account; a repeated address gets nothing', async () => {
    const email = `subscriber${Date.now().toString(36)}@caravan.example`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions?lang=fr',
      payload: { email },
    });
    expect(res.statusCode).toBe(201);
    await confirmMailbox(email);
    const mail = await deliveredMailTo(email);
    expect(mail.subject).toMatch(/^Bienvenue sur Caravan : votre coupon WELCOME-[A-Z0-9]{10}$/);
    expect(mail.text).toContain('Il retire 5.00 USDT d’une commande d’au moins 50.00 USDT');
    const code = /WELCOME-[A-Z0-9]{10}/.exec(mail.text)?.[0];
    expect(code).toBeDefined();

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions?lang=en',
      payload: { email },
    });
    expect(again.statusCode).toBe(409);
    expect(json<{ error: { code: string; message: string } }>(again).error).toMatchObject({
      code: 'EMAIL_ALREADY_SUBSCRIBED',
    });
    // The confirmation mail and the welcome mail; nothing for the refused repeat.
    expect(
      await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    ).toHaveLength(2);
    expect(await ctx.database.db.select().from(userCoupons).where(eq(userCoupons.email, email))).toHaveLength(
      1,
    );

    const buyer = await createTestUser(ctx.database.db);
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/coupons/claim',
      headers: bearer(buyer.token),
      payload: { code: code!.toLowerCase() },
    });
    expect(claimed.statusCode).toBe(201);
    expect(json(claimed)).toMatchObject({
      code,
      kind: 'amount',
      amountOff: '5.00',
      minSpend: '50.00',
      status: 'available',
    });
    const other = await createTestUser(ctx.database.db);
    const stolen = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/coupons/claim',
      headers: bearer(other.token),
      payload: { code },
    });
    expect(stolen.statusCode).toBe(404);
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/coupons/claim',
      headers: bearer(buyer.token),
      payload: { code },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('tells a subscriber who was logged in that the coupon is in the account already', async () => {
    const buyer = await createTestUser(ctx.database.db);
    const email = `member${Date.now().toString(36)}@caravan.example`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions?lang=en',
      headers: bearer(buyer.token),
      payload: { email },
    });
    expect(res.statusCode).toBe(201);
    await confirmMailbox(email);
    const [coupon] = await ctx.database.db.select().from(userCoupons).where(eq(userCoupons.email, email));
    expect(coupon?.userId).toBe(buyer.id);
    const mail = await deliveredMailTo(email);
    expect(mail.text).toContain(
      `Your welcome coupon ${coupon?.code} is already in your account, under Coupons.`,
    );
    expect(mail.text).not.toContain('add the code');
  });
});

describe('abuse of the subscription (QA buyer #4)', () => {
  /** Subscribes and, when that succeeded, confirms (the coupon comes with confirmation); answers the subscription. */
  const subscribe = async (email: string, options: { ip: string; token?: string; isConfirmed?: boolean }) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions?lang=en',
      remoteAddress: options.ip,
      ...(options.token ? { headers: bearer(options.token) } : {}),
      payload: { email },
    });
    if (res.statusCode === 201 && options.isConfirmed !== false) {
      await confirmMailbox(email);
    }
    return res;
  };
  const claim = (token: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/coupons/claim?lang=en',
      headers: bearer(token),
      payload: { code },
    });
  const welcomeCodeOf = async (email: string) => {
    const [row] = await ctx.database.db.select().from(userCoupons).where(eq(userCoupons.email, email));
    return row!.code;
  };

  it('lets one account hold one welcome coupon, even after using it, whatever address the codes went to', async () => {
    const tag = Date.now().toString(36);
    const first = `one${tag}@caravan.example`;
    const second = `two${tag}@caravan.example`;
    expect((await subscribe(first, { ip: '198.51.100.1' })).statusCode).toBe(201);
    expect((await subscribe(second, { ip: '198.51.100.1' })).statusCode).toBe(201);
    const buyer = await createTestUser(ctx.database.db);
    expect((await claim(buyer.token, await welcomeCodeOf(first))).statusCode).toBe(201);
    // A used welcome coupon still counts.
    await ctx.database.db.update(userCoupons).set({ status: 'used' }).where(eq(userCoupons.email, first));
    const refused = await claim(buyer.token, await welcomeCodeOf(second));
    expect(refused.statusCode).toBe(409);
    expect(json<{ error: { code: string; message: string } }>(refused).error).toEqual({
      code: 'WELCOME_COUPON_ALREADY_HELD',
      message: 'Your account already has a welcome coupon: each account can have only one',
    });
    const [unclaimed] = await ctx.database.db.select().from(userCoupons).where(eq(userCoupons.email, second));
    expect(unclaimed?.userId).toBeNull();
    // Subscribing a third address while logged in adds no second welcome coupon to the account either.
    expect(
      (await subscribe(`three${tag}@caravan.example`, { ip: '198.51.100.1', token: buyer.token })).statusCode,
    ).toBe(201);
    const held = await ctx.database.db.select().from(userCoupons).where(eq(userCoupons.userId, buyer.id));
    expect(held).toHaveLength(1);
  });

  it('lets only one of two welcome claims of one account made at once succeed', async () => {
    const tag = Date.now().toString(36);
    const emails = [`race1${tag}@caravan.example`, `race2${tag}@caravan.example`];
    for (const email of emails) {
      expect((await subscribe(email, { ip: '198.51.100.2' })).statusCode).toBe(201);
    }
    const codes = await Promise.all(emails.map(welcomeCodeOf));
    const buyer = await createTestUser(ctx.database.db);
    const answers = await Promise.all(codes.map((code) => claim(buyer.token, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(
      await ctx.database.db.select().from(userCoupons).where(eq(userCoupons.userId, buyer.id)),
    ).toHaveLength(1);
  });

  it('treats case and +tags as the same subscriber, keeping the address as typed', async () => {
    const tag = Date.now().toString(36);
    const typed = `Qa.Sub+1${tag}@Caravan.example`;
    expect((await subscribe(typed, { ip: '198.51.100.3' })).statusCode).toBe(201);
    for (const other of [
      `qa.sub+2${tag}@caravan.example`,
      `qa.sub@caravan.example`,
      `QA.SUB@CARAVAN.EXAMPLE`,
    ]) {
      const res = await subscribe(other, { ip: '198.51.100.3' });
      expect(res.statusCode).toBe(409);
      expect(json<{ error: { code: string } }>(res).error.code).toBe('EMAIL_ALREADY_SUBSCRIBED');
    }
    expect((await subscribe(`qa.sub2${tag}@caravan.example`, { ip: '198.51.100.3' })).statusCode).toBe(201);
    const stored = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.email, typed));
    expect(stored).toHaveLength(1);
    expect(await ctx.database.db.select().from(userCoupons).where(eq(userCoupons.email, typed))).toHaveLength(
      1,
    );
  });

  it('caps the confirmation mails of one IP address an hour at subscribe_ip_hourly_limit, then answers TOO_FREQUENT', async () => {
    await ctx.database.db
      .insert(systemParams)
      .values({ code: 'subscribe_ip_hourly_limit', value: '3' })
      .onConflictDoUpdate({ target: systemParams.code, set: { value: '3' } });
    const tag = Date.now().toString(36);
    const ip = '198.51.100.4';
    for (let i = 0; i < 3; i += 1) {
      expect((await subscribe(`farm${i}${tag}@caravan.example`, { ip, isConfirmed: false })).statusCode).toBe(
        201,
      );
    }
    const refused = await subscribe(`farm9${tag}@caravan.example`, { ip });
    expect(refused.statusCode).toBe(429);
    expect(json<{ error: { code: string } }>(refused).error.code).toBe('TOO_FREQUENT');
    expect(
      await ctx.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, `farm9${tag}@caravan.example`)),
    ).toHaveLength(0);
    // Another address is not held up by it.
    expect((await subscribe(`other${tag}@caravan.example`, { ip: '198.51.100.5' })).statusCode).toBe(201);
    await ctx.database.db
      .update(systemParams)
      .set({ value: '5' })
      .where(eq(systemParams.code, 'subscribe_ip_hourly_limit'));
  });
});

describe('coupon campaigns in the console', () => {
  it('refuses a second welcome campaign while one runs, naming it; once it is stopped, the new one welcomes', async () => {
    const db = ctx.database.db;
    const marketer = await createTestStaff(db, ['marketing.manage']);
    const campaign = (name: string, isWelcome: boolean) => ({
      name,
      kind: 'amount',
      amountOff: '3',
      minSpend: '10',
      validUntil: '2099-06-01T00:00:00Z',
      perUserLimit: 1,
      isWelcome,
    });
    const create = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/coupon-campaigns?lang=en',
        headers: bearer(marketer.token),
        payload: body,
      });
    const second = await create(campaign('QA welcome2', true));
    expect(second.statusCode).toBe(409);
    expect(json<{ error: { code: string; message: string } }>(second).error).toEqual(
      expect.objectContaining({
        code: 'WELCOME_CAMPAIGN_RUNNING',
        message: 'The welcome campaign "Welcome coupon" is still running: stop it before starting another',
      }),
    );
    expect(await db.select().from(couponCampaigns).where(eq(couponCampaigns.name, 'QA welcome2'))).toEqual(
      [],
    );
    // Other campaigns are not held up by it.
    expect((await create(campaign('QA spring', false))).statusCode).toBe(201);

    const [running] = await db.select().from(couponCampaigns).where(eq(couponCampaigns.isWelcome, true));
    const stopped = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/coupon-campaigns/${running!.id}/stop`,
      headers: bearer(marketer.token),
    });
    expect(stopped.statusCode).toBe(200);
    expect((await create(campaign('QA welcome2', true))).statusCode).toBe(201);
    const email = `welcome2${Date.now().toString(36)}@caravan.example`;
    await ctx.app.inject({ method: 'POST', url: '/api/v1/subscriptions?lang=en', payload: { email } });
    await confirmMailbox(email);
    expect((await deliveredMailTo(email)).text).toContain('3.00 USDT');
  });
  it('says the largest amount off a campaign can take, not only "at most 2 decimals"', async () => {
    const marketer = await createTestStaff(ctx.database.db, ['marketing.manage']);
    const messageFor = async (amounts: { amountOff: string; minSpend: string }) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/coupon-campaigns?lang=en',
        headers: bearer(marketer.token),
        payload: {
          name: 'QA big',
          kind: 'amount',
          validUntil: '2099-06-01T00:00:00Z',
          perUserLimit: 1,
          ...amounts,
        },
      });
      expect(res.statusCode).toBe(400);
      return json<{ error: { details: { fields: { field: string; message: string }[] } } }>(res).error.details
        .fields;
    };
    expect(await messageFor({ amountOff: '99999999999999', minSpend: '100' })).toContainEqual({
      field: 'amountOff',
      message: 'Please enter an amount greater than 0 and at most 999,999,999,999.99',
    });
    expect(await messageFor({ amountOff: '5', minSpend: '99999999999999.5' })).toContainEqual({
      field: 'minSpend',
      message: 'Please enter an amount from 0 to 999,999,999,999.99',
    });
    // A malformed amount keeps the message about its form.
    expect(await messageFor({ amountOff: '5.123', minSpend: '100' })).toContainEqual({
      field: 'amountOff',
      message: 'Please enter an amount greater than 0 with at most 2 decimals',
    });
  });
});

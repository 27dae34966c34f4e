import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userCoupons } from '../../db/schema';
import { createTestUser } from '../../testing/fixtures';
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

/** Sends what the outbox holds through the test SMTP server and answers the mail that reached `email`. */
async function deliveredMailTo(email: string) {
  const sender = createSmtpSender(smtp.url, 'Caravan <no-reply@caravan.example>');
  await deliverDueMail(ctx.database.db, { channel: 'email', send: sender });
  sender.close();
  return smtp.waitFor(email);
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
    expect(
      await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    ).toHaveLength(1);
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
    const [coupon] = await ctx.database.db.select().from(userCoupons).where(eq(userCoupons.email, email));
    expect(coupon?.userId).toBe(buyer.id);
    const mail = await deliveredMailTo(email);
    expect(mail.text).toContain(
      `Your welcome coupon ${coupon?.code} is already in your account, under Coupons.`,
    );
    expect(mail.text).not.toContain('add the code');
  });
});

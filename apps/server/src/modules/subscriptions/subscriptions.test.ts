import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { mailOutbox, subscriptions, subscriptionTokens, userCoupons } from '../../db/schema';
import { createTestUser } from '../../testing/fixtures';
import { startTestSmtpServer } from '../../testing/smtp';
import { createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createSmtpSender, deliverDueMail } from '../mail';
import { testClockOf } from '../ops';
import { pruneUnconfirmedSubscriptions } from './service';

type TError = { error: { code: string; message: string } };

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

let counter = 0;
/** A fresh address and IP per test: the per-IP and per-mailbox counters are shared by the app. */
function fresh(label: string) {
  counter += 1;
  return {
    email: `${label}${counter}${Date.now().toString(36)}@caravan.example`,
    ip: `203.0.113.${counter}`,
  };
}

const subscribe = (email: string, ip: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/subscriptions?lang=${lang}`,
    remoteAddress: ip,
    payload: { email },
  });
const confirm = (token: string, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/subscriptions/confirm?lang=${lang}`, payload: { token } });
const unsubscribeByPage = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/subscriptions/unsubscribe?lang=en', payload: { token } });

const outboxOf = (email: string) =>
  ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.id);
const couponsOf = (email: string) =>
  ctx.database.db.select().from(userCoupons).where(eq(userCoupons.email, email));
const subscriptionOf = async (email: string) =>
  (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.email, email)))[0];

/** The token of a storefront link in a mail's text (it rides in the fragment). */
function linkToken(text: string, page: 'confirm' | 'unsubscribe'): string {
  const token = new RegExp(`/subscription/${page}\\?lang=[a-z-]+#([\\w-]{16}\\.[\\w-]{43})`).exec(text)?.[1];
  expect(token, `${page} link in ${text}`).toBeDefined();
  return token!;
}

async function latestMail(email: string, template: string) {
  const [row] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  expect(row, `${template} mail to ${email}`).toBeDefined();
  return row!;
}

describe('double opt-in of the coupon subscription', () => {
  it('keeps a new subscription pending with no coupon, mailing only a confirmation with unsubscribe headers', async () => {
    const { email, ip } = fresh('pending');
    expect((await subscribe(email, ip)).statusCode).toBe(201);
    expect(await subscriptionOf(email)).toMatchObject({ status: 'pending', confirmedAt: null });
    expect(await couponsOf(email)).toHaveLength(0);
    const mails = await outboxOf(email);
    expect(mails.map((m) => m.template)).toEqual(['subscriptionConfirm']);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Confirm your subscription to Caravan offers');
    expect(mail.textBody).toContain('within 7 days');
    linkToken(mail.textBody, 'confirm');
    const unsubscribeToken = linkToken(mail.textBody, 'unsubscribe');
    // The links are anchors in the HTML, and no token is in an /api query string.
    expect(mail.htmlBody).toMatch(/<a href="https?:\/\/[^"]+\/subscription\/confirm\?lang=en#[\w.-]+">/);
    expect(mail.textBody).not.toMatch(/\/api\/v1\/[^\s]*\?[^\s]*token/i);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        new RegExp(
          `^<https?://[^>]+/api/v1/subscriptions/one-click/${unsubscribeToken.replace('.', '\\.')}>$`,
        ),
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Only hashes are stored: the token's verifier is nowhere in the table.
    const stored = await ctx.database.db
      .select({ selector: subscriptionTokens.selector, hash: subscriptionTokens.verifierHash })
      .from(subscriptionTokens);
    expect(stored.map((row) => row.selector)).toContain(unsubscribeToken.split('.')[0]);
    expect(JSON.stringify(stored)).not.toContain(unsubscribeToken.split('.')[1]);

    // The headers reach the receiving mail server.
    const sender = createSmtpSender(smtp.url, 'Caravan <no-reply@caravan.example>');
    await deliverDueMail(ctx.database.db, { channel: 'email', send: sender });
    sender.close();
    const received = await smtp.waitFor(email);
    const lines = received.parsed.headerLines.map((header) => header.line.replace(/\r?\n\s+/g, ' '));
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines.find((line) => line.startsWith('List-Unsubscribe:'))).toMatch(
      new RegExp(`/api/v1/subscriptions/one-click/\\s*${unsubscribeToken.replace('.', '\\.')}>$`),
    );
  });

  it('issues and mails the welcome coupon once, however often and however simultaneously the link is followed', async () => {
    const { email, ip } = fresh('confirm');
    expect((await subscribe(email, ip, 'fr')).statusCode).toBe(201);
    const token = linkToken((await latestMail(email, 'subscriptionConfirm')).textBody, 'confirm');
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => json<{ result: string }>(a).result).sort()).toEqual([
      'alreadyConfirmed',
      'alreadyConfirmed',
      'confirmed',
    ]);
    expect(json<{ result: string }>(await confirm(token)).result).toBe('alreadyConfirmed');
    expect(await subscriptionOf(email)).toMatchObject({ status: 'active' });
    expect(await couponsOf(email)).toHaveLength(1);
    const welcome = (await outboxOf(email)).filter((m) => m.template === 'welcomeCoupon');
    expect(welcome).toHaveLength(1);
    // In the language of the subscription, with its own unsubscribe link and headers.
    expect(welcome[0]!.subject).toMatch(/^Bienvenue sur Caravan/);
    const welcomeUnsubscribe = linkToken(welcome[0]!.textBody, 'unsubscribe');
    expect(welcome[0]!.headers?.['List-Unsubscribe']).toContain(`/one-click/${welcomeUnsubscribe}>`);
    expect(welcome[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // An active address is refused as before.
    const again = await subscribe(email, fresh('x').ip);
    expect(again.statusCode).toBe(409);
    expect(json<TError>(again).error.code).toBe('EMAIL_ALREADY_SUBSCRIBED');
  });

  it('answers a wrong, malformed or expired link with a localized 4xx and confirms nothing', async () => {
    const { email, ip } = fresh('expired');
    expect((await subscribe(email, ip)).statusCode).toBe(201);
    const token = linkToken((await latestMail(email, 'subscriptionConfirm')).textBody, 'confirm');
    const [selector, verifier] = token.split('.');
    const wrongVerifier = `${selector}.${verifier!.slice(0, -1)}${verifier!.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrongVerifier, 'not-a-token', `${'A'.repeat(16)}.${verifier}`]) {
      const res = await confirm(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(json<TError>(res).error).toEqual({
        code: 'SUBSCRIPTION_LINK_INVALID',
        message: 'This subscription link is not valid. Copy the whole link from the mail, or subscribe again',
      });
    }
    // An unsubscribe token does not confirm, nor a confirmation token unsubscribe.
    const unsubscribeToken = linkToken(
      (await latestMail(email, 'subscriptionConfirm')).textBody,
      'unsubscribe',
    );
    expect((await confirm(unsubscribeToken)).statusCode).toBe(404);
    expect((await unsubscribeByPage(token)).statusCode).toBe(404);

    await ctx.database.db
      .update(subscriptionTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptionTokens.selector, selector!));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(410);
    expect(json<TError>(expired).error).toEqual({
      code: 'SUBSCRIPTION_LINK_EXPIRED',
      message: 'This confirmation link has expired. Subscribe again to receive a new one',
    });
    expect(await subscriptionOf(email)).toMatchObject({ status: 'pending' });
    expect(await couponsOf(email)).toHaveLength(0);
    // Bad bodies are refused as such, never a 500.
    const nul = await confirm('a\u0000b');
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    const long = await confirm('x'.repeat(5000));
    expect(long.statusCode).toBe(400);
  });

  it('re-sends the confirmation of a pending address only after the cooldown, replacing the old link', async () => {
    const { email, ip } = fresh('resend');
    expect((await subscribe(email, ip)).statusCode).toBe(201);
    const first = linkToken((await latestMail(email, 'subscriptionConfirm')).textBody, 'confirm');
    const tooSoon = await subscribe(email.toUpperCase(), fresh('y').ip);
    expect(tooSoon.statusCode).toBe(429);
    expect(json<TError>(tooSoon).error.code).toBe('SUBSCRIPTION_CONFIRM_RECENTLY_SENT');
    expect(await outboxOf(email)).toHaveLength(1);

    await ctx.database.db
      .update(subscriptions)
      .set({ confirmSentAt: new Date(Date.now() - 4 * 60_000) })
      .where(eq(subscriptions.email, email));
    expect((await subscribe(email, ip)).statusCode).toBe(201);
    expect(await outboxOf(email)).toHaveLength(2);
    const second = linkToken((await latestMail(email, 'subscriptionConfirm')).textBody, 'confirm');
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(404);
    expect(json<{ result: string }>(await confirm(second)).result).toBe('confirmed');
    expect(await couponsOf(email)).toHaveLength(1);
  });
});

describe('unconfirmed subscriptions', () => {
  it('are forgotten after the 7 days of their link; a returning subscriber keeps the record of the coupon', async () => {
    const stale = fresh('stale');
    const recent = fresh('recent');
    const returning = fresh('returning');
    for (const { email, ip } of [stale, recent, returning]) {
      expect((await subscribe(email, ip)).statusCode).toBe(201);
    }
    const token = linkToken((await latestMail(returning.email, 'subscriptionConfirm')).textBody, 'confirm');
    expect((await confirm(token)).statusCode).toBe(200);
    await unsubscribeByPage(
      linkToken((await latestMail(returning.email, 'subscriptionConfirm')).textBody, 'unsubscribe'),
    );
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    await ctx.database.db
      .update(subscriptions)
      .set({ confirmSentAt: eightDaysAgo })
      .where(eq(subscriptions.email, returning.email));
    expect((await subscribe(returning.email, returning.ip)).statusCode).toBe(201);
    for (const email of [stale.email, returning.email]) {
      await ctx.database.db
        .update(subscriptions)
        .set({ confirmSentAt: eightDaysAgo })
        .where(eq(subscriptions.email, email));
    }

    expect(await pruneUnconfirmedSubscriptions(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await subscriptionOf(stale.email)).toBeUndefined();
    expect(await subscriptionOf(recent.email)).toMatchObject({ status: 'pending' });
    const kept = await subscriptionOf(returning.email);
    expect(kept).toMatchObject({ status: 'unsubscribed' });
    expect(kept?.welcomedAt).toBeInstanceOf(Date);
  });
});

describe('unsubscribing', () => {
  it('stops marketing mail by the token in the body; a later subscription brings no second coupon', async () => {
    const { email, ip } = fresh('unsub');
    expect((await subscribe(email, ip)).statusCode).toBe(201);
    const confirmMail = await latestMail(email, 'subscriptionConfirm');
    const confirmToken = linkToken(confirmMail.textBody, 'confirm');
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    const welcome = await latestMail(email, 'welcomeCoupon');
    expect(welcome.status).toBe('pending');

    // The confirmation mail's link still works after the welcome mail brought another one.
    const res = await unsubscribeByPage(linkToken(confirmMail.textBody, 'unsubscribe'));
    expect(res.statusCode).toBe(200);
    expect(await subscriptionOf(email)).toMatchObject({ status: 'unsubscribed' });
    // The queued welcome mail still goes: it answers the confirmation and is the only carrier of the coupon already
    // issued (QA newfeat finding 10); only mails without an issued coupon are cancelled.
    expect((await latestMail(email, 'welcomeCoupon')).status).toBe('pending');
    expect(await couponsOf(email)).toHaveLength(1);
    expect((await unsubscribeByPage(linkToken(welcome.textBody, 'unsubscribe'))).statusCode).toBe(200);
    // An old confirmation link does not bring the subscription back.
    expect((await confirm(confirmToken)).statusCode).toBe(404);
    expect(await subscriptionOf(email)).toMatchObject({ status: 'unsubscribed' });

    // Subscribing again is allowed (after the cooldown) and confirmed, but the mailbox had its coupon.
    await ctx.database.db
      .update(subscriptions)
      .set({ confirmSentAt: new Date(Date.now() - 4 * 60_000) })
      .where(eq(subscriptions.email, email));
    expect((await subscribe(email, ip)).statusCode).toBe(201);
    const again = linkToken((await latestMail(email, 'subscriptionConfirm')).textBody, 'confirm');
    expect(json<{ result: string }>(await confirm(again)).result).toBe('confirmed');
    expect(await subscriptionOf(email)).toMatchObject({ status: 'active' });
    expect(await couponsOf(email)).toHaveLength(1);
    expect((await outboxOf(email)).filter((m) => m.template === 'welcomeCoupon')).toHaveLength(1);
  });

  it('takes the RFC 8058 one-click POST, token in the URI, from a foreign origin with cookies', async () => {
    const { email, ip } = fresh('oneclick');
    expect((await subscribe(email, ip)).statusCode).toBe(201);
    const mail = await latestMail(email, 'subscriptionConfirm');
    const target = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(target).toBeDefined();
    const { pathname } = new URL(target!);
    const buyer = await createTestUser(ctx.database.db);

    // A GET (an older mail program, a link scanner) changes nothing: it lands on the page that asks.
    const opened = await ctx.app.inject({ method: 'GET', url: pathname });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/\/subscription\/unsubscribe\?lang=en#[\w-]+\.[\w-]+$/);
    expect(await subscriptionOf(email)).toMatchObject({ status: 'pending' });

    const res = await ctx.app.inject({
      method: 'POST',
      url: pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        cookie: `caravan_session=${buyer.token}`,
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await subscriptionOf(email)).toMatchObject({ status: 'unsubscribed' });
    // The pending confirmation is not sent any more, and cannot be used.
    expect((await latestMail(email, 'subscriptionConfirm')).status).toBe('expired');
    expect((await confirm(linkToken(mail.textBody, 'confirm'))).statusCode).toBe(404);

    // RFC 8058's own example posts multipart/form-data; answered the same (the subscription is already off).
    const boundary = 'rfc8058boundary';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: pathname,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/one-click/nothing?lang=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(wrong.statusCode).toBe(404);
    expect(json<TError>(wrong).error.code).toBe('SUBSCRIPTION_LINK_INVALID');
    // The page's own call stays under the Origin check: a foreign page with the visitor's cookie is refused.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/unsubscribe',
      headers: { origin: 'https://evil.example', cookie: `caravan_session=${buyer.token}` },
      payload: { token: linkToken(mail.textBody, 'unsubscribe') },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('the confirmation link on the test clock', () => {
  it('expires when the test clock passes its 7 days (a QA server can try it without waiting)', async () => {
    const own = await createTestApp();
    try {
      const email = `clock${Date.now().toString(36)}@caravan.example`;
      const subscribed = await own.app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions?lang=en',
        remoteAddress: '198.51.100.7',
        payload: { email },
      });
      expect(subscribed.statusCode).toBe(201);
      const [mail] = await own.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'subscriptionConfirm')));
      const token = linkToken(mail!.textBody, 'confirm');
      const clock = testClockOf(own.database.db);
      clock.enableMoving();
      clock.advance(8);
      const late = await own.app.inject({
        method: 'POST',
        url: '/api/v1/subscriptions/confirm?lang=en',
        payload: { token },
      });
      expect(late.statusCode).toBe(410);
      expect(json<TError>(late).error.code).toBe('SUBSCRIPTION_LINK_EXPIRED');
    } finally {
      await own.close();
    }
  });
});

describe('the one-click token in the request log', () => {
  let app: FastifyInstance;
  let context: TTestContext;
  let database: DatabaseHandle;
  const lines: string[] = [];

  beforeAll(async () => {
    context = await createTestApp({}, { logLines: lines });
    app = context.app;
    database = context.database;
  });
  afterAll(async () => {
    await context.close();
  });

  it('is redacted from the logged URL, whatever the spelling', async () => {
    const secret = `${'S'.repeat(16)}.${'v'.repeat(43)}`;
    for (const url of [
      `/api/v1/subscriptions/one-click/${secret}`,
      `/API/v1//subscriptions/one-click/${secret}?lang=en`,
    ]) {
      await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    }
    const logged = lines.join('');
    expect(logged).toContain('/api/v1/subscriptions/one-click/[REDACTED]');
    expect(logged).toContain('/API/v1//subscriptions/one-click/[REDACTED]?lang=en');
    expect(logged).not.toContain('v'.repeat(43));
  });

  it('is redacted when the path is percent-encoded, which the router still matches (QA newfeat finding 1)', async () => {
    const email = `encoded${Date.now().toString(36)}@caravan.example`;
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions?lang=en',
      payload: { email },
    });
    expect(subscribed.statusCode).toBe(201);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const token = /\/one-click\/([^>]+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(token).toMatch(/^[\w-]{16}\.[\w-]{43}$/);
    const verifier = token!.split('.')[1]!;
    const opened = await app.inject({ method: 'GET', url: `/api/v1/subscription%73/one-click/${token}` });
    expect(opened.statusCode).toBe(303);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/one%2Dclick/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(row?.status).toBe('unsubscribed');
    const logged = lines.join('');
    expect(logged).toContain('/api/v1/subscriptions/one%2Dclick/[REDACTED]');
    expect(logged).toContain('/api/v1/subscription%73/one-click/[REDACTED]');
    expect(logged).not.toContain(verifier);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailAttempts, mailOutbox } from '../../db/schema';
import { createTestStaff } from '../../testing/fixtures';
import { startTestSmtpServer } from '../../testing/smtp';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createSmtpSender, deliverDueMail, enqueueMail, MAIL_TEMPLATES, renderMail } from './index';

let ctx: TTestContext;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let sender: ReturnType<typeof createSmtpSender>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp();
  sender = createSmtpSender(smtp.url, 'Caravan <no-reply@caravan.example>');
});

afterAll(async () => {
  sender.close();
  await ctx.close();
  await smtp.close();
});

beforeEach(async () => {
  // Each test starts with an empty outbox so one test's leftovers are not sent by another.
  await ctx.database.db.delete(mailOutbox);
  smtp.received.length = 0;
  smtp.rejectNext(0);
});

const deliver = () => deliverDueMail(ctx.database.db, { channel: 'email', send: sender });

async function row(id: bigint) {
  const [found] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return found!;
}

describe('mail outbox', () => {
  it('exists only when the transaction that wrote it commits', async () => {
    const db = ctx.database.db;
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: 'rolled@back.example',
          template: 'codeBindEmail',
          lang: 'en',
          params: { code: '111111', minutes: 10 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('sends through SMTP in the recipient language, text and escaped HTML, and records the attempt', async () => {
    const db = ctx.database.db;
    const id = await db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'buyer@caravan.example',
        template: 'welcomeCoupon',
        lang: 'de',
        params: { code: '<b>WELCOME</b>', value: '5 USDT', minSpend: '50', validUntil: '2027-01-01' },
      }),
    );
    expect((await row(id)).status).toBe('pending');
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor('buyer@caravan.example');
    expect(mail.subject).toBe('Willkommen bei Caravan: Ihr Gutschein <b>WELCOME</b>');
    expect(mail.text).toContain('Ihr Willkommensgutschein-Code lautet: <b>WELCOME</b>');
    expect(mail.html).toContain('&lt;b&gt;WELCOME&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>WELCOME</b>');
    const sent = await row(id);
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).not.toBeNull();
    const attempts = await db.select().from(mailAttempts).where(eq(mailAttempts.mailId, id));
    expect(attempts.map((a) => [a.attemptNo, a.isOk])).toEqual([[1, true]]);
    // Sent once: a second run finds nothing due.
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a temporary failure later, with each attempt recorded', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, {
      to: 'busy@caravan.example',
      template: 'codeResetPassword',
      lang: 'en',
      params: { code: '424242', minutes: 10 },
    });
    smtp.rejectNext(1);
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    const afterFailure = await row(id);
    expect(afterFailure.status).toBe('pending');
    expect(afterFailure.lastError).toContain('450');
    // Backed off: not due yet.
    expect(afterFailure.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor('busy@caravan.example');
    expect(mail.text).toContain('424242');
    const attempts = await db.select().from(mailAttempts).where(eq(mailAttempts.mailId, id));
    expect(attempts.map((a) => [a.attemptNo, a.isOk]).sort()).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await row(id)).status).toBe('sent');
  });

  it('gives up after the last attempt and leaves the mail readable as failed', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, {
      to: 'never@caravan.example',
      template: 'codeRegister',
      lang: 'en',
      params: { code: '1', minutes: 10 },
    });
    smtp.rejectNext(10);
    await deliverDueMail(db, { channel: 'email', send: sender, maxAttempts: 2 });
    await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
    await deliverDueMail(db, { channel: 'email', send: sender, maxAttempts: 2 });
    const failed = await row(id);
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(2);
    expect(await deliverDueMail(db, { channel: 'email', send: sender, maxAttempts: 2 })).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  it('does not send a code after it has run out', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, {
      to: 'late@caravan.example',
      template: 'codeResetPassword',
      lang: 'en',
      params: { code: '000000', minutes: 10 },
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect((await row(id)).status).toBe('expired');
    expect(smtp.received).toHaveLength(0);
  });

  it('leaves a row claimed by another sender alone, and takes it over when that claim runs out', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, {
      to: 'crash@caravan.example',
      template: 'codeBindEmail',
      lang: 'en',
      params: { code: '9', minutes: 10 },
    });
    // Another process claimed it and died while sending.
    await db
      .update(mailOutbox)
      .set({ claimToken: 'other', claimedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(mailOutbox.id, id));
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    await db
      .update(mailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect((await row(id)).attempts).toBe(2);
    await smtp.waitFor('crash@caravan.example');
  });

  it('sends each mail once when several senders run at the same time', async () => {
    const db = ctx.database.db;
    for (let i = 0; i < 12; i++) {
      await enqueueMail(db, {
        to: `many${i}@caravan.example`,
        template: 'codeBindEmail',
        lang: 'en',
        params: { code: String(i), minutes: 10 },
      });
    }
    const senders = [1, 2, 3].map(() => createSmtpSender(smtp.url, 'Caravan <no-reply@caravan.example>'));
    const results = await Promise.all(
      senders.map((send) => deliverDueMail(db, { channel: 'email', send, batchSize: 5 })),
    );
    // Whatever one run did not claim, a later run sends.
    await deliver();
    await deliver();
    for (const send of senders) {
      send.close();
    }
    expect(results.reduce((n, r) => n + r.sent, 0)).toBeGreaterThan(0);
    const addresses = smtp.received.flatMap((m) => m.to).sort();
    expect(addresses).toHaveLength(12);
    expect(new Set(addresses).size).toBe(12);
    const statuses = await db
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox);
    expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
  });

  it('is readable in /admin by staff allowed to read mail, and by nobody else', async () => {
    const db = ctx.database.db;
    await enqueueMail(db, {
      to: 'outbox@caravan.example',
      template: 'codeResetPassword',
      lang: 'fr',
      params: { code: '654321', minutes: 10 },
    });
    const reader = await createTestStaff(db, ['mail.read']);
    const other = await createTestStaff(db, ['users.read']);
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/mail-outbox?to=outbox@caravan.example',
      headers: bearer(reader.token),
    });
    expect(answer.statusCode).toBe(200);
    const body = json<{
      pageList: { text: string; status: string; subject: string; headers: Record<string, string> }[];
      total: number;
      isSmtpConfigured: boolean;
    }>(answer);
    expect(body.total).toBe(1);
    expect(body.isSmtpConfigured).toBe(false);
    expect(body.pageList[0]!.status).toBe('pending');
    expect(body.pageList[0]!.subject).toBe('Votre code de vérification Caravan : 654321');
    expect(body.pageList[0]!.text).toContain('654321');
    expect(body.pageList[0]!.headers).toEqual({});
    // A marketing mail's List-Unsubscribe headers are shown to staff (QA newfeat finding 6).
    const oneClick = '<https://shop.example/api/v1/subscriptions/one-click/abc.def>';
    await enqueueMail(db, {
      to: 'outbox-headers@caravan.example',
      template: 'welcomeCouponInAccount',
      lang: 'en',
      params: { unsubscribeUrl: 'https://shop.example/subscription/unsubscribe#abc.def' },
      headers: { 'List-Unsubscribe': oneClick, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const withHeaders = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/mail-outbox?to=outbox-headers@caravan.example',
      headers: bearer(reader.token),
    });
    expect(
      json<{ pageList: { headers: Record<string, string> }[] }>(withHeaders).pageList[0]!.headers,
    ).toEqual({
      'List-Unsubscribe': oneClick,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/mail-outbox',
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/mail-outbox?status=lost',
      headers: bearer(reader.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('finds mail by part of the address in any case, the wildcards of LIKE taken as written', async () => {
    const db = ctx.database.db;
    for (const to of ['qa.sub1@example.com', 'qa_sub1x@example.com']) {
      await enqueueMail(db, {
        to,
        template: 'codeResetPassword',
        lang: 'en',
        params: { code: '111111', minutes: 10 },
      });
    }
    const reader = await createTestStaff(db, ['mail.read']);
    const found = async (to: string) =>
      json<{ pageList: { to: string }[] }>(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/admin/mail-outbox?to=${encodeURIComponent(to)}`,
          headers: bearer(reader.token),
        }),
      ).pageList.map((mail) => mail.to);
    expect(await found('qa.sub1@example.com')).toEqual(['qa.sub1@example.com']);
    expect(await found('QA.SUB1@example.com')).toEqual(['qa.sub1@example.com']);
    expect(await found('qa.sub1')).toEqual(['qa.sub1@example.com']);
    expect(await found('SUB1')).toEqual(['qa_sub1x@example.com', 'qa.sub1@example.com']);
    expect(await found('qa_sub')).toEqual(['qa_sub1x@example.com']);
    expect(await found('qa%sub')).toEqual([]);
  });
});

/** A language's mail texts as written in its own file. */
function ownMailTexts(lang: string): Record<string, { subject?: string; body?: string } | undefined> {
  return JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../../../../packages/contracts/locales/${lang}/mail.json`),
      'utf8',
    ),
  ) as Record<string, { subject?: string; body?: string } | undefined>;
}

describe('mail templates', () => {
  it('exist in all 21 languages with every placeholder filled', () => {
    const params = {
      code: '123456',
      minutes: 10,
      value: '5 USDT',
      minSpend: '50',
      validUntil: '2027-01-01',
      loanId: '7',
      dueDate: '2027-01-31',
      amount: '101500.00',
      newAddress: 'ne***@example.com',
      time: '2027-01-02 03:04',
      days: 7,
      confirmUrl: 'https://caravan.example/subscription/confirm?lang=en#abc',
    };
    for (const lang of LANGUAGES) {
      for (const template of MAIL_TEMPLATES) {
        const mail = renderMail(template, lang, params);
        expect(mail.subject, `${lang} ${template}`).not.toMatch(/\{\{|mail text|^\s*$/);
        expect(mail.text, `${lang} ${template}`).not.toContain('{{');
        if (template === 'loanDueSoon') {
          expect(mail.text).toContain('2027-01-31');
        } else if (template === 'welcomeCouponInAccount') {
          expect(mail.text).toContain('2027-01-01');
        } else if (template === 'emailChanged' || template === 'mobileChanged') {
          expect(mail.text).toContain('ne***@example.com');
        } else if (template === 'subscriptionConfirm') {
          expect(mail.text).toContain('https://caravan.example/subscription/confirm?lang=en#abc');
        } else if (template !== 'welcomeCoupon' && template !== 'smsCode') {
          expect(mail.text).toContain('123456');
        }
        if (lang !== 'en') {
          // The language's own texts, not English ones reached by falling back (the footer alone differed).
          const own = ownMailTexts(lang)[template];
          const english = ownMailTexts('en')[template];
          expect(own?.body, `${lang} ${template} body`).toBeTypeOf('string');
          expect(own?.body, `${lang} ${template} is English`).not.toBe(english?.body);
          expect(own?.subject, `${lang} ${template} subject`).toBeTypeOf('string');
        }
      }
    }
    expect(renderMail('codeResetPassword', 'ar', params).html).toContain('dir="rtl"');
  });

  it('word the confirmation for a pending address, hedge the coupon and name the page button (QA newfeat 9)', () => {
    const unsubscribeUrl = 'https://caravan.example/subscription/unsubscribe?lang=en#abc';
    const params = {
      days: 7,
      confirmUrl: 'https://caravan.example/subscription/confirm?lang=en#abc',
      unsubscribeUrl,
    };
    for (const lang of LANGUAGES) {
      const texts = ownMailTexts(lang) as Record<string, unknown>;
      const confirmTexts = texts.subscriptionConfirm as { unsubscribeLine?: string };
      const general = (texts.unsubscribeLine as string).replace('{{unsubscribeUrl}}', unsubscribeUrl);
      const pending = confirmTexts.unsubscribeLine?.replace('{{unsubscribeUrl}}', unsubscribeUrl);
      const confirmMail = renderMail('subscriptionConfirm', lang, params).text;
      expect(pending, lang).toBeTypeOf('string');
      expect(confirmMail, lang).toContain(pending);
      expect(confirmMail, lang).not.toContain(general);
      // Other marketing mail keeps the general line.
      expect(renderMail('welcomeCouponInAccount', lang, { ...params, code: 'X' }).text, lang).toContain(
        general,
      );
      const webCommon = JSON.parse(
        readFileSync(
          path.resolve(import.meta.dirname, `../../../../web/src/locales/${lang}/common.json`),
          'utf8',
        ),
      ) as { subscriptionPage: { confirmAction: string } };
      expect(confirmMail, `${lang} button`).toContain(webCommon.subscriptionPage.confirmAction);
    }
    const english = renderMail('subscriptionConfirm', 'en', params).text;
    expect(english).toContain('if one is on offer and the address has not had one');
    expect(english).not.toContain('was subscribed');
    const arabic = renderMail('subscriptionConfirm', 'ar', params).text;
    expect(arabic).not.toContain('يومًا');
    expect(arabic).toContain('«تأكيد الاشتراك»');
  });
});

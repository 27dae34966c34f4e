import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, sessions, systemParams, users, verificationCodes } from '../../db/schema';
import { startTestSmtpServer } from '../../testing/smtp';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createSmtpSender, deliverDueMail } from '../mail';

let ctx: TTestContext;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let sender: ReturnType<typeof createSmtpSender>;
let seq = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  sender = createSmtpSender(smtp.url, 'Caravan <no-reply@caravan.example>');
  ctx = await createTestApp();
  // Every request of this file comes from one address: the per-IP cap has its own test below.
  await setSetting('verify_code_ip_hourly_limit', '10000');
});

afterAll(async () => {
  sender.close();
  await ctx.close();
  await smtp.close();
});

async function setSetting(code: string, value: string) {
  await ctx.database.db.update(systemParams).set({ value }).where(eq(systemParams.code, code));
}

type TError = { error: { code: string; message: string; details?: Record<string, unknown> } };

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** A buyer registered by username who then has `email` bound, logged in on two devices. */
async function buyerWithEmail(password = 'oldpass1') {
  seq += 1;
  const username = `resetuser${Date.now().toString(36)}${seq}`;
  const email = `${username}@caravan.example`;
  const reg = await post('/api/v1/auth/register', {
    accountType: 'username',
    account: username,
    password,
    confirmPassword: password,
  });
  expect(reg.statusCode).toBe(201);
  const { token, user } = json<{ token: string; user: { id: string } }>(reg);
  await ctx.database.db
    .update(users)
    .set({ email, lang: 'de' })
    .where(eq(users.id, BigInt(user.id)));
  const second = await post('/api/v1/auth/login', { accountType: 'username', account: username, password });
  expect(second.statusCode).toBe(200);
  return { username, email, token, userId: BigInt(user.id) };
}

/** Asks for a code for `buyer`'s e-mail address, checks where it says it went, and delivers the mail. */
async function mailedCode(
  buyer: { email: string },
  request: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const sent = await post('/api/v1/verification/codes', request, headers);
  expect(sent.statusCode).toBe(201);
  expect(json(sent)).toMatchObject({
    channel: 'email',
    sentTo: `${buyer.email.slice(0, 2)}***@caravan.example`,
  });
  await deliverDueMail(ctx.database.db, { channel: 'email', send: sender });
  return smtp.waitFor(buyer.email);
}

async function latestCodeFromOutbox(to: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row?.text ?? '')?.[1];
  expect(code).toBeDefined();
  return code!;
}

/** Lets the cooldown pass without waiting 3 minutes. */
/**
 * Lifts the resend wait of the address's codes without taking them out of today: the wait looks at codes of
 * the same purpose, the daily number counts every purpose. Ageing the codes instead moved them into
 * yesterday just after midnight UTC, and the daily number was then never reached.
 */
async function moveCodesToAnotherPurpose(target: string) {
  await ctx.database.db
    .update(verificationCodes)
    .set({ purpose: 'bindEmail' })
    .where(eq(verificationCodes.target, target));
}

async function ageCodes(target: string, seconds: number) {
  await ctx.database.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(verificationCodes.target, target));
}

describe('forgot password', () => {
  it('mails a code in the account language, sets the new password and ends every session', async () => {
    const buyer = await buyerWithEmail();
    const mail = await mailedCode(buyer, { purpose: 'resetPassword', account: buyer.username });
    expect(mail.subject).toMatch(/^Ihr Caravan-Bestätigungscode: \d{6}$/);
    const code = /Ihr Bestätigungscode lautet: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const reset = { account: buyer.email, password: 'Newpass-82', confirmPassword: 'Newpass-82' };
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('/api/v1/auth/password-reset', { ...reset, code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(json<TError>(wrong).error).toMatchObject({
      code: 'VERIFY_CODE_WRONG',
      message: 'Wrong verification code: 4 attempts left',
      details: { remainingAttempts: 4 },
    });
    const differ = await post('/api/v1/auth/password-reset', { ...reset, code, confirmPassword: 'other123' });
    expect(differ.statusCode).toBe(400);

    const done = await post('/api/v1/auth/password-reset', { ...reset, code });
    expect(done.statusCode).toBe(200);
    const left = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, buyer.userId));
    expect(left).toHaveLength(0);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(buyer.token) });
    expect(me.statusCode).toBe(401);
    const oldLogin = await post('/api/v1/auth/login', {
      accountType: 'username',
      account: buyer.username,
      password: 'oldpass1',
    });
    expect(oldLogin.statusCode).toBe(400);
    const newLogin = await post('/api/v1/auth/login', {
      accountType: 'username',
      account: buyer.username,
      password: 'Newpass-82',
    });
    expect(newLogin.statusCode).toBe(200);

    // One use: the same code again changes nothing.
    const again = await post('/api/v1/auth/password-reset', {
      ...reset,
      password: 'third333',
      confirmPassword: 'third333',
      code,
    });
    expect(again.statusCode).toBe(400);
    expect(json<TError>(again).error.code).toBe('VERIFY_CODE_WRONG');
  });

  it('refuses a new code within 3 minutes, then allows it', async () => {
    const buyer = await buyerWithEmail();
    expect(
      (await post('/api/v1/verification/codes', { purpose: 'resetPassword', account: buyer.username }))
        .statusCode,
    ).toBe(201);
    const soon = await post('/api/v1/verification/codes?lang=en', {
      purpose: 'resetPassword',
      account: buyer.username,
    });
    expect(soon.statusCode).toBe(429);
    const error = json<TError>(soon).error;
    expect(error.code).toBe('VERIFY_CODE_COOLDOWN');
    expect(error.message).toMatch(/in (17\d|180) seconds/);
    const count = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, buyer.email));
    expect(count).toHaveLength(1);
    await ageCodes(buyer.email, 181);
    expect(
      (await post('/api/v1/verification/codes', { purpose: 'resetPassword', account: buyer.username }))
        .statusCode,
    ).toBe(201);
  });

  it('stops at the daily number of codes for one address', async () => {
    const buyer = await buyerWithEmail();
    await ctx.database.db
      .update(systemParams)
      .set({ value: '2' })
      .where(eq(systemParams.code, 'verify_code_daily_limit'));
    try {
      for (let i = 0; i < 2; i++) {
        expect(
          (await post('/api/v1/verification/codes', { purpose: 'resetPassword', account: buyer.username }))
            .statusCode,
        ).toBe(201);
        await moveCodesToAnotherPurpose(buyer.email);
      }
      const third = await post('/api/v1/verification/codes', {
        purpose: 'resetPassword',
        account: buyer.username,
      });
      expect(third.statusCode).toBe(429);
      expect(json<TError>(third).error.code).toBe('EMAIL_CODES_TODAY_EXCEEDED');
    } finally {
      await ctx.database.db
        .update(systemParams)
        .set({ value: '10' })
        .where(eq(systemParams.code, 'verify_code_daily_limit'));
    }
  });

  it('locks a code after 5 wrong tries, even for the right code afterwards', async () => {
    const buyer = await buyerWithEmail();
    await post('/api/v1/verification/codes', { purpose: 'resetPassword', account: buyer.username });
    const code = await latestCodeFromOutbox(buyer.email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const body = { account: buyer.username, password: 'Newpass-82', confirmPassword: 'Newpass-82' };
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/v1/auth/password-reset', { ...body, code: wrongCode });
      expect(json<TError>(res).error).toMatchObject({
        code: 'VERIFY_CODE_WRONG',
        details: { remainingAttempts: 5 - i },
      });
    }
    const fifth = await post('/api/v1/auth/password-reset', { ...body, code: wrongCode });
    expect(fifth.statusCode).toBe(423);
    expect(json<TError>(fifth).error.code).toBe('VERIFY_CODE_LOCKED');
    const right = await post('/api/v1/auth/password-reset', { ...body, code });
    expect(right.statusCode).toBe(423);
    const login = await post('/api/v1/auth/login', {
      accountType: 'username',
      account: buyer.username,
      password: 'oldpass1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired code and an empty one, each with its message', async () => {
    const buyer = await buyerWithEmail();
    await post('/api/v1/verification/codes', { purpose: 'resetPassword', account: buyer.username });
    const code = await latestCodeFromOutbox(buyer.email);
    const body = { account: buyer.username, password: 'Newpass-82', confirmPassword: 'Newpass-82' };
    const empty = await post('/api/v1/auth/password-reset?lang=en', { ...body, code: '' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(json(empty))).toContain('Please enter the verification code');
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.target, buyer.email));
    const expired = await post('/api/v1/auth/password-reset?lang=en', { ...body, code });
    expect(expired.statusCode).toBe(400);
    expect(json<TError>(expired).error).toMatchObject({
      code: 'VERIFY_CODE_EXPIRED',
      message: 'The verification code has expired, please get a new one',
    });
  });

  it('answers an unknown account with 404 and queues nothing', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const res = await post('/api/v1/verification/codes', {
      purpose: 'resetPassword',
      account: 'nobodyhere123',
    });
    expect(res.statusCode).toBe(404);
    expect(json<TError>(res).error.code).toBe('USER_NOT_FOUND');
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses bad input with 4xx', async () => {
    for (const payload of [
      { purpose: 'resetPassword' },
      { purpose: 'other', account: 'x' },
      { purpose: 'resetPassword', account: 'a'.repeat(65) },
      { purpose: 'resetPassword', account: 'ab\u0000cd' },
      { purpose: 'bindEmail', email: ['x'] },
      [],
    ]) {
      const res = await post('/api/v1/verification/codes', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('forgot transaction password', () => {
  const txPassword = (token: string, method: 'POST' | 'PUT', payload: Record<string, string>) =>
    ctx.app.inject({ method, url: '/api/v1/account/tx-password', headers: bearer(token), payload });
  const reset = (token: string | null, payload: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/tx-password/reset',
      headers: token ? bearer(token) : {},
      payload,
    });

  it("mails a code to the account's own address and sets a new one, which ends the lock", async () => {
    const buyer = await buyerWithEmail();
    expect(
      (await txPassword(buyer.token, 'POST', { txPassword: '731904', confirmTxPassword: '731904' }))
        .statusCode,
    ).toBe(200);
    // Three wrong entries lock the transaction password for three minutes.
    for (let i = 0; i < 3; i += 1) {
      await txPassword(buyer.token, 'PUT', {
        oldTxPassword: '999999',
        txPassword: '582046',
        confirmTxPassword: '582046',
      });
    }
    const locked = await txPassword(buyer.token, 'PUT', {
      oldTxPassword: '731904',
      txPassword: '582046',
      confirmTxPassword: '582046',
    });
    expect(json<TError>(locked).error.code).toBe('TX_PASSWORD_LOCKED_MINUTES');

    const mail = await mailedCode(buyer, { purpose: 'resetTxPassword' }, bearer(buyer.token));
    // In the account's language (German), and about the transaction password, not the log-in.
    expect(mail.text).toContain('Transaktionspasswort');
    const code = /Ihr Bestätigungscode lautet: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const differ = await reset(buyer.token, {
      code: code!,
      txPassword: '246810',
      confirmTxPassword: '246811',
    });
    expect(json<TError>(differ).error.code).toBe('VALIDATION_FAILED');
    const wrongCode = await reset(buyer.token, {
      code: code === '000000' ? '111111' : '000000',
      txPassword: '246810',
      confirmTxPassword: '246810',
    });
    expect(json<TError>(wrongCode).error).toMatchObject({
      code: 'VERIFY_CODE_WRONG',
      details: { remainingAttempts: 4 },
    });
    // A trivial new one is refused by its rule, before the code is tried (no attempt counted).
    const trivial = await reset(buyer.token, {
      code: code!,
      txPassword: '147258',
      confirmTxPassword: '147258',
    });
    expect(json<TError>(trivial).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'txPassword' }] },
    });

    const done = await reset(buyer.token, { code: code!, txPassword: '246810', confirmTxPassword: '246810' });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(row).toMatchObject({ txFailStreak: 0, txFailDayCount: 0, txLockedUntil: null });
    // The new one works at once (the lock ended with the reset), the old one no more.
    expect(
      (
        await txPassword(buyer.token, 'PUT', {
          oldTxPassword: '246810',
          txPassword: '135790',
          confirmTxPassword: '135790',
        })
      ).statusCode,
    ).toBe(200);
    // The code was used once.
    const again = await reset(buyer.token, {
      code: code!,
      txPassword: '222333',
      confirmTxPassword: '222333',
    });
    expect(json<TError>(again).error.code).toBe('VERIFY_CODE_WRONG');
  });

  it('asks for a log-in, and for an address to send the code to', async () => {
    const anonymous = await post('/api/v1/verification/codes', { purpose: 'resetTxPassword' });
    expect(json<TError>(anonymous).error.code).toBe('NOT_LOGGED_IN');
    const notLoggedIn = await reset(null, {
      code: '123456',
      txPassword: '246810',
      confirmTxPassword: '246810',
    });
    expect(notLoggedIn.statusCode).toBe(401);

    const buyer = await buyerWithEmail();
    await ctx.database.db.update(users).set({ email: null }).where(eq(users.id, buyer.userId));
    const nowhere = await post(
      '/api/v1/verification/codes',
      { purpose: 'resetTxPassword' },
      bearer(buyer.token),
    );
    expect(json<TError>(nowhere).error.code).toBe('EMAIL_NOT_BOUND');
    const codes = await ctx.database.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, buyer.userId));
    expect(codes).toEqual([]);
  });
});

describe('binding an e-mail and a mobile number', () => {
  it('binds a new e-mail with the code sent to it, and refuses another account\u2019s e-mail', async () => {
    const buyer = await buyerWithEmail();
    const other = await buyerWithEmail();
    const taken = await post(
      '/api/v1/verification/codes',
      { purpose: 'bindEmail', email: other.email },
      bearer(buyer.token),
    );
    expect(taken.statusCode).toBe(409);
    expect(json<TError>(taken).error.code).toBe('EMAIL_TAKEN');
    const visitor = await post('/api/v1/verification/codes', {
      purpose: 'bindEmail',
      email: 'newaddress1@caravan.example',
    });
    expect(visitor.statusCode).toBe(401);

    const next = `changed${seq}x@caravan.example`;
    expect(
      (await post('/api/v1/verification/codes', { purpose: 'bindEmail', email: next }, bearer(buyer.token)))
        .statusCode,
    ).toBe(201);
    const code = await latestCodeFromOutbox(next);
    // A code sent to one address does not bind another.
    const elsewhere = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: bearer(buyer.token),
      payload: { email: `elsewhere${seq}@caravan.example`, code, loginPassword: 'oldpass1' },
    });
    expect(elsewhere.statusCode).toBe(400);
    const bound = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: bearer(buyer.token),
      payload: { email: next, code, loginPassword: 'oldpass1' },
    });
    expect(bound.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, buyer.userId));
    expect(row?.email).toBe(next);
  });

  it('puts mobile codes in the outbox as text messages when no provider is configured', async () => {
    const buyer = await buyerWithEmail();
    const phone = `139${String(Date.now()).slice(-8)}`;
    const sent = await post(
      '/api/v1/verification/codes',
      { purpose: 'bindMobile', areaCode: '+86', phone },
      bearer(buyer.token),
    );
    expect(sent.statusCode).toBe(201);
    expect(json(sent)).toMatchObject({ channel: 'sms', sentTo: `+*********${phone.slice(-4)}` });
    const [row] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `+86${phone}`));
    expect(row).toMatchObject({ channel: 'sms', status: 'pending' });
    const code = /(\d{6})/.exec(row!.textBody)?.[1];
    const bound = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/mobile',
      headers: bearer(buyer.token),
      payload: { areaCode: '+86', phone, code },
    });
    expect(bound.statusCode).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.userId));
    expect([user?.areaCode, user?.phone]).toEqual(['+86', phone]);
    // Enough digits for the SPEC minimum, but too many for a North American number: refused.
    const impossible = await post(
      '/api/v1/verification/codes?lang=en',
      { purpose: 'bindMobile', areaCode: '+1', phone: '1234567890123' },
      bearer(buyer.token),
    );
    expect(impossible.statusCode).toBe(400);
    expect(impossible.body).toContain('This is not a valid mobile number for the chosen area code');
  });
});

describe('registration by e-mail with a code (platform setting)', () => {
  it('needs the code sent to the address when the setting asks for it', async () => {
    await ctx.database.db
      .update(systemParams)
      .set({ value: '1' })
      .where(eq(systemParams.code, 'register_email_code_required'));
    try {
      const email = `newcomer${Date.now().toString(36)}@caravan.example`;
      const body = {
        accountType: 'email',
        account: email,
        password: 'Sekrit-12x',
        confirmPassword: 'Sekrit-12x',
      };
      const without = await post('/api/v1/auth/register', body);
      expect(without.statusCode).toBe(400);
      expect(json<TError>(without).error.code).toBe('VERIFY_CODE_EMPTY');
      expect((await post('/api/v1/verification/codes', { purpose: 'registerEmail', email })).statusCode).toBe(
        201,
      );
      const code = await latestCodeFromOutbox(email);
      const wrong = await post('/api/v1/auth/register', {
        ...body,
        emailCode: code === '999999' ? '888888' : '999999',
      });
      expect(wrong.statusCode).toBe(400);
      const created = await post('/api/v1/auth/register', { ...body, emailCode: code });
      expect(created.statusCode).toBe(201);
    } finally {
      await ctx.database.db
        .update(systemParams)
        .set({ value: '0' })
        .where(eq(systemParams.code, 'register_email_code_required'));
    }
  });
});

/** A UK mobile number no other test uses: 7 and nine more digits. */
function ukMobile(): string {
  seq += 1;
  return `7${String(100_000_000 + ((Date.now() * 7 + seq * 7919) % 800_000_000)).slice(0, 9)}`;
}

function put(url: string, token: string, payload: Record<string, string>) {
  return ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
}

async function outboxTo(to: string) {
  return ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(sql`${mailOutbox.id} desc`);
}

describe('mobile numbers in one spelling (QA accounts #3)', () => {
  it('keeps one cooldown for a number typed with and without its trunk 0, and texts the E.164 number', async () => {
    const buyer = await buyerWithEmail();
    const phone = ukMobile();
    const first = await post(
      '/api/v1/verification/codes',
      { purpose: 'bindMobile', areaCode: '+44', phone: `0${phone}` },
      bearer(buyer.token),
    );
    expect(first.statusCode).toBe(201);
    const second = await post(
      '/api/v1/verification/codes',
      { purpose: 'bindMobile', areaCode: '44', phone },
      bearer(buyer.token),
    );
    expect(second.statusCode).toBe(429);
    expect(json<TError>(second).error.code).toBe('VERIFY_CODE_COOLDOWN');
    expect(await outboxTo(`+440${phone}`)).toEqual([]);
    const [text] = await outboxTo(`+44${phone}`);
    const code = /(\d{6})/.exec(text!.textBody)?.[1];
    // Bound with the trunk 0 typed, stored without it: a registration of the same phone is then refused.
    expect(
      (await put('/api/v1/account/mobile', buyer.token, { areaCode: '+44', phone: `0${phone}`, code: code! }))
        .statusCode,
    ).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.userId));
    expect([row?.areaCode, row?.phone]).toEqual(['+44', phone]);
    const again = await post('/api/v1/auth/register', {
      accountType: 'mobile',
      areaCode: '+44',
      account: phone,
      password: 'Sekrit-12x',
      confirmPassword: 'Sekrit-12x',
    });
    expect(json<TError>(again).error.code).toBe('PHONE_TAKEN');
  });
});

describe('code mails in the account language (QA langs #2)', () => {
  it('mails a bindEmail code in the account language, not the request language', async () => {
    const buyer = await buyerWithEmail();
    const next = `langbind${seq}x@caravan.example`;
    const sent = await post(
      '/api/v1/verification/codes?lang=fr',
      { purpose: 'bindEmail', email: next },
      bearer(buyer.token),
    );
    expect(sent.statusCode).toBe(201);
    const [mail] = await outboxTo(next);
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toMatch(/^Ihr Caravan-Bestätigungscode: \d{6}$/);
  });
});

describe('replacing a bound e-mail or mobile (QA accounts #4)', () => {
  it('asks for the log-in password and tells the old address, in the account language', async () => {
    const buyer = await buyerWithEmail();
    const next = `moved${seq}x@caravan.example`;
    await post('/api/v1/verification/codes', { purpose: 'bindEmail', email: next }, bearer(buyer.token));
    const code = await latestCodeFromOutbox(next);
    const noPassword = await put('/api/v1/account/email?lang=en', buyer.token, { email: next, code });
    expect(noPassword.statusCode).toBe(400);
    expect(json<TError>(noPassword).error.details).toEqual({
      fields: [{ field: 'loginPassword', message: 'This field is required' }],
    });
    const wrong = await put('/api/v1/account/email', buyer.token, {
      email: next,
      code,
      loginPassword: 'wrongpass9',
    });
    expect(json<TError>(wrong).error).toMatchObject({
      code: 'WRONG_PASSWORD',
      details: { remainingAttempts: 2 },
    });
    const [unchanged] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(unchanged?.email).toBe(buyer.email);
    expect(await outboxTo(buyer.email)).toEqual([]);

    const done = await put('/api/v1/account/email', buyer.token, {
      email: next,
      code,
      loginPassword: 'oldpass1',
    });
    expect(done.statusCode, done.body).toBe(200);
    const [notice] = await outboxTo(buyer.email);
    expect(notice).toMatchObject({ template: 'emailChanged', lang: 'de', channel: 'email' });
    expect(notice?.textBody).toContain(`${next.slice(0, 2)}***@caravan.example`);
  });

  it('binds a first e-mail or mobile with the code alone, and texts the old number when it changes', async () => {
    const buyer = await buyerWithEmail();
    await ctx.database.db.update(users).set({ email: null }).where(eq(users.id, buyer.userId));
    const first = `first${seq}x@caravan.example`;
    await post('/api/v1/verification/codes', { purpose: 'bindEmail', email: first }, bearer(buyer.token));
    const emailCode = await latestCodeFromOutbox(first);
    expect(
      (await put('/api/v1/account/email', buyer.token, { email: first, code: emailCode })).statusCode,
    ).toBe(200);

    const bindPhone = async (phone: string, loginPassword?: string) => {
      await post(
        '/api/v1/verification/codes',
        { purpose: 'bindMobile', areaCode: '+44', phone },
        bearer(buyer.token),
      );
      const [text] = await outboxTo(`+44${phone}`);
      const code = /(\d{6})/.exec(text!.textBody)![1]!;
      return put('/api/v1/account/mobile', buyer.token, {
        areaCode: '+44',
        phone,
        code,
        ...(loginPassword ? { loginPassword } : {}),
      });
    };
    const oldPhone = ukMobile();
    expect((await bindPhone(oldPhone)).statusCode).toBe(200);
    const newPhone = ukMobile();
    const refused = await bindPhone(newPhone);
    expect(json<TError>(refused).error.details).toMatchObject({ fields: [{ field: 'loginPassword' }] });
    await ageCodes(`+44${newPhone}`, 181);
    expect((await bindPhone(newPhone, 'oldpass1')).statusCode).toBe(200);
    const [notice] = await outboxTo(`+44${oldPhone}`);
    expect(notice).toMatchObject({ template: 'mobileChanged', channel: 'sms', lang: 'de' });
    expect(notice?.textBody).toContain(newPhone.slice(-4));
  });
});

describe('forgot password for a mobile account (QA accounts #6)', () => {
  it('finds the phone owner by area code, even when a username has the same digits', async () => {
    const phone = ukMobile();
    const owner = await post('/api/v1/auth/register', {
      accountType: 'mobile',
      areaCode: '+44',
      account: phone,
      password: 'Sekrit-12x',
      confirmPassword: 'Sekrit-12x',
    });
    expect(owner.statusCode).toBe(201);
    const ownerId = json<{ user: { id: string } }>(owner).user.id;
    const namesake = await post('/api/v1/auth/register', {
      accountType: 'username',
      account: phone,
      password: 'Sekrit-12x',
      confirmPassword: 'Sekrit-12x',
    });
    expect(namesake.statusCode).toBe(201);
    await ctx.database.db
      .update(users)
      .set({ email: `namesake${phone}@caravan.example` })
      .where(eq(users.id, BigInt(json<{ user: { id: string } }>(namesake).user.id)));

    const byPhone = await post('/api/v1/verification/codes', {
      purpose: 'resetPassword',
      account: `0${phone}`,
      areaCode: '44',
    });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    expect(json(byPhone)).toMatchObject({ channel: 'sms', sentTo: `+********${phone.slice(-4)}` });
    const [text] = await outboxTo(`+44${phone}`);
    const code = /(\d{6})/.exec(text!.textBody)![1]!;
    const reset = await post('/api/v1/auth/password-reset', {
      account: phone,
      areaCode: '+44',
      code,
      password: 'Newpass-82',
      confirmPassword: 'Newpass-82',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const relog = await post('/api/v1/auth/login', {
      accountType: 'mobile',
      areaCode: '+44',
      account: phone,
      password: 'Newpass-82',
    });
    expect(json<{ user: { id: string } }>(relog).user.id).toBe(ownerId);
    // Without an area code the digits are the username, whose code goes to its own e-mail.
    const byName = await post('/api/v1/verification/codes', { purpose: 'resetPassword', account: phone });
    expect(json(byName)).toMatchObject({ channel: 'email', sentTo: 'na***@caravan.example' });
  });
});

describe('limits on sending codes (QA accounts #9)', () => {
  it('counts asking for unknown accounts against the hourly allowance, so names cannot be walked', async () => {
    await setSetting('verify_code_ip_hourly_limit', '2');
    try {
      const ask = (account: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/verification/codes',
          payload: { purpose: 'resetPassword', account },
          remoteAddress: '203.0.113.44',
        });
      expect((await ask(`nobody${seq}a`)).statusCode).toBe(404);
      expect((await ask(`nobody${seq}b`)).statusCode).toBe(404);
      const third = await ask(`nobody${seq}c`);
      expect(third.statusCode).toBe(429);
      expect(json<TError>(third).error.code).toBe('TOO_FREQUENT');
    } finally {
      await setSetting('verify_code_ip_hourly_limit', '10000');
    }
  });

  it('answers a reset for an unknown account as for a known one that was sent no code', async () => {
    const reset = { code: '123456', password: 'Newpass-82', confirmPassword: 'Newpass-82' };
    const unknown = await post('/api/v1/auth/password-reset?lang=en', {
      ...reset,
      account: `nobody${seq}reset`,
    });
    const known = await post('/api/v1/auth/password-reset?lang=en', {
      ...reset,
      account: (await buyerWithEmail()).username,
    });
    expect(unknown.statusCode).toBe(400);
    expect(json<TError>(unknown).error.code).toBe('VERIFY_CODE_WRONG');
    expect(json<TError>(unknown).error).toEqual(json<TError>(known).error);
  });

  it('sends no registration code while registration needs none', async () => {
    const email = `nocode${seq}x@caravan.example`;
    const res = await post('/api/v1/verification/codes?lang=en', { purpose: 'registerEmail', email });
    expect(res.statusCode).toBe(409);
    expect(json<TError>(res).error).toMatchObject({
      code: 'REGISTER_EMAIL_CODE_OFF',
      message: 'Registration by e-mail needs no verification code at the moment: register without one',
    });
    expect(await outboxTo(email)).toEqual([]);
  });

  it('caps the codes one IP address gets sent in an hour, over all addresses', async () => {
    await setSetting('verify_code_ip_hourly_limit', '3');
    await setSetting('register_email_code_required', '1');
    try {
      const send = (email: string, remoteAddress: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/verification/codes',
          payload: { purpose: 'registerEmail', email },
          remoteAddress,
        });
      for (let i = 0; i < 3; i += 1) {
        expect((await send(`spamtarget${i}${seq}@caravan.example`, '203.0.113.9')).statusCode).toBe(201);
      }
      const fourth = await send(`spamtarget9${seq}@caravan.example`, '203.0.113.9');
      expect(fourth.statusCode).toBe(429);
      expect(json<TError>(fourth).error.code).toBe('TOO_FREQUENT');
      expect(await outboxTo(`spamtarget9${seq}@caravan.example`)).toEqual([]);
      // Another address is not held back by that one.
      expect((await send(`spamtarget9${seq}@caravan.example`, '203.0.113.10')).statusCode).toBe(201);
    } finally {
      await setSetting('verify_code_ip_hourly_limit', '10000');
      await setSetting('register_email_code_required', '0');
    }
  });
});

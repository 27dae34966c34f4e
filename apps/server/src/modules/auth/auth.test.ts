import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { solveChallenge } from './challenge';
import {
  createStaffMember,
  createStore,
  login,
  registerBody,
  registerUser,
  uniqueName,
} from './test-fixtures';

const LOCALES = path.resolve(import.meta.dirname, '../../../../../packages/contracts/locales');
function dictionary(lang: string, ns: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}
const EN_VALIDATION = dictionary('en', 'validation');
const EN_ERRORS = dictionary('en', 'errors');

type TError = { error: { code: string; message: string; details?: Record<string, unknown> } };

async function solvedChallenge(ctx: TTestContext) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/challenge', payload: {} });
  const challenge = json<{ id: string; difficulty: number }>(res);
  return { id: challenge.id, nonce: solveChallenge(challenge.id, challenge.difficulty) };
}

describe('buyer registration', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('registers by username, sets the session cookie and logs the user in', async () => {
    const body = registerBody({ agentCode: 'AGENT7' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const { token, user } = json<{ token: string; user: Record<string, unknown> }>(res);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(user).toMatchObject({
      username: body.account,
      displayName: body.account,
      email: null,
      avatar: 1,
      hasTxPassword: false,
      isSeller: false,
    });
    expect(user.usercode).toMatch(/^\d{8}$/);
    const cookie = res.cookies.find((c) => c.name === 'caravan_session');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(String(user.id))));
    expect(row?.agentCode).toBe('AGENT7');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { caravan_session: token },
    });
    expect(me.statusCode).toBe(200);
    expect(json<{ user: { id: string } }>(me).user.id).toBe(user.id);
  });

  it('registers by e-mail (stored lower-case) and by mobile with area code', async () => {
    const email = `${uniqueName('mail')}@Example.com`;
    const byEmail = await registerUser(ctx.app, { accountType: 'email', account: email });
    expect(byEmail.user).toMatchObject({
      email: email.toLowerCase(),
      username: null,
      displayName: email.toLowerCase(),
    });
    // A UK mobile: 7 and nine more digits.
    const phone = String(7_100_000_000 + Math.floor(Math.random() * 800_000_000));
    const byPhone = await registerUser(ctx.app, { accountType: 'mobile', account: phone, areaCode: '44' });
    expect(byPhone.user).toMatchObject({ areaCode: '+44', phone, email: null });
    // Enough digits for the request schema, but too few for any UK number (libphonenumber's plans): refused.
    const impossible = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register?lang=de',
      payload: registerBody({ accountType: 'mobile', account: '12345678', areaCode: '+44' }),
    });
    expect(impossible.statusCode).toBe(400);
    const refusal = json<{ error: { message: string; details: { fields: { field: string }[] } } }>(
      impossible,
    );
    expect(refusal.error.details.fields).toEqual([expect.objectContaining({ field: 'account' })]);
    // The real reason (no UK number is like this), not "at least 8 digits" of a number that has 8.
    expect(refusal.error.message).toBe(
      dictionary('de', 'validation').mobileInvalid ?? EN_VALIDATION.mobileInvalid,
    );
  });

  it('refuses duplicate username (any case), e-mail and phone', async () => {
    const first = await registerUser(ctx.app);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registerBody({ account: first.body.account.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(json<TError>(again).error).toEqual({ code: 'USERNAME_TAKEN', message: EN_ERRORS.USERNAME_TAKEN });

    const email = `${uniqueName('dup')}@example.com`;
    await registerUser(ctx.app, { accountType: 'email', account: email });
    const dupEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registerBody({ accountType: 'email', account: email }),
    });
    expect(json<TError>(dupEmail).error.code).toBe('EMAIL_TAKEN');

    await registerUser(ctx.app, { accountType: 'mobile', account: '5550001234', areaCode: '+1' });
    const dupPhone = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registerBody({ accountType: 'mobile', account: '5550001234', areaCode: '1' }),
    });
    expect(dupPhone.statusCode).toBe(409);
    expect(json<TError>(dupPhone).error.code).toBe('PHONE_TAKEN');
    // The same number under another area code is another phone.
    await registerUser(ctx.app, { accountType: 'mobile', account: '5550001234', areaCode: '+86' });
  });

  it('answers a concurrent duplicate pair with one 201 and one 409', async () => {
    const body = registerBody();
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body }),
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(json<TError>(loser).error.code).toBe('USERNAME_TAKEN');
    const [{ count } = { count: 0 }] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${body.account})`);
    expect(count).toBe(1);
  });

  it('checks the invitation code and links the inviter', async () => {
    const inviter = await registerUser(ctx.app);
    const invited = await registerUser(ctx.app, {
      invitationCode: inviter.user.invitationCode.toLowerCase(),
    });
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(invited.user.id)));
    expect(String(row?.invitedByUserId)).toBe(inviter.user.id);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registerBody({ invitationCode: 'NOPE99' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(json<TError>(bad).error.code).toBe('INVITATION_CODE_INVALID');
  });

  it('answers validation errors with the request language message', async () => {
    const payload = registerBody({ account: 'ab' });
    const en = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register?lang=en', payload });
    expect(en.statusCode).toBe(400);
    expect(json<TError>(en).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: EN_VALIDATION.username,
    });
    expect(json<TError>(en).error.details?.fields).toEqual([
      { field: 'account', message: EN_VALIDATION.username },
    ]);

    const de = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register?lang=de', payload });
    expect(de.statusCode).toBe(400);
    const deText = dictionary('de', 'validation').username ?? EN_VALIDATION.username;
    expect(json<TError>(de).error).toMatchObject({ code: 'VALIDATION_FAILED', message: deText });

    const differ = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registerBody({ confirmPassword: 'other123' }),
    });
    expect(json<TError>(differ).error.message).toBe(EN_VALIDATION.passwordsDiffer);
    const unknownField = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...registerBody(), isAdmin: true },
    });
    expect(unknownField.statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('buyer log-in, sessions and lockout', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('logs in by username (any case), e-mail and area code + phone', async () => {
    const named = await registerUser(ctx.app);
    const res = await login(ctx.app, {
      accountType: 'username',
      account: named.body.account.toUpperCase(),
      password: 'Sekrit-12x',
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ user: { id: string } }>(res).user.id).toBe(named.user.id);
    expect(res.cookies.find((c) => c.name === 'caravan_session')?.value).toBe(
      json<{ token: string }>(res).token,
    );

    const email = `${uniqueName('log')}@example.com`;
    const mailed = await registerUser(ctx.app, { accountType: 'email', account: email });
    const byMail = await login(ctx.app, {
      accountType: 'email',
      account: email.toUpperCase(),
      password: 'Sekrit-12x',
    });
    expect(json<{ user: { id: string } }>(byMail).user.id).toBe(mailed.user.id);

    const phoned = await registerUser(ctx.app, {
      accountType: 'mobile',
      account: '61234567',
      areaCode: '+65',
    });
    const byPhone = await login(ctx.app, {
      accountType: 'mobile',
      account: '61234567',
      areaCode: '65',
      password: 'Sekrit-12x',
    });
    expect(json<{ user: { id: string } }>(byPhone).user.id).toBe(phoned.user.id);
    const otherArea = await login(ctx.app, {
      accountType: 'mobile',
      account: '61234567',
      areaCode: '66',
      password: 'Sekrit-12x',
    });
    expect(json<TError>(otherArea).error.code).toBe('LOGIN_FAILED');
  });

  it('answers an unknown account exactly like a wrong password (LOGIN_FAILED)', async () => {
    const res = await login(ctx.app, {
      accountType: 'username',
      account: 'nobody12345',
      password: 'Sekrit-12x',
    });
    expect(res.statusCode).toBe(400);
    expect(json<TError>(res).error.code).toBe('LOGIN_FAILED');
  });

  it('after three wrong passwords from one source, pauses that source for three minutes (SPEC §9)', async () => {
    const { user, body } = await registerUser(ctx.app);
    const attempt = (password: string, remoteAddress = '10.1.0.1', challenge?: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        payload: {
          accountType: 'username',
          account: body.account,
          password,
          ...(challenge ? { challenge } : {}),
        },
      });
    const first = await attempt('wrong111');
    expect(first.statusCode).toBe(400);
    expect(json<TError>(first).error).toMatchObject({
      code: 'LOGIN_FAILED',
      message: 'Wrong account or password: 2 attempts left',
      details: { remainingAttempts: 2, challengeRequired: false },
    });
    // Two failures on the account: the next attempt needs the human check.
    const second = json<TError>(await attempt('wrong111')).error;
    expect(second.details).toEqual({ remainingAttempts: 1, challengeRequired: true });
    expect(second.message).toBe('Wrong account or password: 1 attempt left');
    expect(json<TError>(await attempt('wrong111')).error.code).toBe('CHALLENGE_REQUIRED');
    const third = await attempt('wrong111', '10.1.0.1', await solvedChallenge(ctx));
    expect(third.statusCode).toBe(423);
    expect(json<TError>(third).error.code).toBe('LOGIN_LOCKED_MINUTES');
    const rightDuringPause = await attempt('Sekrit-12x', '10.1.0.1', await solvedChallenge(ctx));
    expect(json<TError>(rightDuringPause).error.code).toBe('LOGIN_LOCKED_MINUTES');
    // The account itself is not locked: its owner elsewhere logs in after the human check.
    const elsewhere = await attempt('Sekrit-12x', '10.1.0.2');
    expect(json<TError>(elsewhere).error.code).toBe('CHALLENGE_REQUIRED');
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(user.id)));
    expect(row).toMatchObject({ loginFailStreak: 0, loginLockedUntil: null, loginFailDayCount: 0 });
  });

  it('counts concurrent wrong attempts', async () => {
    const { body } = await registerUser(ctx.app);
    const results = await Promise.all(
      [1, 2].map(() =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: '10.1.1.1',
          payload: { accountType: 'username', account: body.account, password: 'wrong111' },
        }),
      ),
    );
    const remaining = results.map((r) => json<TError>(r).error.details?.remainingAttempts).sort();
    expect(remaining).toEqual([1, 2]);
  });

  it('logout ends the session and clears the cookie; logout without a session is fine', async () => {
    const { token } = await registerUser(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(json(out)).toEqual({ ok: true });
    expect(out.cookies.find((c) => c.name === 'caravan_session')?.value).toBe('');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(json<TError>(me).error.code).toBe('NOT_LOGGED_IN');
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(anonymous.statusCode).toBe(200);
  });

  it('answers SESSION_EXPIRED for an expired session and NOT_LOGGED_IN without one', async () => {
    const { token, user } = await registerUser(ctx.app);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, BigInt(user.id)));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(json<TError>(me).error).toEqual({ code: 'SESSION_EXPIRED', message: EN_ERRORS.SESSION_EXPIRED });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(json<TError>(none).error.code).toBe('NOT_LOGGED_IN');
  });

  it('heartbeat extends the session', async () => {
    const { token, user } = await registerUser(ctx.app);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, BigInt(user.id)));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/heartbeat',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const { expiresAt } = json<{ expiresAt: string }>(res);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 24 * 3_600_000);
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, BigInt(user.id)));
    expect(row?.expiresAt.toISOString()).toBe(expiresAt);
  });

  it('refuses a disabled account at log-in', async () => {
    const { user, body } = await registerUser(ctx.app);
    await ctx.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, BigInt(user.id)));
    const res = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: 'Sekrit-12x',
    });
    expect(res.statusCode).toBe(403);
    expect(json<TError>(res).error.code).toBe('USER_DISABLED');
  });
});

describe('seller console log-in and audiences', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('logs a store owner in with the seller cookie and answers me with the store', async () => {
    const { user, body } = await registerUser(ctx.app);
    const storeId = await createStore(ctx, user.id);
    const res = await login(
      ctx.app,
      { accountType: 'username', account: body.account, password: 'Sekrit-12x' },
      '/api/v1/seller/auth/login',
    );
    expect(res.statusCode).toBe(200);
    const { token } = json<{ token: string }>(res);
    expect(res.cookies.find((c) => c.name === 'caravan_seller_session')?.value).toBe(token);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/auth/me',
      cookies: { caravan_seller_session: token },
    });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({
      user: { id: user.id, isSeller: true },
      store: { id: String(storeId), name: `Shop ${user.id}`, logoUrl: null, status: 'active' },
    });
    // A seller session is not a buyer session.
    const asBuyer = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(asBuyer.statusCode).toBe(401);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/auth/me',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a buyer without a store with NOT_A_SELLER, counting wrong passwords like the buyer log-in', async () => {
    const { body } = await registerUser(ctx.app);
    const res = await login(
      ctx.app,
      { accountType: 'username', account: body.account, password: 'Sekrit-12x' },
      '/api/v1/seller/auth/login',
    );
    expect(res.statusCode).toBe(403);
    expect(json<TError>(res).error.code).toBe('NOT_A_SELLER');
    const [{ count } = { count: 0 }] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.audience, 'seller'));
    expect(count).toBe(0);
    const wrong = await login(
      ctx.app,
      { accountType: 'username', account: body.account, password: 'wrong111' },
      '/api/v1/seller/auth/login',
    );
    expect(json<TError>(wrong).error).toMatchObject({
      code: 'LOGIN_FAILED',
      details: { remainingAttempts: 2 },
    });
    // The same counters as the buyer log-in: the next wrong buyer log-in has one attempt left.
    const buyerWrong = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: 'wrong111',
    });
    expect(json<TError>(buyerWrong).error.details).toMatchObject({ remainingAttempts: 1 });
  });

  it('a buyer token cannot call seller or admin endpoints', async () => {
    const { token, user } = await registerUser(ctx.app);
    await createStore(ctx, user.id);
    const seller = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/auth/me',
      headers: bearer(token),
    });
    expect(seller.statusCode).toBe(401);
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(token) });
    expect(admin.statusCode).toBe(401);
    const adminCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/auth/me',
      cookies: { caravan_staff_session: token },
    });
    expect(adminCookie.statusCode).toBe(401);
  });

  it('a staff token is not a buyer token', async () => {
    const member = await createStaffMember(ctx, { role: 'Administrator' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(member.token) });
    expect(me.statusCode).toBe(401);
  });
});

describe('rate limits on log-in calls', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers TOO_FREQUENT (429) beyond the limit, and code 1 on the legacy call', async () => {
    const body = { accountType: 'username' as const, account: 'nobody12345', password: 'Sekrit-12x' };
    expect((await login(ctx.app, body)).statusCode).toBe(400);
    expect((await login(ctx.app, body)).statusCode).toBe(400);
    const limited = await login(ctx.app, body);
    expect(limited.statusCode).toBe(429);
    expect(json<TError>(limited).error).toEqual({ code: 'TOO_FREQUENT', message: EN_ERRORS.TOO_FREQUENT });
    const legacy = async () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user!newlogin.action',
        payload: { username: 'nobody12345', password: 'x' },
      });
    await legacy();
    await legacy();
    const legacyLimited = await legacy();
    expect(legacyLimited.statusCode).toBe(200);
    expect(json(legacyLimited)).toEqual({ code: 1, msg: EN_ERRORS.TOO_FREQUENT, data: null });
  });
});

describe('QA accounts: mobile spelling, names typed in the wrong tab, closed accounts', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const ukMobile = () => `7${String(Date.now()).slice(-9)}`;

  it('stores a mobile without its trunk 0, so one phone cannot register twice, and logs in either way', async () => {
    const phone = ukMobile();
    const first = await registerUser(ctx.app, {
      accountType: 'mobile',
      account: `0${phone}`,
      areaCode: '44',
    });
    expect(first.user).toMatchObject({ areaCode: '+44', phone });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registerBody({ accountType: 'mobile', account: phone, areaCode: '+44' }),
    });
    expect(again.statusCode).toBe(409);
    expect(json<TError>(again).error.code).toBe('PHONE_TAKEN');
    for (const account of [phone, `0${phone}`]) {
      const res = await login(ctx.app, {
        accountType: 'mobile',
        areaCode: '+44',
        account,
        password: 'Sekrit-12x',
      });
      expect(res.statusCode, account).toBe(200);
    }
  });

  it('says an 11-digit number is not a valid number for its area code, not that it is too short', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register?lang=en',
      payload: registerBody({ accountType: 'mobile', account: '02025550143', areaCode: '+1' }),
    });
    expect(res.statusCode).toBe(400);
    expect(json<TError>(res).error.details).toMatchObject({
      fields: [{ field: 'account', message: 'This is not a valid mobile number for the chosen area code' }],
    });
  });

  it('answers an e-mail or phone typed as a username with a field message, never a counted failure', async () => {
    const email = `${uniqueName('tab')}@example.com`;
    await registerUser(ctx.app, { accountType: 'email', account: email });
    for (let i = 0; i < 3; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login?lang=en',
        payload: { accountType: 'username', account: email, password: 'Sekrit-12x' },
      });
      expect(res.statusCode).toBe(400);
      expect(json<TError>(res).error.details).toMatchObject({
        fields: [{ field: 'account', message: EN_VALIDATION.usernameIsEmail }],
      });
    }
    const phone = await login(ctx.app, { accountType: 'username', account: '+12025550143', password: 'x' });
    expect(json<TError>(phone).error.details).toMatchObject({
      fields: [{ field: 'account', message: EN_VALIDATION.usernameIsMobile }],
    });
    // Three wrong tries would have asked for the slider, then paused: the right tab logs straight in.
    const right = await login(ctx.app, { accountType: 'email', account: email, password: 'Sekrit-12x' });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('tells a closed account so after its right password, and no more than a wrong password otherwise', async () => {
    const { token, body } = await registerUser(ctx.app);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/cancel',
      headers: bearer(token),
      payload: { reason: 'leaving', loginPassword: body.password },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const closed = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: body.password,
    });
    expect(closed.statusCode).toBe(409);
    expect(json<TError>(closed).error).toEqual({
      code: 'ACCOUNT_CANCELLED',
      message: EN_ERRORS.ACCOUNT_CANCELLED,
    });
    const wrong = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: 'Wrong-12x',
    });
    expect(json<TError>(wrong).error.code).toBe('LOGIN_FAILED');
  });
});

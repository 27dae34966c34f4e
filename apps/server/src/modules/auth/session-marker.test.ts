import { BUYER_SESSION_MARKER_COOKIE } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { bearer, createTestApp, type TTestContext } from '../../testing/test-app';
import { hashToken } from './sessions';
import { createStore, login, registerUser } from './test-fixtures';

const SESSION = 'caravan_session';
const MARKER = BUYER_SESSION_MARKER_COOKIE;

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** A cookie set to be forgotten: empty, and expired (Fastify's clearCookie sends an expiry in the past). */
function expectCleared(res: LightMyRequestResponse, name: string) {
  const cookie = cookieOf(res, name);
  expect(cookie?.value).toBe('');
  expect(cookie?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
}

describe('the buyer session marker cookie (QA mobile finding 6)', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is set with the session cookie at log-in: readable by the page, holding no token, same life and scope', async () => {
    const { body } = await registerUser(ctx.app);
    const res = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: body.password,
    });
    expect(res.statusCode).toBe(200);
    const session = cookieOf(res, SESSION);
    const marker = cookieOf(res, MARKER);
    expect(session?.httpOnly).toBe(true);
    expect(marker).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(marker?.httpOnly).toBeFalsy();
    expect(marker?.value).not.toBe(session?.value);
    expect(marker?.expires?.getTime()).toBe(session?.expires?.getTime());
    expect(Boolean(marker?.secure)).toBe(Boolean(session?.secure));
  });

  it('is set at registration too, which logs the new buyer in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        accountType: 'username',
        account: `marker${Date.now().toString(36)}`,
        password: 'Sekrit-12x',
        confirmPassword: 'Sekrit-12x',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(cookieOf(res, MARKER)?.value).toBe('1');
  });

  it('is cleared with the session cookie at log-out', async () => {
    const { token } = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { [SESSION]: token, [MARKER]: '1' },
    });
    expect(res.statusCode).toBe(200);
    expectCleared(res, SESSION);
    expectCleared(res, MARKER);
    expect(cookieOf(res, MARKER)?.path).toBe('/');
  });

  it('is cleared by the first call that finds the session ended elsewhere, leaving the session cookie alone', async () => {
    const { token } = await registerUser(ctx.app);
    // Signed out from another device (or by a password change or reset): the row is gone.
    await ctx.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { [SESSION]: token, [MARKER]: '1' },
    });
    expect(res.statusCode).toBe(401);
    expectCleared(res, MARKER);
    // A late 401 clearing the session cookie could end a log-in made while it was on its way.
    expect(cookieOf(res, SESSION)).toBeUndefined();
  });

  it('is cleared when the session has expired, and when the session cookie is gone', async () => {
    const { token } = await registerUser(ctx.app);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const expired = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { [SESSION]: token, [MARKER]: '1' },
    });
    expect(expired.statusCode).toBe(401);
    expectCleared(expired, MARKER);

    const noCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { [MARKER]: '1' },
    });
    expect(noCookie.statusCode).toBe(401);
    expectCleared(noCookie, MARKER);
  });

  it('is put back by a call with a live session cookie that lacks it, and left as it is otherwise', async () => {
    const { token } = await registerUser(ctx.app);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { [SESSION]: token },
    });
    expect(missing.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(cookieOf(missing, MARKER)).toMatchObject({ value: '1', sameSite: 'Lax', path: '/' });
    expect(cookieOf(missing, MARKER)?.httpOnly).toBeFalsy();
    // Within the second: a cookie's expiry is written in whole seconds.
    expect(
      Math.abs((cookieOf(missing, MARKER)?.expires?.getTime() ?? 0) - row!.expiresAt.getTime()),
    ).toBeLessThan(1000);

    const present = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      cookies: { [SESSION]: token, [MARKER]: '1' },
    });
    expect(present.statusCode).toBe(200);
    expect(present.headers['set-cookie']).toBeUndefined();
  });

  it('is none of an app’s business: Bearer calls neither set nor clear it', async () => {
    const { token } = await registerUser(ctx.app);
    const live = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(live.statusCode).toBe(200);
    expect(cookieOf(live, MARKER)).toBeUndefined();
    const dead = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer('not-a-session'),
      cookies: { [MARKER]: '1' },
    });
    expect(dead.statusCode).toBe(401);
    expect(cookieOf(dead, MARKER)).toBeUndefined();
  });

  it('belongs to the buyer only: the seller console’s log-in does not set it', async () => {
    const { user, body } = await registerUser(ctx.app);
    await createStore(ctx, user.id);
    const res = await login(
      ctx.app,
      { accountType: 'username', account: body.account, password: body.password },
      '/api/v1/seller/auth/login',
    );
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'caravan_seller_session')?.httpOnly).toBe(true);
    expect(cookieOf(res, MARKER)).toBeUndefined();
  });
});

describe('the marker over https', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ COOKIE_SECURE: 'true' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is Secure like the session cookie, when set and when cleared', async () => {
    const { body } = await registerUser(ctx.app);
    const res = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: body.password,
    });
    expect(cookieOf(res, SESSION)?.secure).toBe(true);
    expect(cookieOf(res, MARKER)?.secure).toBe(true);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      cookies: { [SESSION]: cookieOf(res, SESSION)!.value, [MARKER]: '1' },
    });
    expectCleared(out, MARKER);
    expect(cookieOf(out, MARKER)?.secure).toBe(true);
  });
});

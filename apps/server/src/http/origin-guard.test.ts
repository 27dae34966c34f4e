import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { addresses, withdrawAddresses } from '../db/schema';
import { seedWalletBasics } from '../db/seed/wallet';
import { listStateChangingLegacyActions } from '../modules/legacy/test-fixtures';
import { createTestUser } from '../testing/fixtures';
import { createTestApp, json, type TTestContext } from '../testing/test-app';

const PUBLIC_URL = 'https://shop.caravan.example';
const EVIL = 'https://evil.example';
const TRON = 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust';
const ADDRESS = {
  consignee: 'Ann Buyer',
  areaCode: '+49',
  phone: '15112345678',
  country: 'DE',
  state: 'BE',
  city: 'Berlin',
  postcode: '10115',
  detail: 'Unter den Linden 1',
};

type TOpenApi = { paths: Record<string, Record<string, unknown>> };

describe('CSRF: cookie-authenticated writes from another origin (issue 10, defect 1)', () => {
  let ctx: TTestContext;
  let db: Database;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL });
    db = ctx.database.db;
    await seedWalletBasics(db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const withCookie = (token: string) => ({ caravan_session: token });

  it('refuses a /api/v1 write carrying the session cookie from a foreign origin, and takes it from ours', async () => {
    const user = await createTestUser(db);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      cookies: withCookie(user.token),
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
      payload: ADDRESS,
    });
    expect(foreign.statusCode).toBe(403);
    expect(json<{ error: { code: string } }>(foreign).error.code).toBe('FOREIGN_ORIGIN');

    // No Origin but the browser says it came from another site: refused too.
    const noOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      cookies: withCookie(user.token),
      headers: { 'sec-fetch-site': 'same-site' },
      payload: ADDRESS,
    });
    expect(noOrigin.statusCode).toBe(403);
    // A sandboxed frame sends "Origin: null".
    const nullOrigin = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/addresses/1',
      cookies: withCookie(user.token),
      headers: { origin: 'null' },
    });
    expect(nullOrigin.statusCode).toBe(403);
    expect(await db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(0);

    const ours = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      cookies: withCookie(user.token),
      headers: { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: ADDRESS,
    });
    expect(ours.statusCode).toBe(201);
    // The request's own host counts as ours (the Vite dev server, another name of the same site).
    const ownHost = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      cookies: withCookie(user.token),
      headers: { origin: 'http://localhost:5173', host: 'localhost:5173' },
      payload: ADDRESS,
    });
    expect(ownHost.statusCode).toBe(201);
    // A Bearer token cannot be sent by another site's page (no CORS), so it needs no Origin check.
    const bearer = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      headers: { origin: EVIL, authorization: `Bearer ${user.token}` },
      payload: ADDRESS,
    });
    expect(bearer.statusCode).toBe(201);
  });

  /** Routes marked `ignoresSession` (origin-guard.ts): the RFC 8058 one-click unsubscribe, posted by mail providers. */
  const SESSIONLESS_ROUTES = new Set(['/api/v1/subscriptions/one-click/{token}']);

  it('covers every write route of the API, including routes added later, for every audience', async () => {
    const user = await createTestUser(db);
    const doc = ctx.app.swagger() as unknown as TOpenApi;
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        // The legacy calls answer in their own envelope; the test below covers them.
        if (!path.startsWith('/api/v1/') || !['post', 'put', 'patch', 'delete'].includes(method)) {
          continue;
        }
        const url = path.replace(/\{[^}]+\}/g, '1');
        if (SESSIONLESS_ROUTES.has(path)) {
          // Reads no session: the cookie gives a forger nothing; only the token in the URI counts (404 here).
          const res = await ctx.app.inject({
            method: 'POST',
            url,
            cookies: { caravan_session: user.token },
            headers: { origin: EVIL },
            payload: {},
          });
          expect(res.body, `${method} ${url}`).toContain('SUBSCRIPTION_LINK_INVALID');
          continue;
        }
        for (const cookie of ['caravan_session', 'caravan_seller_session', 'caravan_staff_session']) {
          const res = await ctx.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            cookies: { [cookie]: user.token },
            headers: { origin: EVIL },
            payload: {},
          });
          expect(res.statusCode, `${method} ${url} with ${cookie}`).toBe(403);
          expect(res.body, `${method} ${url}`).toContain('FOREIGN_ORIGIN');
          checked += 1;
        }
        // The router decodes the path before matching: `/%61pi/v1/...` (and any other escaped letter) runs the same
        // route, so it must meet the same guard (it did not while the guard looked at the path's spelling).
        for (const escaped of [`/%61${url.slice(2)}`, url.replace('/v1/', '/v%31/')]) {
          const res = await ctx.app.inject({
            method: method.toUpperCase() as 'POST',
            url: escaped,
            cookies: { caravan_session: user.token },
            headers: { origin: EVIL, 'content-type': 'text/plain' },
            payload: '',
          });
          expect(res.statusCode, `${method} ${escaped}`).toBe(403);
          expect(res.body, `${method} ${escaped}`).toContain('FOREIGN_ORIGIN');
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('makes state-changing legacy calls POST-only and never takes the cookie alone', async () => {
    const user = await createTestUser(db);
    const bind = `/api/user!bindWithdrawAddress.action?channel=TRC20&address=${TRON}`;

    // The attack of the report: a link (GET) with only the cookie.
    const viaGet = await ctx.app.inject({ method: 'GET', url: bind, cookies: withCookie(user.token) });
    expect(viaGet.json()).toMatchObject({ code: 1 });
    // Even with the token: GET never changes state.
    const getWithToken = await ctx.app.inject({ method: 'GET', url: `${bind}&token=${user.token}` });
    expect(getWithToken.json()).toMatchObject({ code: 1 });
    // POST with the cookie alone (a form on a same-site page that sends no Origin): not logged in.
    const cookieOnly = await ctx.app.inject({ method: 'POST', url: bind, cookies: withCookie(user.token) });
    expect(cookieOnly.json()).toMatchObject({ code: 403 });
    // POST with the cookie from a foreign origin: refused by the Origin guard.
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: bind,
      cookies: withCookie(user.token),
      headers: { origin: EVIL },
    });
    expect(foreign.json()).toMatchObject({ code: 1 });
    expect(
      await db.select().from(withdrawAddresses).where(eq(withdrawAddresses.userId, user.id)),
    ).toHaveLength(0);

    // The old apps' way (POST, token in the query) still works.
    const app = await ctx.app.inject({ method: 'POST', url: `${bind}&token=${user.token}` });
    expect(app.json()).toMatchObject({ code: 0, data: { network: 'USDT-TRC20', address: TRON } });
  });

  it('answers GET on every state-changing legacy call with a refusal, and reads still work by GET', async () => {
    const user = await createTestUser(db);
    const writes = listStateChangingLegacyActions();
    for (const name of [
      'user!bindWithdrawAddress',
      'user!setSafewordReg',
      'user!updateOldAndNewSafeword',
      'user!updateOldAndNewPsw',
      'user!logoff',
      'order!submit',
      'order!pay',
      'order!cancel',
      'order!receipt',
      'order!returns',
      'evaluation!add',
      'address!add',
      'address!edit',
      'address!del',
      'keepGoods!add',
      'keepGoods!del',
      'focusSeller!add',
      'focusSeller!del',
      'withdraw!apply',
      'rechargeBlockchain!recharge',
      'thirdPartyRecharge!recharge',
      'uploadimg!execute',
      'user!newlogin',
      'localuser!registerNoVerifcode',
    ]) {
      expect(writes, name).toContain(name);
    }
    for (const name of writes) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/${name}.action?token=${user.token}` });
      expect(res.json(), name).toMatchObject({
        code: 1,
        msg: 'This call changes data and must be sent by POST with your token',
      });
    }
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/localuser!get.action',
      cookies: withCookie(user.token),
    });
    expect(info.json()).toMatchObject({ code: 0 });
    const tree = await ctx.app.inject({ method: 'GET', url: '/api/category!tree.action' });
    expect(tree.json()).toMatchObject({ code: 0 });
  });
});

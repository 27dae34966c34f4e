import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, users } from '../db/schema';
import { createSession, hashPassword, SESSION_CACHE_TTL_MS, sessionCacheOf } from '../modules/auth';
import { createTestStaff, createTestUser } from '../testing/fixtures';
import { bearer, createAppPairOnRedis, createTestApp, json, type TTestContext } from '../testing/test-app';

type TError = { error: { code: string } };

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Qz7kp4mwx';

let ctx: TTestContext;
let shopCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
});

/** A user who owns a shop, with a buyer session (for the account calls) and a seller session. */
async function openShop() {
  const db = ctx.database.db;
  const buyer = await createTestUser(db);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, buyer.id));
  shopCounter += 1;
  const [store] = await db
    .insert(stores)
    .values({ ownerUserId: buyer.id, name: `Cache Shop ${process.pid} ${shopCounter} ${Date.now()}` })
    .returning({ id: stores.id });
  const { token } = await createSession(db, { audience: 'seller', userId: buyer.id, ttlHours: 1 });
  return { userId: buyer.id, buyerToken: buyer.token, token, storeId: store!.id };
}

function shopOf(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/v1/seller/shop', headers: bearer(token) });
}

/** Two calls: the second is answered from this process's cache, which the change must empty. */
async function warm(app: FastifyInstance, token: string) {
  for (let i = 0; i < 2; i += 1) {
    expect((await shopOf(app, token)).statusCode).toBe(200);
  }
}

describe('seller sessions resolved from the in-process cache', () => {
  it('serves repeated seller calls from the cache', async () => {
    const shop = await openShop();
    await warm(ctx.app, shop.token);
    expect(sessionCacheOf(ctx.database.db).size).toBeGreaterThan(0);
    const answer = json<{ id: string }>(await shopOf(ctx.app, shop.token));
    expect(answer.id).toBe(String(shop.storeId));
  });

  it('ends a logged-out seller session at once', async () => {
    const shop = await openShop();
    await warm(ctx.app, shop.token);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/seller/auth/logout',
      headers: bearer(shop.token),
    });
    expect(out.statusCode).toBe(200);
    const after = await shopOf(ctx.app, shop.token);
    expect(after.statusCode).toBe(401);
    expect(json<TError>(after).error.code).toBe('NOT_LOGGED_IN');
  });

  it('refuses a disabled seller at once', async () => {
    const shop = await openShop();
    const admin = await createTestStaff(ctx.database.db, ['users.manage']);
    await warm(ctx.app, shop.token);
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${shop.userId}/disable`,
      headers: bearer(admin.token),
      payload: { reason: 'Fraud reports' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await shopOf(ctx.app, shop.token)).statusCode).toBe(401);
  });

  it('ends the seller session when the password changes in the buyer account', async () => {
    const shop = await openShop();
    await warm(ctx.app, shop.token);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: bearer(shop.buyerToken),
      payload: { oldPassword: PASSWORD, newPassword: 'Wv8rn3kqz', confirmPassword: 'Wv8rn3kqz' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await shopOf(ctx.app, shop.token)).statusCode).toBe(401);
    // The buyer session that changed it stays.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(shop.buyerToken),
    });
    expect(me.statusCode).toBe(200);
  });

  it('shows a suspension at once and keeps the panel open, as without the cache', async () => {
    const shop = await openShop();
    const reviewer = await createTestStaff(ctx.database.db, ['merchants.review']);
    await warm(ctx.app, shop.token);
    const suspended = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/stores/${shop.storeId}/suspend`,
      headers: bearer(reviewer.token),
      payload: { reason: 'Counterfeit complaints' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const settings = await shopOf(ctx.app, shop.token);
    expect(settings.statusCode).toBe(200);
    expect(json(settings)).toMatchObject({ status: 'suspended', suspendedReason: 'Counterfeit complaints' });
  });

  it('never hands one seller another seller’s shop', async () => {
    const first = await openShop();
    const second = await openShop();
    await warm(ctx.app, first.token);
    await warm(ctx.app, second.token);
    expect(json<{ id: string }>(await shopOf(ctx.app, first.token)).id).toBe(String(first.storeId));
    expect(json<{ id: string }>(await shopOf(ctx.app, second.token)).id).toBe(String(second.storeId));
  });

  it('tells the other server process over Redis: a log-out on one ends the session on both', async () => {
    const pair = await createAppPairOnRedis(ctx.database, {
      BUS_CHANNEL_PREFIX: `caravan-test-${process.pid}-${Date.now()}:bus:`,
      REDIS_URL,
    });
    const [appA, appB] = pair.apps;
    try {
      await Promise.all([appA.bus.ready(), appB.bus.ready()]);
      const shop = await openShop();
      await warm(appB, shop.token);
      const out = await appA.inject({
        method: 'POST',
        url: '/api/v1/seller/auth/logout',
        headers: bearer(shop.token),
      });
      expect(out.statusCode).toBe(200);
      // Pub/sub takes a moment; well under the cache's own lifetime, which alone would keep it 200.
      const started = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - started < SESSION_CACHE_TTL_MS / 3) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await shopOf(appB, shop.token)).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await pair.close();
    }
  });
});

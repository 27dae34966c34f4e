import type { TAdminUserDetail, TAdminUsersResponse } from '@caravan/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, systemParams, users } from '../../db/schema';
import { createTestStaff, fundUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { registerUser, solveChallenge } from '../auth/test-fixtures';

import { createTestProduct, createTestStore, createTestUser, placeTestOrder } from '../orders/test-fixtures';

type TError = { error: { code: string } };

describe("a user's page in depth", () => {
  let ctx: TTestContext;
  let reader: { id: bigint; token: string };
  let manager: { id: bigint; token: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    reader = await createTestStaff(ctx.database.db, ['users.read']);
    manager = await createTestStaff(ctx.database.db, ['users.read', 'users.manage']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('shows profile, wallet with ledger history, orders, sessions and shop', async () => {
    const db = ctx.database.db;
    const buyer = await createTestUser(db);
    await fundUser(db, buyer.id, '500');
    const storeId = await createTestStore(db, buyer.id, 'Detail shop');
    const seller = await createTestUser(db);
    const otherStore = await createTestStore(db, seller.id, 'Other shop');
    const { productId } = await createTestProduct(db, otherStore, { price: '25', stock: 10 });
    const { orderNo } = await placeTestOrder(db, buyer.id, productId, { quantity: 2 });

    const res = await call('GET', `/api/v1/admin/users/${buyer.id}`, reader.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = json<TAdminUserDetail>(res);
    expect(detail.user.id).toBe(String(buyer.id));
    expect(detail.wallet.available).toBe('450.00');
    // users.read alone (customer service) gets the balance, not the money movements, as the ledger calls refuse it.
    expect(detail.ledger).toBeNull();
    const finance = await createTestStaff(db, ['users.read', 'ledger.read']);
    const full = json<TAdminUserDetail>(await call('GET', `/api/v1/admin/users/${buyer.id}`, finance.token));
    expect(full.ledger?.map((e) => e.amount)).toEqual(
      ['-50.00', '500.00'].map((a) => expect.stringContaining(a.split('.')[0]!)),
    );
    expect(detail.orders.map((o) => o.orderNo)).toEqual([orderNo]);
    expect(detail.sessions.length).toBeGreaterThanOrEqual(1);
    expect(detail.shop).toMatchObject({ id: String(storeId), name: 'Detail shop' });
    expect((await call('GET', '/api/v1/admin/users/999999999', reader.token)).statusCode).toBe(404);
  });

  it('disables with a reason (sessions end at once), lifts a log-in lock with a reason; both audited', async () => {
    const db = ctx.database.db;
    const user = await createTestUser(db);
    expect(
      (await call('POST', `/api/v1/admin/users/${user.id}/disable`, reader.token, { reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const disabled = await call('POST', `/api/v1/admin/users/${user.id}/disable`, manager.token, {
      reason: 'Chargeback fraud',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    await db
      .update(users)
      .set({ loginFailStreak: 3, loginLockedUntil: new Date(Date.now() + 180_000) })
      .where(eq(users.id, user.id));
    expect(
      (await call('POST', `/api/v1/admin/users/${user.id}/unlock`, manager.token, { lock: 'login' }))
        .statusCode,
    ).toBe(400);
    const unlocked = await call('POST', `/api/v1/admin/users/${user.id}/unlock`, manager.token, {
      lock: 'login',
      reason: 'Verified by phone',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.loginLockedUntil).toBeNull();
    expect(after!.loginFailStreak).toBe(0);
    const audits = await db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(user.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['user.disable', 'user.unlock_login']);
    expect(audits[0]!.details).toMatchObject({ reason: 'Chargeback fraud', after: { status: 'disabled' } });
    expect(audits[1]!.details).toMatchObject({ reason: 'Verified by phone', after: { lockedUntil: null } });
  });
  it("sees and lifts the log-in page's lock, from every source and under every name (QA accounts #1)", async () => {
    const { user, body } = await registerUser(ctx.app);
    const tryLogIn = async (password: string, remoteAddress: string, withCheck = false) => {
      const challenge = withCheck
        ? json<{ id: string; difficulty: number }>(
            await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/challenge', payload: {} }),
          )
        : null;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        payload: {
          accountType: 'username',
          account: body.account.toUpperCase(),
          password,
          ...(challenge
            ? { challenge: { id: challenge.id, nonce: solveChallenge(challenge.id, challenge.difficulty) } }
            : {}),
        },
      });
      return res.statusCode === 200 ? 'ok' : json<TError>(res).error.code;
    };
    const lockOut = async (remoteAddress: string) => {
      await tryLogIn('wrong-pass1', remoteAddress, true);
      await tryLogIn('wrong-pass1', remoteAddress, true);
      return tryLogIn('wrong-pass1', remoteAddress, true);
    };
    expect(await lockOut('10.9.0.1')).toBe('LOGIN_LOCKED_MINUTES');
    expect(await lockOut('10.9.0.2')).toBe('LOGIN_LOCKED_MINUTES');
    expect(await tryLogIn(body.password, '10.9.0.1', true)).toBe('LOGIN_LOCKED_MINUTES');

    const detail = json<TAdminUserDetail>(await call('GET', `/api/v1/admin/users/${user.id}`, reader.token));
    const lockedUntil = Date.parse(detail.user.loginLockedUntil ?? '');
    expect(lockedUntil - Date.now()).toBeGreaterThan(60_000);

    const unlocked = await call('POST', `/api/v1/admin/users/${user.id}/unlock`, manager.token, {
      lock: 'login',
      reason: 'Customer called',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const [audit] = await ctx.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.unlock_login'), eq(auditLog.targetId, user.id)));
    expect(audit?.details).toMatchObject({ before: { lockedUntil: new Date(lockedUntil).toISOString() } });
    const after = json<TAdminUserDetail>(await call('GET', `/api/v1/admin/users/${user.id}`, reader.token));
    expect(after.user.loginLockedUntil).toBeNull();
    // Both paused sources may log in again, without the slider their earlier failures had called for.
    expect(await tryLogIn(body.password, '10.9.0.1')).toBe('ok');
    expect(await tryLogIn(body.password, '10.9.0.2')).toBe('ok');

    // Enabling an account lifts the lock as roles.md says.
    expect(await lockOut('10.9.0.3')).toBe('LOGIN_LOCKED_MINUTES');
    await call('POST', `/api/v1/admin/users/${user.id}/disable`, manager.token, { reason: 'Checking' });
    const enabled = await call('POST', `/api/v1/admin/users/${user.id}/enable`, manager.token, {
      reason: 'Ok',
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(await tryLogIn(body.password, '10.9.0.3')).toBe('ok');
  });

  it("shows a cancelled account's date, reason and former names, only to staff who may read users", async () => {
    const db = ctx.database.db;
    await db
      .insert(systemParams)
      .values({ code: 'account_reregister_days', value: '7' })
      .onConflictDoUpdate({ target: systemParams.code, set: { value: '7' } });
    const email = `leaver${Date.now().toString(36)}@example.com`;
    const body = {
      accountType: 'email',
      account: email,
      password: 'Qz7kp4mwx',
      confirmPassword: 'Qz7kp4mwx',
    };
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token, user } = json<{ token: string; user: { id: string } }>(registered);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/cancel',
      headers: bearer(token),
      payload: { reason: 'Moving abroad', loginPassword: 'Qz7kp4mwx' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const outsider = await createTestStaff(db, ['ledger.read']);
    const refused = await call('GET', `/api/v1/admin/users/${user.id}`, outsider.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(email);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/users/${user.id}` })).statusCode).toBe(
      401,
    );

    // Within the hold the names are still the account's own.
    const held = json<TAdminUserDetail>(await call('GET', `/api/v1/admin/users/${user.id}`, reader.token));
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(user.id)));
    expect(held.user.email).toBe(email);
    expect(held.cancellation).toEqual({
      cancelledAt: row!.cancelledAt!.toISOString(),
      reason: 'Moving abroad',
      heldUntil: new Date(row!.cancelledAt!.getTime() + 7 * 86_400_000).toISOString(),
      releasedAt: null,
      formerUsername: null,
      formerEmail: email,
      formerAreaCode: null,
      formerPhone: null,
    });

    // Past the hold someone registers the e-mail again: the old account keeps it as a former name.
    await db
      .update(users)
      .set({ cancelledAt: sql`now() - interval '8 days'` })
      .where(eq(users.id, BigInt(user.id)));
    const again = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
    expect(again.statusCode, again.body).toBe(201);
    const released = json<TAdminUserDetail>(
      await call('GET', `/api/v1/admin/users/${user.id}`, reader.token),
    );
    expect(released.user.email).toBeNull();
    expect(released.cancellation).toMatchObject({ reason: 'Moving abroad', formerEmail: email });
    expect(released.cancellation!.releasedAt).not.toBeNull();
    // Staff still find the old account by its former e-mail, next to the new one.
    const found = json<TAdminUsersResponse>(
      await call('GET', `/api/v1/admin/users?keyword=${encodeURIComponent(email)}`, reader.token),
    );
    expect(found.pageList.map((u) => u.id)).toContain(user.id);
    expect(found.pageList).toHaveLength(2);

    // An active account has no cancellation.
    const active = json<TAdminUserDetail>(
      await call('GET', `/api/v1/admin/users/${json<{ user: { id: string } }>(again).user.id}`, reader.token),
    );
    expect(active.cancellation).toBeNull();
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseMoney } from '@caravan/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { givenUpUsernames, orders, sessions, subscriptions, systemParams, users } from '../../db/schema';
import { errorMessage } from '../../i18n/messages';
import { createTestUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createStore, login, registerUser } from '../auth/test-fixtures';
import { ACCOUNT_CANCELLATION_BLOCKERS } from './cancellation';
import { verifyTxPassword } from './tx-password';

type TError = { error: { code: string; message: string; details?: Record<string, unknown> } };

const LOCALES = path.resolve(import.meta.dirname, '../../../../../packages/contracts/locales');
const validationOf = (lang: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lang, 'validation.json'), 'utf8')) as Record<string, string>;
const EN_VALIDATION = validationOf('en');
const DE_VALIDATION = validationOf('de');

describe('account settings', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const userRow = async (id: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(id)));
    return row!;
  };

  it('changes the password and revokes every other session of the user', async () => {
    const { token, user, body } = await registerUser(ctx.app);
    const other = json<{ token: string }>(
      await login(ctx.app, { accountType: 'username', account: body.account, password: 'Sekrit-12x' }),
    ).token;
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: bearer(token),
      payload: { oldPassword: 'nothis12', newPassword: 'Newpass-71', confirmPassword: 'Newpass-71' },
    });
    expect(json<TError>(wrong).error).toMatchObject({
      code: 'WRONG_OLD_PASSWORD',
      details: { remainingAttempts: 2 },
    });
    expect((await userRow(user.id)).loginFailStreak).toBe(1);
    const unchanged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: bearer(token),
      payload: { oldPassword: 'Sekrit-12x', newPassword: 'Sekrit-12x', confirmPassword: 'Sekrit-12x' },
    });
    expect(unchanged.statusCode).toBe(400);
    expect(json<TError>(unchanged).error.details).toMatchObject({
      fields: [{ field: 'newPassword', message: 'The new password must differ from the current one' }],
    });
    // Refused before the password was checked: no other session ended, no failure counted.
    expect((await userRow(user.id)).loginFailStreak).toBe(1);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: bearer(token),
      payload: { oldPassword: 'Sekrit-12x', newPassword: 'Newpass-71', confirmPassword: 'Newpass-71' },
    });
    expect(json(res)).toEqual({ ok: true });
    const current = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(current.statusCode).toBe(200);
    const revoked = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(other) });
    expect(revoked.statusCode).toBe(401);
    const oldLogin = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: 'Sekrit-12x',
    });
    expect(json<TError>(oldLogin).error.code).toBe('LOGIN_FAILED');
    const newLogin = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: 'Newpass-71',
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('sets the transaction password once, then changes it with the old one', async () => {
    const { token, user } = await registerUser(ctx.app);
    const set = (payload: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/account/tx-password', headers: bearer(token), payload });
    const notDigits = await set({ txPassword: '12ab56', confirmTxPassword: '12ab56' });
    expect(json<TError>(notDigits).error.code).toBe('VALIDATION_FAILED');
    expect((await set({ txPassword: '731904', confirmTxPassword: '731904' })).statusCode).toBe(200);
    const again = await set({ txPassword: '582046', confirmTxPassword: '582046' });
    expect(again.statusCode).toBe(409);
    expect(json<TError>(again).error.code).toBe('TX_PASSWORD_ALREADY_SET');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(json<{ user: { hasTxPassword: boolean } }>(me).user.hasTxPassword).toBe(true);

    const change = (oldTxPassword: string, txPassword = '111222') =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/account/tx-password',
        headers: bearer(token),
        payload: { oldTxPassword, txPassword, confirmTxPassword: txPassword },
      });
    const wrong = await change('000000');
    expect(json<TError>(wrong).error).toMatchObject({
      code: 'TX_PASSWORD_WRONG',
      details: { remainingAttempts: 2 },
    });
    expect((await change('731904')).statusCode).toBe(200);
    const row = await userRow(user.id);
    expect(row.txFailStreak).toBe(0);
    await expect(verifyTxPassword(ctx.database.db, BigInt(user.id), '111222')).resolves.toBeUndefined();
  });

  it('refuses a trivial transaction password when it is set or changed, with the reason beside the field', async () => {
    const { token, user } = await registerUser(ctx.app);
    const tooSimple = { field: 'txPassword', message: EN_VALIDATION.txPasswordTooSimple };
    const send = (method: 'POST' | 'PUT', payload: Record<string, string>) =>
      ctx.app.inject({ method, url: '/api/v1/account/tx-password', headers: bearer(token), payload });
    for (const pin of ['123456', '000000', '111111', '654321', '012345', '987654', '121212', '520520']) {
      const refused = await send('POST', { txPassword: pin, confirmTxPassword: pin });
      expect(refused.statusCode, pin).toBe(400);
      expect(json<TError>(refused).error, pin).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: [tooSimple] },
      });
    }
    // In the visitor's language too.
    const german = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/tx-password?lang=de',
      headers: bearer(token),
      payload: { txPassword: '222222', confirmTxPassword: '222222' },
    });
    expect(json<TError>(german).error.details).toMatchObject({
      fields: [{ field: 'txPassword', message: DE_VALIDATION.txPasswordTooSimple }],
    });
    expect((await userRow(user.id)).txPasswordHash).toBeNull();

    expect((await send('POST', { txPassword: '731904', confirmTxPassword: '731904' })).statusCode).toBe(200);
    const changed = await send('PUT', {
      oldTxPassword: '731904',
      txPassword: '456789',
      confirmTxPassword: '456789',
    });
    expect(changed.statusCode).toBe(400);
    expect(json<TError>(changed).error.details).toMatchObject({ fields: [tooSimple] });
    // Refused before the old one was checked or the new one stored.
    expect((await userRow(user.id)).txFailStreak).toBe(0);
    await expect(verifyTxPassword(ctx.database.db, BigInt(user.id), '731904')).resolves.toBeUndefined();
  });

  it('refuses changing the transaction password to the same one, as the log-in password change does', async () => {
    const { id, token } = await createTestUser(ctx.database.db, { txPassword: '482916' });
    const same = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/tx-password?lang=de',
      headers: bearer(token),
      payload: { oldTxPassword: '482916', txPassword: '482916', confirmTxPassword: '482916' },
    });
    expect(same.statusCode).toBe(400);
    expect(json<TError>(same).error.details).toMatchObject({
      fields: [{ field: 'txPassword', message: DE_VALIDATION.txPasswordUnchanged }],
    });
    await expect(verifyTxPassword(ctx.database.db, id, '482916')).resolves.toBeUndefined();
  });

  it('still accepts a trivial transaction password set before the rule, to pay and to change it', async () => {
    // Set straight in the database, as an account from before the rule has it: the rule is for setting, not using.
    const { id, token } = await createTestUser(ctx.database.db, { txPassword: '123456' });
    await expect(verifyTxPassword(ctx.database.db, id, '123456')).resolves.toBeUndefined();
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/tx-password',
      headers: bearer(token),
      payload: { oldTxPassword: '123456', txPassword: '731904', confirmTxPassword: '731904' },
    });
    expect(changed.statusCode).toBe(200);
    await expect(verifyTxPassword(ctx.database.db, id, '731904')).resolves.toBeUndefined();
  });

  it('locks the transaction password after three wrong entries, separately from the log-in', async () => {
    const { token, user, body } = await registerUser(ctx.app);
    const userId = BigInt(user.id);
    await expect(verifyTxPassword(ctx.database.db, userId, '731904')).rejects.toMatchObject({
      code: 'TX_PASSWORD_NOT_SET',
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/tx-password',
      headers: bearer(token),
      payload: { txPassword: '731904', confirmTxPassword: '731904' },
    });
    await expect(verifyTxPassword(ctx.database.db, userId, '999999')).rejects.toMatchObject({
      code: 'TX_PASSWORD_WRONG',
      details: { remainingAttempts: 2 },
    });
    // A failure counted by verifyTxPassword survives the caller's rolled-back business transaction.
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ avatar: 5 }).where(eq(users.id, userId));
        throw new Error('business action failed');
      })
      .catch(() => undefined);
    await expect(verifyTxPassword(ctx.database.db, userId, '999999')).rejects.toMatchObject({
      code: 'TX_PASSWORD_WRONG',
      details: { remainingAttempts: 1 },
    });
    await expect(verifyTxPassword(ctx.database.db, userId, '999999')).rejects.toMatchObject({
      code: 'TX_PASSWORD_LOCKED_MINUTES',
    });
    await expect(verifyTxPassword(ctx.database.db, userId, '731904')).rejects.toMatchObject({
      code: 'TX_PASSWORD_LOCKED_MINUTES',
    });
    const viaApi = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/tx-password',
      headers: bearer(token),
      payload: { oldTxPassword: '731904', txPassword: '222333', confirmTxPassword: '222333' },
    });
    expect(viaApi.statusCode).toBe(423);
    expect(json<TError>(viaApi).error.code).toBe('TX_PASSWORD_LOCKED_MINUTES');
    const row = await userRow(user.id);
    expect(row).toMatchObject({ txFailDayCount: 3, loginFailStreak: 0, avatar: 1 });
    // The log-in is not affected by the transaction-password lock.
    const loginRes = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: 'Sekrit-12x',
    });
    expect(loginRes.statusCode).toBe(200);

    await ctx.database.db
      .update(users)
      .set({ txLockedUntil: new Date(Date.now() - 1000), txFailDayCount: 10 })
      .where(eq(users.id, userId));
    await expect(verifyTxPassword(ctx.database.db, userId, '999999')).rejects.toMatchObject({
      code: 'TX_PASSWORD_LOCKED_TODAY',
    });
    await expect(verifyTxPassword(ctx.database.db, userId, '731904')).rejects.toMatchObject({
      code: 'TX_PASSWORD_LOCKED_TODAY',
    });
  });

  it('counts concurrent wrong transaction passwords', async () => {
    const { token, user } = await registerUser(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/tx-password',
      headers: bearer(token),
      payload: { txPassword: '731904', confirmTxPassword: '731904' },
    });
    const results = await Promise.allSettled(
      [1, 2].map(() => verifyTxPassword(ctx.database.db, BigInt(user.id), '000000')),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect((await userRow(user.id)).txFailStreak).toBe(2);
  });

  it('changes the username by the rules of SPEC §5, unique whatever the case; the new name logs in', async () => {
    const first = await registerUser(ctx.app);
    const second = await registerUser(ctx.app, {
      accountType: 'email',
      account: `renamer${Date.now()}@example.com`,
    });
    const rename = (token: string, username: unknown, lang = 'en') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/account/username?lang=${lang}`,
        headers: bearer(token),
        payload: { username },
      });
    for (const bad of ['abc12', 'a'.repeat(31), 'with space1', 'ümlaut123', '']) {
      const res = await rename(second.token, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(json<TError>(res).error.message).toBe('Username must be 6-30 letters or digits');
    }
    const taken = await rename(second.token, first.body.account.toUpperCase(), 'de');
    expect(taken.statusCode).toBe(409);
    expect(json<TError>(taken).error.code).toBe('USERNAME_TAKEN');
    expect(json<TError>(taken).error.message).toBe('Dieser Benutzername ist bereits vergeben');
    expect((await userRow(second.user.id)).username).toBeNull();
    const name = `Renamed${Date.now() % 1_000_000}`;
    expect(json(await rename(second.token, name))).toEqual({ ok: true });
    expect((await userRow(second.user.id)).username).toBe(name);
    // Same name again is no change; the first user may not take it in another case.
    expect((await rename(second.token, name)).statusCode).toBe(200);
    expect(json<TError>(await rename(first.token, name.toLowerCase())).error.code).toBe('USERNAME_TAKEN');
    const relogin = await login(ctx.app, { accountType: 'username', account: name, password: 'Sekrit-12x' });
    expect(json<{ user: { id: string } }>(relogin).user.id).toBe(second.user.id);
  });

  it('holds a username given up by renaming for account_reregister_days; its former holder may take it back', async () => {
    const db = ctx.database.db;
    const holder = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const oldName = holder.body.account;
    const rename = (token: string, username: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/account/username?lang=en',
        headers: bearer(token),
        payload: { username },
      });
    expect((await rename(holder.token, `Moved${Date.now() % 1_000_000}`)).statusCode).toBe(200);
    // Neither renaming nor registering takes it from somebody else, whatever the case.
    const byRename = await rename(other.token, oldName.toUpperCase());
    expect(byRename.statusCode).toBe(409);
    expect(json<TError>(byRename).error.code).toBe('USERNAME_TAKEN');
    const byRegister = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...other.body, account: oldName },
    });
    expect(byRegister.statusCode).toBe(409);
    expect(json<TError>(byRegister).error.code).toBe('USERNAME_TAKEN');
    // Its former holder takes it back; the name it leaves is held in turn.
    const movedName = (await userRow(holder.user.id)).username!;
    expect((await rename(holder.token, oldName)).statusCode).toBe(200);
    expect((await userRow(holder.user.id)).username).toBe(oldName);
    expect(json<TError>(await rename(other.token, movedName)).error.code).toBe('USERNAME_TAKEN');
    // Once the hold has passed the name is anybody's.
    const days = Number(
      (await db.select().from(systemParams).where(eq(systemParams.code, 'account_reregister_days')))[0]
        ?.value ?? 30,
    );
    await db
      .update(givenUpUsernames)
      .set({ givenUpAt: sql`now() - make_interval(days => ${days + 1})` })
      .where(eq(givenUpUsernames.userId, BigInt(holder.user.id)));
    expect((await rename(other.token, movedName)).statusCode).toBe(200);
    expect((await userRow(other.user.id)).username).toBe(movedName);
  });

  it('trims the new username as registration trims the account name (QA accounts #10)', async () => {
    const { token, user } = await registerUser(ctx.app);
    const name = `Trimmed${Date.now() % 1_000_000}`;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/username',
      headers: bearer(token),
      payload: { username: `  ${name} ` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(user.id)).username).toBe(name);
  });

  it('stores the language with a one-year cookie and the avatar', async () => {
    const { token, user } = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/language',
      headers: bearer(token),
      payload: { lang: 'de' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('de');
    expect(cookie?.maxAge).toBe(365 * 24 * 3600);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/language',
      headers: bearer(token),
      payload: { lang: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/v1/account/avatar',
          headers: bearer(token),
          payload: { avatar: 7 },
        })
      ).statusCode,
    ).toBe(200);
    for (const [avatar, message] of [
      [0, 'Please choose one of the 20 avatars'],
      [21, 'Please choose one of the 20 avatars'],
      [1.5, 'Please choose one of the 20 avatars'],
      ['1e1', 'Please choose one of the 20 avatars'],
    ] as const) {
      const out = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/account/avatar',
        headers: bearer(token),
        payload: { avatar },
      });
      expect(out.statusCode).toBe(400);
      // A number outside the range was told to be "a whole number".
      expect(json<TError>(out).error.message, String(avatar)).toBe(message);
    }
    const row = await userRow(user.id);
    expect(row).toMatchObject({ lang: 'de', avatar: 7 });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(json<{ user: { lang: string; avatar: number } }>(me).user).toMatchObject({
      lang: 'de',
      avatar: 7,
    });
  });

  it('requires a logged-in user for every account call', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/account/avatar',
      payload: { avatar: 2 },
    });
    expect(res.statusCode).toBe(401);
    expect(json<TError>(res).error.code).toBe('NOT_LOGGED_IN');
  });
});

describe('account cancellation', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });
  afterEach(() => {
    ACCOUNT_CANCELLATION_BLOCKERS.length = 0;
  });

  const cancel = (token: string, loginPassword = 'Sekrit-12x') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/cancel',
      headers: bearer(token),
      payload: { reason: 'No longer needed', loginPassword },
    });

  it('cancels the account, ends its sessions and keeps the name taken', async () => {
    const { token, user, body } = await registerUser(ctx.app);
    const wrong = await cancel(token, 'wrong111');
    expect(json<TError>(wrong).error.code).toBe('WRONG_PASSWORD');
    const res = await cancel(token);
    expect(json(res)).toEqual({ ok: true });
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(user.id)));
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelReason: 'No longer needed',
      username: body.account,
    });
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    const [{ count } = { count: -1 }] = await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, BigInt(user.id)));
    expect(count).toBe(0);
    const relogin = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: 'Sekrit-12x',
    });
    expect(json<TError>(relogin).error.code).toBe('ACCOUNT_CANCELLED');
    const reregister = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
    expect(json<TError>(reregister).error.code).toBe('USERNAME_TAKEN');
  });

  it('frees the username and e-mail exactly when account_reregister_days has passed; the old row stays', async () => {
    const db = ctx.database.db;
    await db
      .insert(systemParams)
      .values({ code: 'account_reregister_days', value: '7' })
      .onConflictDoUpdate({ target: systemParams.code, set: { value: '7' } });
    const email = `cancelled${Date.now()}@example.com`;
    const byName = await registerUser(ctx.app);
    const byMail = await registerUser(ctx.app, { accountType: 'email', account: email });
    const seller = await registerUser(ctx.app);
    const zero = parseMoney('0');
    await db.insert(orders).values({
      orderNo: `RR${Date.now()}`,
      buyerUserId: BigInt(byName.user.id),
      storeId: await createStore(ctx, seller.user.id),
      sellerUserId: BigInt(seller.user.id),
      status: 4,
      itemsAmount: parseMoney('12.5'),
      dispatchFee: zero,
      longDistanceFee: zero,
      deliveryFee: zero,
      tax: zero,
      handlingFee: zero,
      discount: zero,
      total: parseMoney('12.5'),
      address: {} as never,
    });
    const userRow = async (id: string) => {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.id, BigInt(id)));
      return row!;
    };
    expect(json(await cancel(byName.token))).toEqual({ ok: true });
    expect(json(await cancel(byMail.token))).toEqual({ ok: true });
    const cancelledAgo = (id: string, interval: string) =>
      db
        .update(users)
        .set({ cancelledAt: sql`now() - ${interval}::interval` })
        .where(eq(users.id, BigInt(id)));
    const register = (body: typeof byName.body) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });

    // One minute inside the hold: still taken.
    await cancelledAgo(byName.user.id, '7 days - 1 minute');
    await cancelledAgo(byMail.user.id, '7 days - 1 minute');
    expect(json<TError>(await register(byName.body)).error.code).toBe('USERNAME_TAKEN');
    expect(json<TError>(await register(byMail.body)).error.code).toBe('EMAIL_TAKEN');
    expect((await userRow(byName.user.id)).username).toBe(byName.body.account);

    // One minute past it: registers as a new account; the old one keeps its row, orders and former names.
    await cancelledAgo(byName.user.id, '7 days 1 minute');
    await cancelledAgo(byMail.user.id, '7 days 1 minute');
    const again = await register({ ...byName.body, account: byName.body.account.toUpperCase() });
    expect(again.statusCode).toBe(201);
    const againMail = await register(byMail.body);
    expect(againMail.statusCode).toBe(201);
    const fresh = json<{ user: { id: string; username: string } }>(again).user;
    expect(fresh.id).not.toBe(byName.user.id);
    expect(json<{ user: { email: string } }>(againMail).user.email).toBe(email);
    const old = await userRow(byName.user.id);
    expect(old).toMatchObject({
      status: 'cancelled',
      username: null,
      formerUsername: byName.body.account,
      usercode: byName.user.usercode,
    });
    expect(old.identityReleasedAt).toBeInstanceOf(Date);
    expect(await userRow(byMail.user.id)).toMatchObject({ email: null, formerEmail: email });
    const [kept] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.buyerUserId, old.id));
    expect(kept?.n).toBe(1);
    // The new account logs in with the freed name; the old one stays cancelled.
    const relogin = await login(ctx.app, {
      accountType: 'username',
      account: byName.body.account,
      password: 'Sekrit-12x',
    });
    expect(json<{ user: { id: string } }>(relogin).user.id).toBe(fresh.id);

    // 0 days: freed at once.
    await db.update(systemParams).set({ value: '0' }).where(eq(systemParams.code, 'account_reregister_days'));
    const quick = await registerUser(ctx.app);
    await cancel(quick.token);
    expect((await register(quick.body)).statusCode).toBe(201);
    await db
      .update(systemParams)
      .set({ value: '30' })
      .where(eq(systemParams.code, 'account_reregister_days'));
  });

  it('refuses sellers and runs the blockers other domains register', async () => {
    const seller = await registerUser(ctx.app);
    await createStore(ctx, seller.user.id);
    // Named before the form is sent, in the reader's language, and the same the closing then refuses with.
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/account/cancel?lang=en',
      headers: bearer(seller.token),
    });
    expect(json<{ blockers: { code: string; message: string }[] }>(check).blockers).toEqual([
      { code: 'CANCEL_BLOCKED_SHOP', message: errorMessage('en', 'CANCEL_BLOCKED_SHOP') },
    ]);
    const refused = await cancel(seller.token);
    expect(refused.statusCode).toBe(409);
    expect(json<TError>(refused).error.code).toBe('CANCEL_BLOCKED_SHOP');
    const clear = await registerUser(ctx.app);
    const nothing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/account/cancel',
      headers: bearer(clear.token),
    });
    expect(json(nothing)).toEqual({ blockers: [] });

    const buyer = await registerUser(ctx.app);
    const seen: bigint[] = [];
    ACCOUNT_CANCELLATION_BLOCKERS.push(async (tx, userId) => {
      seen.push(userId);
      const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId));
      return row?.status === 'active' ? 'CANCEL_BLOCKED_BALANCE' : null;
    });
    const blocked = await cancel(buyer.token);
    expect(blocked.statusCode).toBe(409);
    expect(json<TError>(blocked).error.code).toBe('CANCEL_BLOCKED_BALANCE');
    expect(seen).toEqual([BigInt(buyer.user.id)]);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(buyer.user.id)));
    expect(row?.status).toBe('active');
    ACCOUNT_CANCELLATION_BLOCKERS.pop();
  });

  it('refuses while an order is still under way, and allows it once the order is cancelled', async () => {
    const db = ctx.database.db;
    const seller = await registerUser(ctx.app);
    const storeId = await createStore(ctx, seller.user.id);
    const buyer = await registerUser(ctx.app);
    const zero = parseMoney('0');
    const [order] = await db
      .insert(orders)
      .values({
        orderNo: `2026${Date.now()}`,
        buyerUserId: BigInt(buyer.user.id),
        storeId: BigInt(storeId),
        sellerUserId: BigInt(seller.user.id),
        status: 1,
        itemsAmount: parseMoney('10'),
        dispatchFee: zero,
        longDistanceFee: zero,
        deliveryFee: zero,
        tax: zero,
        handlingFee: zero,
        discount: zero,
        total: parseMoney('10'),
        address: {} as never,
      })
      .returning({ id: orders.id });
    const blocked = await cancel(buyer.token);
    expect(blocked.statusCode).toBe(409);
    expect(json<TError>(blocked).error).toMatchObject({
      code: 'CANCEL_BLOCKED_OPEN_ORDER',
      message: 'Orders are still open: wait until they are completed or cancel them first',
    });
    await db.update(orders).set({ status: -1 }).where(eq(orders.id, order!.id));
    expect((await cancel(buyer.token)).statusCode).toBe(200);
  });
});

describe('subscriptions and public system parameters', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('subscribes an e-mail once', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      payload: { email: 'Shopper@Example.com' },
    });
    expect(res.statusCode).toBe(201);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      payload: { email: 'shopper@example.com' },
    });
    // Still pending (double opt-in): the same mailbox gets no second confirmation mail so soon.
    expect(again.statusCode).toBe(429);
    expect(json<TError>(again).error.code).toBe('SUBSCRIPTION_CONFIRM_RECENTLY_SENT');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions',
      payload: { email: 'a@b' },
    });
    expect(bad.statusCode).toBe(400);
    const rows = await ctx.database.db.select().from(subscriptions);
    // Stored as typed; the check is on the canonical form.
    expect(rows.map((r) => r.email)).toEqual(['Shopper@Example.com']);
  });

  it('answers only allow-listed parameters', async () => {
    await ctx.database.db
      .insert(systemParams)
      .values({ code: 'secret_api_key', value: 'hidden' })
      .onConflictDoNothing();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/system-params?codes=mall_max_goods_number_in_order,customer_service_url,secret_api_key',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { mall_max_goods_number_in_order: '500', customer_service_url: '' } });
    const [param] = await ctx.database.db
      .select()
      .from(systemParams)
      .where(and(eq(systemParams.code, 'secret_api_key')));
    expect(param?.value).toBe('hidden');
  });
});

import { STAFF_PERMISSIONS } from '@caravan/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, sessions, staff, systemParams, users } from '../../db/schema';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { recordAudit } from '../audit';
import { createStaffMember, login, registerUser, solveChallenge, uniqueName } from '../auth/test-fixtures';

type TError = { error: { code: string; message: string; details?: Record<string, unknown> } };

describe('staff log-in', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('logs staff in with the staff cookie and answers me with the role permissions', async () => {
    const member = await createStaffMember(ctx, { role: 'Finance reviewer', username: 'FinanceOne' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username: 'financeone', password: member.password },
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ token: string; staff: Record<string, unknown> }>(res);
    expect(res.cookies.find((c) => c.name === 'caravan_staff_session')).toMatchObject({
      value: body.token,
      httpOnly: true,
    });
    expect(body.staff).toMatchObject({ username: 'FinanceOne', roleName: 'Finance reviewer' });
    expect(body.staff.permissions).toContain('finance.review');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/auth/me',
      headers: bearer(body.token),
    });
    expect(json<{ staff: { id: string } }>(me).staff.id).toBe(String(member.id));
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/logout',
      headers: bearer(body.token),
    });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/auth/me',
      headers: bearer(body.token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('applies the log-in limits and refuses disabled staff', async () => {
    const member = await createStaffMember(ctx, { role: 'Customer service' });
    const attempt = (password: string, remoteAddress = '10.2.0.1') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        remoteAddress,
        payload: { username: member.username, password },
      });
    expect(json<TError>(await attempt('nope1234')).error).toMatchObject({
      code: 'LOGIN_FAILED',
      details: { remainingAttempts: 2 },
    });
    await attempt('nope1234');
    expect(json<TError>(await attempt('nope1234')).error.code).toBe('CHALLENGE_REQUIRED');
    const solved = async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/challenge', payload: {} });
      const c = json<{ id: string; difficulty: number }>(res);
      return { id: c.id, nonce: solveChallenge(c.id, c.difficulty) };
    };
    const third = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      remoteAddress: '10.2.0.1',
      payload: { username: member.username, password: 'nope1234', challenge: await solved() },
    });
    expect(json<TError>(third).error.code).toBe('LOGIN_LOCKED_MINUTES');
    expect(json<TError>(await attempt(member.password)).error.code).toBe('LOGIN_LOCKED_MINUTES');
    // The pause binds the source that failed; from elsewhere the human check lets the member in.
    const challenge = json<{ id: string; difficulty: number }>(
      await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/challenge', payload: {} }),
    );
    const withCheck = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      remoteAddress: '10.2.0.2',
      payload: {
        username: member.username,
        password: member.password,
        challenge: { id: challenge.id, nonce: solveChallenge(challenge.id, challenge.difficulty) },
      },
    });
    expect(withCheck.statusCode).toBe(200);
    // An administrator enabling the member again lifts the pause of every source (QA accounts #1).
    const manager = await createStaffMember(ctx, { role: 'Administrator' });
    const setStatus = (status: 'active' | 'disabled') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/staff/${member.id}`,
        headers: bearer(manager.token),
        payload: { status },
      });
    expect((await setStatus('disabled')).statusCode).toBe(200);
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await attempt(member.password)).statusCode).toBe(200);
    await ctx.database.db.update(staff).set({ status: 'disabled' }).where(eq(staff.id, member.id));
    const disabled = await attempt(member.password, '10.2.0.3');
    expect(disabled.statusCode).toBe(403);
    expect(json<TError>(disabled).error.code).toBe('USER_DISABLED');
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username: 'ghost', password: 'whatever1' },
    });
    expect(json<TError>(unknown).error.code).toBe('LOGIN_FAILED');
  });

  it('answers NO_PERMISSION to staff whose role lacks the permission', async () => {
    const support = await createStaffMember(ctx, { role: 'Customer service' });
    const calls = [
      { method: 'POST' as const, url: '/api/v1/admin/users/1/disable', payload: { reason: 'Fraud' } },
      { method: 'GET' as const, url: '/api/v1/admin/roles' },
      { method: 'GET' as const, url: '/api/v1/admin/staff' },
      { method: 'GET' as const, url: '/api/v1/admin/audit-log' },
      { method: 'GET' as const, url: '/api/v1/admin/system-params' },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers: bearer(support.token) });
      expect(res.statusCode, call.url).toBe(403);
      expect(json<TError>(res).error.code).toBe('NO_PERMISSION');
    }
    const allowed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: bearer(support.token),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers NO_PERMISSION before it reads the request: a role without the right learns no field or rule', async () => {
    const finance = await createStaffMember(ctx, { role: 'Finance reviewer' });
    const calls = [
      { method: 'POST' as const, url: '/api/v1/admin/staff', payload: {} },
      { method: 'POST' as const, url: '/api/v1/admin/staff', payload: { username: 'x', password: 'weak' } },
      { method: 'PUT' as const, url: '/api/v1/admin/system-params/order_settle_days', payload: {} },
      { method: 'POST' as const, url: '/api/v1/admin/users/abc/disable', payload: {} },
      { method: 'PUT' as const, url: '/api/v1/admin/roles/abc', payload: { name: '' } },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject({ ...call, headers: bearer(finance.token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(json<TError>(res).error).toEqual({ code: 'NO_PERMISSION', message: expect.any(String) });
    }
    // Without a session it is the log-in that is asked for, not the fields.
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/staff', payload: {} });
    expect(json<TError>(anonymous).error.code).toBe('NOT_LOGGED_IN');
  });
});

describe('user administration', () => {
  let ctx: TTestContext;
  let admin: Awaited<ReturnType<typeof createStaffMember>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createStaffMember(ctx, { role: 'Administrator' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists users with paging, keyword and status filters', async () => {
    const prefix = uniqueName('list').slice(0, 12);
    for (let i = 0; i < 3; i++) {
      await registerUser(ctx.app, { account: `${prefix}x${i}` });
    }
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?keyword=${prefix}&pageNum=1&pageSize=2`,
      headers: bearer(admin.token),
    });
    expect(page.statusCode).toBe(200);
    const body = json<{ pageList: { username: string }[]; total: number; pageNum: number; pageSize: number }>(
      page,
    );
    expect(body).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(body.pageList.map((u) => u.username)).toEqual([`${prefix}x2`, `${prefix}x1`]);
    const second = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?keyword=${prefix}&pageNum=2&pageSize=2`,
      headers: bearer(admin.token),
    });
    expect(json<{ pageList: unknown[] }>(second).pageList).toHaveLength(1);
    const wildcard = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users?keyword=%25',
      headers: bearer(admin.token),
    });
    expect(json<{ total: number }>(wildcard).total).toBe(0);
    const badPage = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users?pageNum=0',
      headers: bearer(admin.token),
    });
    expect(badPage.statusCode).toBe(400);
  });

  it('sorts users by creation either way across pages, equal times by id, and refuses other keys', async () => {
    const prefix = uniqueName('sort').slice(0, 12);
    const ids: bigint[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(BigInt((await registerUser(ctx.app, { account: `${prefix}x${i}` })).user.id));
    }
    // Creation times against the ids' order, two of them equal: [x0, x1, x2, x3, x4] -> 3, 1, 2, 1, 0 days ago.
    const daysAgo = [3, 1, 2, 1, 0];
    for (const [i, id] of ids.entries()) {
      await ctx.database.db
        .update(users)
        .set({ createdAt: new Date(Date.UTC(2026, 10, 20 - daysAgo[i]!)) })
        .where(eq(users.id, id));
    }
    const names = async (query: string) => {
      const listed: string[] = [];
      for (const pageNum of [1, 2, 3]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/admin/users?keyword=${prefix}&pageSize=2&pageNum=${pageNum}${query}`,
          headers: bearer(admin.token),
        });
        expect(res.statusCode, res.body).toBe(200);
        listed.push(...json<{ pageList: { username: string }[] }>(res).pageList.map((u) => u.username));
      }
      return listed.map((name) => name.slice(prefix.length));
    };
    // x1 and x3 were created at the same time: x1 (the smaller id) first going up, last going down.
    expect(await names('&sort=createdAt&order=asc')).toEqual(['x0', 'x2', 'x1', 'x3', 'x4']);
    expect(await names('&sort=createdAt&order=desc')).toEqual(['x4', 'x3', 'x1', 'x2', 'x0']);
    // Without a sort the list stays newest account first, by id.
    expect(await names('')).toEqual(['x4', 'x3', 'x2', 'x1', 'x0']);
    for (const query of ['sort=balance', 'sort=createdAt&order=newest', 'sort=created_at']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/users?${query}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode, query).toBe(400);
      expect(json<TError>(res).error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'This is not one of the allowed values',
      });
    }
  });

  it('disabling ends the user sessions and blocks log-in; enabling lifts the lockouts; both are audited', async () => {
    const { token, user, body } = await registerUser(ctx.app);
    for (const payload of [undefined, {}, { reason: '   ' }]) {
      const withoutReason = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${user.id}/disable`,
        headers: bearer(admin.token),
        ...(payload ? { payload } : {}),
      });
      expect(withoutReason.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json<TError>(withoutReason).error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const disable = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.id}/disable`,
      headers: bearer(admin.token),
      payload: { reason: 'Chargeback fraud reported by the bank' },
    });
    expect(json(disable)).toEqual({ ok: true });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const relogin = await login(ctx.app, {
      accountType: 'username',
      account: body.account,
      password: 'Sekrit-12x',
    });
    expect(json<TError>(relogin).error.code).toBe('USER_DISABLED');
    const disabledList = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?status=disabled&keyword=${body.account}`,
      headers: bearer(admin.token),
    });
    expect(json<{ total: number }>(disabledList).total).toBe(1);

    await ctx.database.db
      .update(users)
      .set({
        loginFailStreak: 2,
        loginFailDayCount: 11,
        loginFailDay: new Date().toISOString().slice(0, 10),
        txFailStreak: 2,
      })
      .where(eq(users.id, BigInt(user.id)));
    const enable = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.id}/enable`,
      headers: bearer(admin.token),
      payload: { reason: 'The bank withdrew its report' },
    });
    expect(enable.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(user.id)));
    expect(row).toMatchObject({
      status: 'active',
      loginFailStreak: 0,
      loginFailDayCount: 0,
      txFailStreak: 0,
    });
    expect(
      (await login(ctx.app, { accountType: 'username', account: body.account, password: 'Sekrit-12x' }))
        .statusCode,
    ).toBe(200);

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id))
      .orderBy(desc(auditLog.id));
    expect(
      audit.map((a) => [a.action, a.targetType, a.staffId, (a.details as { reason: string }).reason]),
    ).toEqual([
      ['user.enable', 'user', admin.id, 'The bank withdrew its report'],
      ['user.disable', 'user', admin.id, 'Chargeback fraud reported by the bank'],
    ]);
    const log = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit-log?targetType=user&targetId=${user.id}`,
      headers: bearer(admin.token),
    });
    expect(json<{ total: number; pageList: { action: string; staffUsername: string }[] }>(log)).toMatchObject(
      {
        total: 2,
        pageList: [
          { action: 'user.enable', staffUsername: admin.username },
          { action: 'user.disable', staffUsername: admin.username },
        ],
      },
    );
  });

  it('answers USER_NOT_FOUND for an unknown user and rolls the audit row back with a failed change', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users/999999/disable',
      headers: bearer(admin.token),
      payload: { reason: 'Fraud' },
    });
    expect(res.statusCode).toBe(404);
    await ctx.database.db
      .transaction(async (tx) => {
        await recordAudit(tx, {
          staffId: admin.id,
          action: 'user.disable',
          targetType: 'user',
          targetId: 'rollback-check',
        });
        throw new Error('fail');
      })
      .catch(() => undefined);
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, 'rollback-check'));
    expect(rows).toHaveLength(0);
  });
});

describe('roles and staff members', () => {
  let ctx: TTestContext;
  let admin: Awaited<ReturnType<typeof createStaffMember>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createStaffMember(ctx, { role: 'Administrator' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

  it('creates roles with unique names (any case, also when racing) and lists them with user counts', async () => {
    const created = await call('POST', '/api/v1/admin/roles', {
      name: 'Auditors',
      description: 'Reads the audit log',
      permissions: ['audit.read', 'users.read'],
    });
    expect(created.statusCode).toBe(201);
    const dup = await call('POST', '/api/v1/admin/roles', { name: 'AUDITORS', permissions: [] });
    expect(dup.statusCode).toBe(409);
    expect(json<TError>(dup).error.code).toBe('ROLE_NAME_TAKEN');
    const race = await Promise.all(
      [1, 2].map(() => call('POST', '/api/v1/admin/roles', { name: 'Racers', permissions: [] })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const badPermission = await call('POST', '/api/v1/admin/roles', { name: 'Bad', permissions: ['root'] });
    expect(badPermission.statusCode).toBe(400);

    const list = json<{ data: { name: string; userCount: number; permissions: string[] }[] }>(
      await call('GET', '/api/v1/admin/roles'),
    ).data;
    expect(list.find((r) => r.name === 'Auditors')).toEqual(
      expect.objectContaining({ userCount: 0, permissions: ['users.read', 'audit.read'] }),
    );
    expect(list.find((r) => r.name === 'Administrator')?.userCount).toBe(1);
    const renameClash = await call('PUT', `/api/v1/admin/roles/${json<{ id: string }>(created).id}`, {
      name: 'racers',
      permissions: [],
    });
    expect(json<TError>(renameClash).error.code).toBe('ROLE_NAME_TAKEN');
  });

  it('refuses to delete a role held by staff, deletes it once free', async () => {
    const role = json<{ id: string }>(
      await call('POST', '/api/v1/admin/roles', { name: 'Temp', permissions: ['users.read'] }),
    );
    const member = json<{ id: string }>(
      await call('POST', '/api/v1/admin/staff', {
        username: 'tempstaff',
        displayName: 'Temp',
        password: 'temppw12',
        roleId: role.id,
      }),
    );
    const inUse = await call('DELETE', `/api/v1/admin/roles/${role.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(json<TError>(inUse).error.code).toBe('ROLE_IN_USE');
    const support = (
      await ctx.database.db.select().from(roles).where(eq(roles.name, 'Customer service'))
    )[0]!;
    expect(
      (await call('PUT', `/api/v1/admin/staff/${member.id}`, { roleId: String(support.id) })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/v1/admin/roles/${role.id}`)).statusCode).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(roles)
        .where(eq(roles.id, BigInt(role.id))),
    ).toHaveLength(0);
    const missing = await call('DELETE', `/api/v1/admin/roles/${role.id}`);
    expect(json<TError>(missing).error.code).toBe('ROLE_NOT_FOUND');
  });

  it('keeps every permission on the Administrator role and system role names', async () => {
    const all = await ctx.database.db.select().from(roles);
    const administrator = all.find((r) => r.name === 'Administrator')!;
    const finance = all.find((r) => r.name === 'Finance reviewer')!;
    const shrink = await call('PUT', `/api/v1/admin/roles/${administrator.id}`, {
      name: 'Administrator',
      permissions: ['users.read'],
    });
    expect(json<TError>(shrink).error.code).toBe('ROLE_SYSTEM_LOCKED');
    const rename = await call('PUT', `/api/v1/admin/roles/${finance.id}`, { name: 'Money', permissions: [] });
    expect(json<TError>(rename).error.code).toBe('ROLE_SYSTEM_LOCKED');
    const edit = await call('PUT', `/api/v1/admin/roles/${finance.id}`, {
      name: 'Finance reviewer',
      description: 'Reviews money',
      permissions: ['finance.review'],
    });
    expect(edit.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(roles).where(eq(roles.id, finance.id));
    expect(row).toMatchObject({ permissions: ['finance.review'], description: 'Reviews money' });
    const keepAll = await call('PUT', `/api/v1/admin/roles/${administrator.id}`, {
      name: 'Administrator',
      description: 'Everything',
      permissions: [...STAFF_PERMISSIONS],
    });
    expect(keepAll.statusCode).toBe(200);
    const del = await call('DELETE', `/api/v1/admin/roles/${finance.id}`);
    expect(json<TError>(del).error.code).toBe('ROLE_SYSTEM_LOCKED');
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'role'), eq(auditLog.targetId, String(finance.id))));
    expect(audits.map((a) => a.action)).toEqual(['role.update']);
  });

  it('creates and updates staff; nobody disables himself; a new password ends their sessions', async () => {
    const support = (
      await ctx.database.db.select().from(roles).where(eq(roles.name, 'Customer service'))
    )[0]!;
    const created = await call('POST', '/api/v1/admin/staff', {
      username: 'agentsmith',
      displayName: 'Agent Smith',
      password: 'agentpw1',
      roleId: String(support.id),
    });
    expect(created.statusCode).toBe(201);
    const dup = await call('POST', '/api/v1/admin/staff', {
      username: 'AgentSmith',
      displayName: 'Again',
      password: 'agentpw1',
      roleId: String(support.id),
    });
    expect(json<TError>(dup).error.code).toBe('USERNAME_TAKEN');
    const noRole = await call('POST', '/api/v1/admin/staff', {
      username: 'norole',
      displayName: 'No role',
      password: 'agentpw1',
      roleId: '999999',
    });
    expect(json<TError>(noRole).error.code).toBe('ROLE_NOT_FOUND');
    // The users' rule for log-in names: no spaces, no markup, 6-30 letters or digits.
    for (const username of ['fin two', '<b>x</b>', 'cs2', 'a'.repeat(31)]) {
      const refused = await call('POST', '/api/v1/admin/staff', {
        username,
        displayName: 'Refused',
        password: 'agentpw1',
        roleId: String(support.id),
      });
      expect(refused.statusCode, username).toBe(400);
      expect(json<TError>(refused).error.message).toBe('Username must be 6-30 letters or digits');
    }

    const agentLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username: 'agentsmith', password: 'agentpw1' },
    });
    const agentToken = json<{ token: string }>(agentLogin).token;
    const id = json<{ id: string }>(created).id;
    expect(
      (await call('PUT', `/api/v1/admin/staff/${id}`, { displayName: 'Mr Smith', password: 'newagent1' }))
        .statusCode,
    ).toBe(200);
    const stale = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/auth/me',
      headers: bearer(agentToken),
    });
    expect(stale.statusCode).toBe(401);
    const list = json<{ data: { id: string; displayName: string; roleName: string }[] }>(
      await call('GET', '/api/v1/admin/staff'),
    );
    expect(list.data.find((s) => s.id === id)).toMatchObject({
      displayName: 'Mr Smith',
      roleName: 'Customer service',
    });

    const self = await call('PUT', `/api/v1/admin/staff/${admin.id}`, { status: 'disabled' });
    expect(self.statusCode).toBe(400);
    expect(json<TError>(self).error.code).toBe('CANNOT_DISABLE_SELF');
    expect((await call('PUT', `/api/v1/admin/staff/${id}`, { status: 'disabled' })).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(staff)
      .where(eq(staff.id, BigInt(id)));
    expect(row?.status).toBe('disabled');
    const leftSessions = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.staffId, BigInt(id)));
    expect(leftSessions).toHaveLength(0);
    const missing = await call('PUT', '/api/v1/admin/staff/999999', { displayName: 'x' });
    expect(json<TError>(missing).error.code).toBe('STAFF_NOT_FOUND');
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'staff'), eq(auditLog.targetId, id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['staff.create', 'staff.update', 'staff.update']);
  });

  it('lists and updates system parameters with validation and audit', async () => {
    const list = json<{ data: { code: string; isPublic: boolean }[] }>(
      await call('GET', '/api/v1/admin/system-params'),
    );
    expect(list.data.find((p) => p.code === 'mall_max_goods_number_in_order')?.isPublic).toBe(true);
    const bad = await call('PUT', '/api/v1/admin/system-params/mall_max_goods_number_in_order', {
      value: '-3',
    });
    expect(json<TError>(bad).error.code).toBe('SETTING_OUT_OF_RANGE');
    const ok = await call('PUT', '/api/v1/admin/system-params/mall_max_goods_number_in_order', {
      value: '200',
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(systemParams)
      .where(eq(systemParams.code, 'mall_max_goods_number_in_order'));
    expect(row?.value).toBe('200');
    const pub = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/system-params?codes=mall_max_goods_number_in_order',
    });
    expect(json(pub)).toEqual({ data: { mall_max_goods_number_in_order: '200' } });
    const unknown = await call('PUT', '/api/v1/admin/system-params/no_such_code', { value: '1' });
    expect(json<TError>(unknown).error.code).toBe('SETTING_UNKNOWN');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, 'mall_max_goods_number_in_order'));
    expect(audit).toMatchObject({ action: 'system_param.update', details: { before: '500', after: '200' } });

    // Stored as the number reads, and a save that changes nothing is not audited.
    const padded = await call('PUT', '/api/v1/admin/system-params/mall_max_goods_number_in_order', {
      value: ' 0300 ',
    });
    expect(padded.statusCode).toBe(200);
    const again = await call('PUT', '/api/v1/admin/system-params/mall_max_goods_number_in_order', {
      value: '300',
    });
    expect(again.statusCode).toBe(200);
    const [stored] = await ctx.database.db
      .select()
      .from(systemParams)
      .where(eq(systemParams.code, 'mall_max_goods_number_in_order'));
    expect(stored?.value).toBe('300');
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, 'mall_max_goods_number_in_order'))
      .orderBy(auditLog.id);
    expect(audits.map((row) => row.details)).toEqual([
      { before: '500', after: '200' },
      { before: '200', after: '300' },
    ]);
  });
});

describe('the platform keeps an administrator', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const put = (token: string, id: bigint, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v1/admin/staff/${id}`, headers: bearer(token), payload });
  const roleIdOf = async (name: string) =>
    String((await ctx.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0]!.id);

  it('refuses to demote or disable the last active administrator, whoever asks', async () => {
    const db = ctx.database.db;
    const first = await createStaffMember(ctx, { role: 'Administrator' });
    const second = await createStaffMember(ctx, { role: 'Administrator' });
    const staffManager = await createStaffMember(ctx, { permissions: ['staff.manage'] });
    const administratorRoleId = await roleIdOf('Administrator');
    // Only these two administrators are active.
    const others = await db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.roleId, BigInt(administratorRoleId)));
    for (const { id } of others.filter(({ id }) => id !== first.id && id !== second.id)) {
      await db.update(staff).set({ status: 'disabled' }).where(eq(staff.id, id));
    }
    const financeRoleId = await roleIdOf('Finance reviewer');
    // With another administrator left, one may step down.
    expect((await put(second.token, second.id, { roleId: financeRoleId })).statusCode).toBe(200);

    // The last one may not: nobody could manage staff or roles any more (QA, 2026-12-03).
    const demoted = await put(first.token, first.id, { roleId: financeRoleId });
    expect(demoted.statusCode).toBe(409);
    expect(json<TError>(demoted).error).toMatchObject({
      code: 'LAST_ADMINISTRATOR',
      message: 'The platform must keep at least one active administrator',
    });
    const disabled = await put(staffManager.token, first.id, { status: 'disabled' });
    expect(json<TError>(disabled).error.code).toBe('LAST_ADMINISTRATOR');
    const byOther = await put(staffManager.token, first.id, { roleId: financeRoleId });
    expect(json<TError>(byOther).error.code).toBe('LAST_ADMINISTRATOR');
    const [kept] = await db.select().from(staff).where(eq(staff.id, first.id));
    expect(kept).toMatchObject({ roleId: BigInt(administratorRoleId), status: 'active' });

    // Other changes to the last administrator still go through.
    expect((await put(first.token, first.id, { displayName: 'Chief' })).statusCode).toBe(200);
  });

  it('lets staff give, change or remove only what they hold themselves (QA console #2)', async () => {
    const db = ctx.database.db;
    const administrator = await createStaffMember(ctx, { role: 'Administrator' });
    const staffManager = await createStaffMember(ctx, { permissions: ['staff.manage', 'users.read'] });
    const roleManager = await createStaffMember(ctx, { permissions: ['roles.manage', 'users.read'] });
    const administratorRoleId = await roleIdOf('Administrator');
    const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const codeOf = async (pending: Promise<{ statusCode: number; body: string }>) => {
      const res = await pending;
      return res.statusCode === 200 || res.statusCode === 201 ? 'ok' : json<TError>(res as never).error.code;
    };

    // A staff manager can neither take an administrator's account nor raise himself or a new member.
    expect(await codeOf(put(staffManager.token, administrator.id, { password: 'Takeover!x77' }))).toBe(
      'PERMISSION_ABOVE_OWN',
    );
    expect(await codeOf(put(staffManager.token, staffManager.id, { roleId: administratorRoleId }))).toBe(
      'PERMISSION_ABOVE_OWN',
    );
    const created = send(staffManager.token, 'POST', '/api/v1/admin/staff', {
      username: uniqueName('mole'),
      displayName: 'Mole',
      password: 'Sekrit-12x',
      roleId: administratorRoleId,
    });
    expect(await codeOf(created)).toBe('PERMISSION_ABOVE_OWN');
    const [administratorRow] = await db.select().from(staff).where(eq(staff.id, administrator.id));
    expect(administratorRow?.roleId).toBe(BigInt(administratorRoleId));
    const stillAdministrator = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      remoteAddress: '10.3.0.1',
      payload: { username: administrator.username, password: administrator.password },
    });
    expect(stillAdministrator.statusCode).toBe(200);

    // Within his own permissions he manages staff as before.
    const smallRole = await send(administrator.token, 'POST', '/api/v1/admin/roles', {
      name: uniqueName('readers'),
      description: '',
      permissions: ['users.read'],
    });
    const smallRoleId = json<{ id: string }>(smallRole).id;
    const helper = send(staffManager.token, 'POST', '/api/v1/admin/staff', {
      username: uniqueName('helper'),
      displayName: 'Helper',
      password: 'Sekrit-12x',
      roleId: smallRoleId,
    });
    expect(await codeOf(helper)).toBe('ok');

    // A role manager cannot give any role, his own included, a permission he lacks, nor edit or delete a bigger one.
    const ownRoleId = String((await db.select().from(staff).where(eq(staff.id, roleManager.id)))[0]!.roleId);
    const widen = send(roleManager.token, 'PUT', `/api/v1/admin/roles/${ownRoleId}`, {
      name: uniqueName('widened'),
      description: '',
      permissions: ['roles.manage', 'users.read', 'settings.manage'],
    });
    expect(await codeOf(widen)).toBe('PERMISSION_ABOVE_OWN');
    const bigRole = send(roleManager.token, 'POST', '/api/v1/admin/roles', {
      name: uniqueName('big'),
      description: '',
      permissions: ['finance.review'],
    });
    expect(await codeOf(bigRole)).toBe('PERMISSION_ABOVE_OWN');
    const financeRoleId = await roleIdOf('Finance reviewer');
    expect(
      await codeOf(
        send(roleManager.token, 'PUT', `/api/v1/admin/roles/${financeRoleId}`, {
          name: 'Finance reviewer',
          description: '',
          permissions: ['users.read'],
        }),
      ),
    ).toBe('PERMISSION_ABOVE_OWN');
    const ownRole = await db
      .select()
      .from(roles)
      .where(eq(roles.id, BigInt(ownRoleId)));
    expect(ownRole[0]?.permissions).toEqual(['roles.manage', 'users.read']);
  });
});

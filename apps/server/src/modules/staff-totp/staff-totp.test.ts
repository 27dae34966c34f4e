import type { TStaffTotpEnabled, TStaffTotpSetup, TStaffTotpState } from '@caravan/contracts';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, systemParams } from '../../db/schema';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createStaffMember } from '../auth/test-fixtures';

type TErr = { error: { code: string } };

describe('staff sign-in with an authenticator (TOTP)', () => {
  let ctx: TTestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const login = (username: string, password: string, totpCode?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username, password, ...(totpCode ? { totpCode } : {}) },
    });
  const post = (url: string, token: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const codeAt = (secret: string, secondsFromNow = 0) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + secondsFromNow });

  it('enrols with a QR code, then asks for the code at log-in, refuses wrong or replayed codes, takes a recovery code once', async () => {
    const member = await createStaffMember(ctx, { permissions: ['finance.review'] });
    const setup = json<TStaffTotpSetup>(await post('/api/v1/admin/auth/totp/setup', member.token));
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauthUrl).toContain(`otpauth://totp/Caravan:${member.username}`);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);

    expect(
      json<TErr>(await post('/api/v1/admin/auth/totp/enable', member.token, { code: '000000' })).error.code,
    ).toBe('TOTP_CODE_INVALID');
    const enabled = await post('/api/v1/admin/auth/totp/enable', member.token, {
      code: await codeAt(setup.secret),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = json<TStaffTotpEnabled>(enabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const state = json<TStaffTotpState>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/auth/totp', headers: bearer(member.token) }),
    );
    expect(state).toMatchObject({ isEnabled: true, recoveryCodesLeft: 10 });

    // The password alone no longer opens a session; nor does a wrong code.
    const withoutCode = await login(member.username, member.password);
    expect(withoutCode.statusCode).toBe(401);
    expect(json<TErr>(withoutCode).error.code).toBe('TOTP_REQUIRED');
    expect(withoutCode.headers['set-cookie']).toBeUndefined();
    expect(json<TErr>(await login(member.username, member.password, '123456')).error.code).toBe(
      'TOTP_CODE_INVALID',
    );
    // A wrong password with a right code is still a wrong password (answered like an unknown account).
    expect(
      json<TErr>(await login(member.username, 'wrongpw1', await codeAt(setup.secret, 30))).error.code,
    ).toBe('LOGIN_FAILED');

    const next = await codeAt(setup.secret, 30);
    const ok = await login(member.username, member.password, next);
    expect(ok.statusCode, ok.body).toBe(200);
    const session = json<{ token: string }>(ok).token;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/auth/me', headers: bearer(session) }))
        .statusCode,
    ).toBe(200);
    // The same code cannot be used twice.
    expect(json<TErr>(await login(member.username, member.password, next)).error.code).toBe(
      'TOTP_CODE_INVALID',
    );

    const recovery = recoveryCodes[0]!;
    expect((await login(member.username, member.password, recovery)).statusCode).toBe(200);
    expect(json<TErr>(await login(member.username, member.password, recovery)).error.code).toBe(
      'TOTP_CODE_INVALID',
    );
    const audits = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'staff'), eq(auditLog.targetId, String(member.id))));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'staff.totp_enable',
      'staff.totp_recovery_code_used',
    ]);
  });

  it('when the setting requires it, a money role must enrol before using its money permission', async () => {
    await ctx.database.db
      .update(systemParams)
      .set({ value: 'true' })
      .where(eq(systemParams.code, 'staff_totp_required_for_money_roles'));
    const finance = await createStaffMember(ctx, { permissions: ['finance.review', 'users.read'] });
    const support = await createStaffMember(ctx, { permissions: ['users.read'] });
    const get = (url: string, token: string) =>
      ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

    const blocked = await get('/api/v1/admin/finance/withdrawals', finance.token);
    expect(blocked.statusCode).toBe(403);
    expect(json<TErr>(blocked).error.code).toBe('TOTP_ENROLMENT_REQUIRED');
    // The second-approval queue moves money too.
    expect(json<TErr>(await get('/api/v1/admin/approvals', finance.token)).error.code).toBe(
      'TOTP_ENROLMENT_REQUIRED',
    );
    // Other pages and the enrolment itself stay open; staff without money permissions are not affected.
    expect((await get('/api/v1/admin/users', finance.token)).statusCode).toBe(200);
    expect(json<TStaffTotpState>(await get('/api/v1/admin/auth/totp', finance.token)).isRequired).toBe(true);
    expect(json<TStaffTotpState>(await get('/api/v1/admin/auth/totp', support.token)).isRequired).toBe(false);

    const setup = json<TStaffTotpSetup>(await post('/api/v1/admin/auth/totp/setup', finance.token));
    await post('/api/v1/admin/auth/totp/enable', finance.token, { code: await codeAt(setup.secret) });
    expect((await get('/api/v1/admin/finance/withdrawals', finance.token)).statusCode).toBe(200);
    expect((await get('/api/v1/admin/approvals', finance.token)).statusCode).toBe(200);

    // The setting is declared with its range.
    const admin = await createStaffMember(ctx, { permissions: ['settings.manage'] });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/system-params/staff_totp_required_for_money_roles',
      headers: bearer(admin.token),
      payload: { value: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses malformed codes at log-in with a 400', async () => {
    for (const totpCode of ['12345', '1234567', 'abcdef', '12\u000034']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { username: 'nobody', password: 'whatever1', totpCode },
      });
      expect(res.statusCode, totpCode).toBe(400);
    }
  });
});

import type { TAuditEntry } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../db/schema';
import { createTestStaff } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { recordAudit } from '../audit';

describe('audit log search and CSV export', () => {
  let ctx: TTestContext;
  let auditor: { id: bigint; token: string };
  let other: { id: bigint; token: string };
  let support: { id: bigint; token: string };
  let otherName: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    auditor = await createTestStaff(db, ['audit.read']);
    other = await createTestStaff(db, ['finance.review']);
    support = await createTestStaff(db, ['chat.answer']);
    otherName = (await db.select({ u: staff.username }).from(staff).where(eq(staff.id, other.id)))[0]!.u;
    await recordAudit(db, {
      staffId: other.id,
      action: 'withdrawal.first_approval',
      targetType: 'withdrawal',
      targetId: 7n,
    });
    await recordAudit(db, {
      staffId: other.id,
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: 7n,
      details: { amount: '500.00' },
    });
    await recordAudit(db, {
      staffId: auditor.id,
      action: 'recharge.approve',
      targetType: 'recharge',
      targetId: 9n,
    });
    // A code the server no longer writes (rows outlive their code): `_` in a search must not match any letter.
    await db
      .insert(auditLog)
      .values({ staffId: auditor.id, action: 'withdrawal_x', targetType: 'other', targetId: '1' });
    // One entry from last year, to search by date.
    await db.insert(auditLog).values({
      staffId: other.id,
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: '3',
      createdAt: new Date('2025-01-10T10:00:00Z'),
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const search = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit-log?${query}`,
      headers: bearer(auditor.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ pageList: TAuditEntry[]; total: number }>(res);
  };

  it('finds entries by staff member (name or id), action prefix, object and date', async () => {
    const byName = await search(`staff=${otherName.toUpperCase()}`);
    expect(byName.pageList.map((e) => e.action)).toEqual([
      'withdrawal.approve',
      'withdrawal.first_approval',
      'withdrawal.reject',
    ]);
    expect((await search(`staff=${other.id}`)).total).toBe(3);
    // A prefix with a LIKE wildcard in it matches literally: "withdrawal_" is not "withdrawal.".
    expect((await search('action=withdrawal.')).pageList.map((e) => e.action).sort()).toEqual([
      'withdrawal.approve',
      'withdrawal.first_approval',
      'withdrawal.reject',
    ]);
    expect((await search('action=withdrawal_')).pageList.map((e) => e.action)).toEqual(['withdrawal_x']);
    expect((await search('targetType=withdrawal&targetId=7')).total).toBe(2);
    const lastYear = await search('createdFrom=2025-01-01T00:00:00Z&createdTo=2025-02-01T00:00:00Z');
    expect(lastYear.pageList.map((e) => e.targetId)).toEqual(['3']);
    expect(
      (await search(`staff=${otherName}&createdFrom=2026-01-01T00:00:00Z&action=withdrawal`)).total,
    ).toBe(2);
  });

  it('finds a staff member by part of the name, any case, with % and _ taken literally', async () => {
    const db = ctx.database.db;
    const tag = `${process.pid}${Math.floor(Math.random() * 1e6)}`;
    const night = await createTestStaff(db, ['finance.review']);
    const nightly = await createTestStaff(db, ['finance.review']);
    await db
      .update(staff)
      .set({ username: `Night%Desk_${tag}` })
      .where(eq(staff.id, night.id));
    await db
      .update(staff)
      .set({ username: `nightXdeskZ${tag}` })
      .where(eq(staff.id, nightly.id));
    await recordAudit(db, { staffId: night.id, action: 'banner.create', targetType: 'banner' });
    await recordAudit(db, { staffId: nightly.id, action: 'banner.delete', targetType: 'banner' });
    const actionsOf = async (name: string) =>
      (await search(`staff=${encodeURIComponent(name)}`)).pageList.map((e) => e.action).sort();
    expect(await actionsOf('DESK')).toEqual(['banner.create', 'banner.delete']);
    expect(await actionsOf('t%desk_')).toEqual(['banner.create']);
    expect(await actionsOf('tXDESKz')).toEqual(['banner.delete']);
    expect(await actionsOf('t%d')).toEqual(['banner.create']);
    expect(await actionsOf('t_d')).toEqual([]);
    expect(await actionsOf('nobody-by-this-name')).toEqual([]);
  });

  it('exports the matching entries as CSV, newest first', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log/export?targetType=withdrawal&targetId=7',
      headers: bearer(auditor.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('id,createdAt,staffId,staffUsername,action,targetType,targetId,details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',withdrawal.approve,withdrawal,7,"{""amount"":""500.00""}"');
    expect(lines[2]).toContain(',withdrawal.first_approval,withdrawal,7,');
  });

  it('starts the CSV with a byte order mark, so Excel reads Arabic and Chinese details as written', async () => {
    await recordAudit(ctx.database.db, {
      staffId: auditor.id,
      action: 'category.update',
      targetType: 'category',
      targetId: 90_210n,
      details: { after: { names: { ar: 'أدوات', zh: '工具' } } },
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit-log/export?targetType=category&targetId=90210',
      headers: bearer(auditor.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1, 3)).toBe('id');
    expect(res.body).toContain('أدوات');
    expect(res.body).toContain('工具');
  });

  it('refuses staff without audit.read and bad searches with a 4xx', async () => {
    for (const url of ['/api/v1/admin/audit-log', '/api/v1/admin/audit-log/export']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(support.token) });
      expect(res.statusCode).toBe(403);
    }
    for (const query of [
      'createdFrom=yesterday',
      'action=a%00b',
      `staff=${'x'.repeat(65)}`,
      'pageSize=100000',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/audit-log?${query}`,
        headers: bearer(auditor.token),
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

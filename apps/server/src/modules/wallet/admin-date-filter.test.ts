import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { recharges, withdrawals } from '../../db/schema';
import { seedWalletBasics } from '../../db/seed/wallet';
import { createTestStaff, createTestUser } from '../../testing/fixtures';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';

type TPageOf = { pageList: { id: string }[]; total: number };

/** The finance queues filter by creation date (the admin console's date range). */
describe('finance queues: date filter', () => {
  let ctx: TTestContext;
  let db: Database;
  let finance: { id: bigint; token: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    await seedWalletBasics(db);
    finance = await createTestStaff(db, ['finance.review']);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(finance.token) });

  it('lists only recharges and withdrawals created inside [createdFrom, createdTo)', async () => {
    const user = await createTestUser(db);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/recharges',
      headers: bearer(user.token),
      payload: { channelCode: 'USDT-TRC20', amount: '25', txHash: 'b'.repeat(64) },
    });
    expect(created.statusCode).toBe(201);
    const rechargeId = json<{ id: string }>(created).id;
    await db
      .update(recharges)
      .set({ createdAt: new Date('2026-03-10T12:00:00Z') })
      .where(eq(recharges.id, BigInt(rechargeId)));
    const [withdrawal] = await db
      .insert(withdrawals)
      .values({
        userId: user.id,
        network: 'USDT-TRC20',
        address: 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust',
        amount: 10n,
        fee: 1n,
        actualAmount: 9n,
        createdAt: new Date('2026-03-11T08:00:00Z'),
      })
      .returning({ id: withdrawals.id });
    const byUser = `userId=${user.id}`;

    const inside = json<TPageOf>(
      await get(
        `/api/v1/admin/finance/recharges?${byUser}&createdFrom=2026-03-10T00:00:00Z&createdTo=2026-03-11T00:00:00Z`,
      ),
    );
    expect(inside.pageList.map((r) => r.id)).toEqual([rechargeId]);
    const after = json<TPageOf>(
      await get(`/api/v1/admin/finance/recharges?${byUser}&createdFrom=2026-03-10T12:00:01Z`),
    );
    expect(after.total).toBe(0);
    const before = json<TPageOf>(
      await get(`/api/v1/admin/finance/recharges?${byUser}&createdTo=2026-03-10T12:00:00Z`),
    );
    expect(before.total).toBe(0);

    const withdrawalsInside = json<TPageOf>(
      await get(
        `/api/v1/admin/finance/withdrawals?${byUser}&createdFrom=2026-03-11T00:00:00%2B02:00&createdTo=2026-03-12T00:00:00Z`,
      ),
    );
    expect(withdrawalsInside.pageList.map((w) => w.id)).toEqual([String(withdrawal!.id)]);
    const withdrawalsBefore = json<TPageOf>(
      await get(`/api/v1/admin/finance/withdrawals?${byUser}&createdTo=2026-03-11T08:00:00Z`),
    );
    expect(withdrawalsBefore.total).toBe(0);
  });

  it('refuses a malformed date with 400, not 500', async () => {
    const bad = await get('/api/v1/admin/finance/recharges?createdFrom=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { code: string } }>(bad).error.code).toBeTruthy();
  });
});

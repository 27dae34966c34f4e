import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, createTestUser } from '../../modules/orders/test-fixtures';
import { createTestApp, type TTestContext } from '../../testing/test-app';
import { seedDemoCatalog } from './catalog';

/** Issue 17.12: the demo data must look like a real marketplace's. */
describe('demo catalogue', () => {
  let ctx: TTestContext;
  let seededAt: Date;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id, 'Demo seed shop');
    const uploadDir = mkdtempSync(path.join(tmpdir(), 'caravan-seed-'));
    seededAt = new Date();
    await seedDemoCatalog(db, { storeId, uploadDir, products: 120 });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('dates no review after the seeding', async () => {
    const result = await ctx.database.db.execute(
      sql`select count(*)::int as reviews, max(created_at) as newest from reviews`,
    );
    const row = (result as unknown as { rows: { reviews: number; newest: string | Date }[] }).rows[0]!;
    expect(row.reviews).toBeGreaterThan(20);
    expect(new Date(row.newest).getTime()).toBeLessThanOrEqual(seededAt.getTime() + 60_000);
  });
});

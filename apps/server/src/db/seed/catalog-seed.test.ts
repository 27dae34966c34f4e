import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@caravan/contracts';
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
    // Rendering the demo pictures takes most of a minute on a busy 2-core machine.
  }, 240_000);
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

  it('names every category, attribute and colour in all 21 languages (platform data)', async () => {
    const categories = await ctx.database.db.execute(sql`select names from categories`);
    const rows = (categories as unknown as { rows: { names: Record<string, string> }[] }).rows;
    expect(rows.length).toBeGreaterThan(40);
    // Scripts that cannot share a word with English: an English name there is an untranslated one.
    const otherScripts = ['tw', 'th', 'el', 'ru', 'ko', 'hi', 'cn', 'ja', 'ar'];
    for (const { names } of rows) {
      expect(Object.keys(names).sort()).toEqual([...LANGUAGES].sort());
      for (const lang of otherScripts) {
        expect(names[lang], `${lang} of ${names.en}`).not.toMatch(/^[A-Za-z&' -]+$/);
      }
    }
    const attributes = await ctx.database.db.execute(
      sql`select distinct (a.elem->'names') as names from products p, jsonb_array_elements(p.attributes) as a(elem)`,
    );
    const attributeNames = (attributes as unknown as { rows: { names: Record<string, string> }[] }).rows;
    expect(attributeNames.length).toBeGreaterThan(0);
    for (const { names } of attributeNames) {
      expect(Object.keys(names).sort()).toEqual([...LANGUAGES].sort());
      expect(names.ko).not.toBe(names.en);
      expect(names.tr).not.toBe(names.en);
    }
  });

  it("draws each leaf category's goods as their own kind: no two leaves share a picture", async () => {
    const result = await ctx.database.db.execute(
      sql`select p.category_id::text as leaf, img->>'url' as url from products p, jsonb_array_elements(p.images) img`,
    );
    const rows = (result as unknown as { rows: { leaf: string; url: string }[] }).rows;
    const leafOfPicture = new Map<string, string>();
    for (const { leaf, url } of rows) {
      const owner = leafOfPicture.get(url) ?? leaf;
      // Jackets drawn as T-shirts, or coffee tables as chairs, would put one picture under two leaves.
      expect(owner, url).toBe(leaf);
      leafOfPicture.set(url, leaf);
    }
    expect(new Set(rows.map((r) => r.leaf)).size).toBeGreaterThan(10);
  });
});

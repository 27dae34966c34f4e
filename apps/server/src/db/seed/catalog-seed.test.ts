import path from 'node:path';
import { LANGUAGES, UPLOAD_REF_PATTERN } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestStore, createTestUser } from '../../modules/orders/test-fixtures';
import { createTestDatabase } from '../../testing/test-db';
import type { DatabaseHandle } from '../client';
import { insertProductsInBulk } from './bulk';
import { loadCatalogContext, seedDemoCatalog } from './catalog';

/** The run's demo picture directory (testing/global-setup.ts): pictures an earlier seeding drew are reused. */
const uploadDir = inject('demoPictureDir');

/** Issue 17.12: the demo data must look like a real marketplace's. */
describe('demo catalogue', () => {
  let database: DatabaseHandle;
  let seededAt: Date;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id, 'Demo seed shop');
    seededAt = new Date();
    await seedDemoCatalog(db, { storeId, uploadDir, products: 120 });
    // Rendering the demo pictures takes most of a minute on a busy 2-core machine.
  }, 240_000);
  afterAll(async () => {
    await database.close();
  });

  it('dates no review after the seeding', async () => {
    const result = await database.db.execute(
      sql`select count(*)::int as reviews, max(created_at) as newest from reviews`,
    );
    const row = (result as unknown as { rows: { reviews: number; newest: string | Date }[] }).rows[0]!;
    expect(row.reviews).toBeGreaterThan(20);
    expect(new Date(row.newest).getTime()).toBeLessThanOrEqual(seededAt.getTime() + 60_000);
  });

  it('names every category, attribute and colour in all 21 languages (platform data)', async () => {
    const categories = await database.db.execute(sql`select names from categories`);
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
    const attributes = await database.db.execute(
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

  it('gives each top-level category an icon of its own, a small square picture stored like an upload', async () => {
    const result = await database.db.execute(sql`select level, icon from categories order by level, sort`);
    const rows = (result as unknown as { rows: { level: number; icon: string }[] }).rows;
    const icons = rows.filter((r) => r.level === 1).map((r) => r.icon);
    expect(icons.length).toBeGreaterThan(5);
    expect(new Set(icons).size).toBe(icons.length);
    for (const icon of icons) {
      expect(icon).toMatch(UPLOAD_REF_PATTERN);
      const file = path.join(uploadDir, icon.replace(/^\/uploads\//, ''));
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 96, 96]);
    }
    expect(rows.filter((r) => r.level > 1).every((r) => r.icon === '')).toBe(true);
  });

  it("draws each leaf category's goods as their own kind: no two leaves share a picture", async () => {
    const result = await database.db.execute(
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

/** Issue 11: `npm run seed -- --products 1000000` copies planned products in SQL; the copies must be real ones. */
describe('bulk catalogue fill', () => {
  let database: DatabaseHandle;
  const indexDefs = async () => {
    const result = await database.db.execute(sql`select indexname, indexdef from pg_indexes
      where tablename in ('products', 'product_variants', 'reviews') order by indexname`);
    return (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const owner = await createTestUser(db);
    const storeId = await createTestStore(db, owner.id, 'Bulk seed shop');
    await seedDemoCatalog(db, { storeId, uploadDir, products: 20 });
    const before = await indexDefs();
    const catalog = await loadCatalogContext(db, uploadDir);
    await insertProductsInBulk(db, catalog, 230, {
      seed: 21,
      startIndex: 20,
      log: () => {},
      templates: 30,
      chunk: 70,
    });
    expect(await indexDefs()).toEqual(before);
  }, 240_000);
  afterAll(async () => {
    await database.close();
  });

  const rows = async (query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };

  it('adds the products with their variants, reviews and matching counters', async () => {
    const counted = await rows(sql`select count(*)::int as n, count(distinct id)::int as ids from products`);
    expect(counted.rows[0]).toEqual({ n: 250, ids: 250 });
    const mismatches = await rows(sql`select p.id from products p
      where p.evaluation_num <> (select count(*) from reviews r where r.product_id = p.id)
        or p.good_count <> (select count(*) from reviews r where r.product_id = p.id and r.rating = 'good')
        or p.stock <> (select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = p.id)
        or not exists (select 1 from product_variants v where v.product_id = p.id)`);
    expect(mismatches.rows).toEqual([]);
    // The stock table's least stock counts the variants, written after their product (planned and copied alike).
    const stockLevels = await rows(sql`select p.id from products p
      left join product_stock_levels s on s.product_id = p.id
      where s.least_stock is distinct from
        least(p.stock, (select min(v.stock) from product_variants v where v.product_id = p.id))`);
    expect(stockLevels.rows).toEqual([]);
    // The copy turns off the triggers it does the work of, and on again.
    const disabledTriggers = await rows(sql`select tgname from pg_trigger
      where tgrelid = 'products'::regclass and tgenabled = 'D'`);
    expect(disabledTriggers.rows).toEqual([]);
    const future =
      await rows(sql`select count(*)::int as n from reviews r join products p on p.id = r.product_id
      where r.created_at > now() or r.created_at < p.created_at`);
    expect(future.rows[0]?.n).toBe(0);
  });

  it('gives copies the search text, vector and category levels the triggers would', async () => {
    const before = await rows(sql`select id, search_text, search_vector::text as v, category_l1, category_l2
      from products order by id`);
    // Touching names and category runs the triggers again on every row.
    await database.db.execute(sql`update products set names = names, category_id = category_id`);
    const after = await rows(sql`select id, search_text, search_vector::text as v, category_l1, category_l2
      from products order by id`);
    expect(after.rows).toEqual(before.rows);
    const words = await rows(sql`select count(*)::int as n from products p,
      unnest(tsvector_to_array(p.search_vector)) w
      where length(w) between 2 and 40 and not exists (select 1 from search_words s where s.word = w)`);
    expect(words.rows[0]?.n).toBe(0);
  });

  it('leaves the id sequence after the copies and the insert triggers on', async () => {
    const [store] = (await rows(sql`select id from stores limit 1`)).rows;
    const [leaf] = (await rows(sql`select id from categories where level = 3 limit 1`)).rows;
    const inserted = await rows(sql`insert into products (store_id, category_id, names, price, selling_price,
        original_price, retail_price)
      values (${String(store?.id)}::bigint, ${String(leaf?.id)}::bigint, '{"en":"Zqxbulkword kettle"}', 1, 1, 1, 1)
      returning id::int as id, search_text, category_l1 is not null as has_level`);
    expect(inserted.rows[0]).toMatchObject({ id: 251, search_text: '|zqxbulkword kettle|', has_level: true });
    const word = await rows(sql`select count(*)::int as n from search_words where word = 'zqxbulkword'`);
    expect(word.rows[0]?.n).toBe(1);
  });
});

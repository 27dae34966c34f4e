import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { insertProducts, type TCatalogContext } from './catalog';

/** Products planned one by one (names, pictures, variants, reviews); the rest of a big fill copies them. */
export const BULK_TEMPLATES = 10_000;
/** Rows per INSERT ... SELECT of the copy: bounded statements, progress to report. */
const BULK_CHUNK = 100_000;
/** Below this many products the ordinary path is fast enough and simpler. */
export const BULK_THRESHOLD = 50_000;

type TRows = { rows: Record<string, unknown>[] };
const rows = (result: unknown) => (result as TRows).rows;

/**
 * A pseudo-random number in [0, 1) from the copy number `g` and a stream `k`: the same on every run and in
 * every statement, so a copy's variants and reviews agree with the product row they belong to.
 */
const unit = (k: number) => `((abs(hashint8(g * 8 + ${k})::bigint) % 1000000)::float8 / 1000000)`;
/** Copy g's price factor (0.80-1.20), applied to every price of the product and its variants. */
const PRICE_FACTOR = `(0.8 + 0.4 * ${unit(0)})::numeric`;
/** Listed up to 60 days ago, most recently listed more often (as the planned products). */
const CREATED_AT = `(now() - (${unit(1)} ^ 2) * interval '60 days')`;

/** The products' insert triggers whose outputs the copy takes from its template row instead. */
const COPIED_TRIGGERS = ['products_search', 'products_category_levels', 'products_search_words_insert'];
/**
 * The stock table's insert trigger (migration 0048) reads each product's variants: once per copied product, with
 * the variants' indexes dropped for the copy, a scan of every variant each time (the million-product seed never
 * finished). The copy fills the stock table for all its products in one statement instead.
 */
const SET_FILLED_TRIGGERS = ['products_stock_levels_insert'];
const DISABLED_TRIGGERS = [...COPIED_TRIGGERS, ...SET_FILLED_TRIGGERS];

async function columnsOf(db: Executor, table: string): Promise<string[]> {
  const result = await db.execute(sql`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`);
  return rows(result).map((r) => String(r.column_name));
}

/**
 * INSERT ... SELECT listing every column of `table`: `overrides` where given, else the template's value; a
 * column overridden with null is left to its default (new identity values).
 */
async function copyStatement(
  db: Executor,
  table: string,
  from: string,
  overrides: Record<string, string | null>,
  alias: string,
): Promise<string> {
  const columns = (await columnsOf(db, table)).filter((c) => overrides[c] !== null);
  const values = columns.map((c) => overrides[c] ?? `${alias}.${c}`);
  const overriding = columns.includes('id') ? ' overriding system value' : '';
  return `insert into ${table} (${columns.join(', ')})${overriding} select ${values.join(', ')} ${from}`;
}

/**
 * Fills `count` products fast (issue 11: a million in minutes). The first BULK_TEMPLATES are planned and
 * inserted one by one as in the demo (triggers fill the search text, search vector, category levels and
 * the search dictionary). The rest are copies of those templates made in SQL with generate_series: each copy
 * keeps its template's store, category, names, pictures, variants and reviews (so the derived search columns
 * are the template's, the dictionary already has every word, and the review counters match the copied
 * reviews) and gets its own listing date, sales, views, shelf and recommendation flags and a price factor.
 *
 * The copy runs in one transaction: the secondary indexes of products, variants and reviews are dropped and
 * built again from their own definitions afterwards (one sort per index instead of a million random
 * insertions), and the three triggers whose work is copied are off meanwhile. Anything failing rolls it all
 * back. Readers wait on the table lock meanwhile: this is for seeding, not for a live shop.
 */
export async function insertProductsInBulk(
  db: Database,
  ctx: TCatalogContext,
  count: number,
  options: {
    seed: number;
    startIndex: number;
    log: (message: string) => void;
    /** Tests plan fewer and copy in smaller statements. */
    templates?: number;
    chunk?: number;
  },
): Promise<void> {
  const templates = Math.min(count, options.templates ?? BULK_TEMPLATES);
  const chunk = options.chunk ?? BULK_CHUNK;
  const before = rows(await db.execute(sql`select coalesce(max(id), 0)::text as id from products`))[0]!;
  options.log(`  planning ${templates} products ...`);
  await insertProducts(db, ctx, templates, {
    seed: options.seed,
    startIndex: options.startIndex,
    onBatch: (done) => {
      if (done % 2_000 < 400 || done === templates) {
        options.log(`  ${done} / ${count}`);
      }
    },
  });
  const copies = count - templates;
  if (copies <= 0) {
    return;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local maintenance_work_mem = '1GB'`));
    await tx.execute(sql.raw('set local synchronous_commit = off'));
    await tx.execute(
      sql.raw(`create temp table seed_templates on commit drop as
      select (row_number() over (order by id) - 1)::int as t, p.* from products p where p.id > ${BigInt(String(before.id))}`),
    );
    await tx.execute(sql.raw('create unique index on seed_templates (t)'));
    await tx.execute(sql.raw('analyze seed_templates'));
    const base = BigInt(String(rows(await tx.execute(sql`select max(id)::text as id from products`))[0]!.id));
    const indexes = rows(
      await tx.execute(sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid in ('products'::regclass, 'product_variants'::regclass, 'reviews'::regclass)
          and not i.indisprimary
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`),
    ).map((r) => ({ name: String(r.name), def: String(r.def) }));
    for (const index of indexes) {
      await tx.execute(sql.raw(`drop index "${index.name}"`));
    }
    for (const trigger of DISABLED_TRIGGERS) {
      await tx.execute(sql.raw(`alter table products disable trigger ${trigger}`));
    }
    const from = (first: number, last: number) =>
      `from generate_series(${first}::bigint, ${last}::bigint) g join seed_templates t on t.t = (g % ${templates})`;
    const money = (column: string) => `round(t.${column} * ${PRICE_FACTOR}, 2)`;
    const productCopy = (first: number, last: number) =>
      copyStatement(
        tx,
        'products',
        from(first, last),
        {
          id: `${base} + g`,
          price: money('price'),
          selling_price: money('selling_price'),
          original_price: money('original_price'),
          retail_price: money('retail_price'),
          discount_price: money('discount_price'),
          sold_count: `floor((${unit(2)} ^ 3) * 5000)::int`,
          page_views: `floor((${unit(2)} ^ 3) * 5000 * (3 + 17 * ${unit(3)}))::int + floor(200 * ${unit(4)})::int`,
          is_on_shelf: `${unit(5)} < 0.97`,
          is_recommended: `${unit(6)} < 0.15`,
          created_at: CREATED_AT,
          updated_at: CREATED_AT,
        },
        't',
      );
    const started = Date.now();
    for (let first = 1; first <= copies; first += chunk) {
      const last = Math.min(copies, first + chunk - 1);
      await tx.execute(sql.raw(await productCopy(first, last)));
      options.log(`  ${templates + last} / ${count} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    const index = options.startIndex + templates;
    const variantCopy = await copyStatement(
      tx,
      'product_variants',
      `${from(1, copies)} join product_variants v on v.product_id = t.id`,
      {
        id: null,
        product_id: `${base} + g`,
        sku: `regexp_replace(v.sku, '^[0-9]+', (${index} + g - 1)::text)`,
        price: `round(v.price * ${PRICE_FACTOR}, 2)`,
      },
      'v',
    );
    await tx.execute(sql.raw(variantCopy));
    options.log(`  variants copied (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const reviewCopy = await copyStatement(
      tx,
      'reviews',
      `${from(1, copies)} join reviews r on r.product_id = t.id`,
      {
        id: null,
        product_id: `${base} + g`,
        // Between the copy's listing and now, as the planned reviews.
        created_at: `${CREATED_AT} + (now() - ${CREATED_AT}) * ${unit(7)}`,
      },
      'r',
    );
    await tx.execute(sql.raw(reviewCopy));
    options.log(`  reviews copied (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    // What the stock table's trigger would have written for each copy, its variants counted (migration 0048).
    await tx.execute(
      sql.raw(`insert into product_stock_levels (product_id, store_id, stock, least_stock)
        select p.id, p.store_id, p.stock, least(p.stock, v.least_stock)
        from products p
        left join (select product_id, min(stock) as least_stock from product_variants
          where product_id > ${base} group by product_id) v on v.product_id = p.id
        where p.id > ${base} and p.deleted_at is null`),
    );
    options.log(`  stock levels (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    for (const trigger of DISABLED_TRIGGERS) {
      await tx.execute(sql.raw(`alter table products enable trigger ${trigger}`));
    }
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`,
    );
    for (const index of indexes) {
      await tx.execute(sql.raw(index.def));
      options.log(`  index ${index.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  });
}

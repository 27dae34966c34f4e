/**
 * `npm run seed -- --products 100000`: adds generated products to the demo catalogue (creating the demo
 * data first on an empty database). Honours DATABASE_URL / DATA_DIR like the server.
 */
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { seedDemo } from './seed';
import { BULK_THRESHOLD, insertProductsInBulk } from './seed/bulk';
import { insertProducts, loadCatalogContext, refreshStoreCounters } from './seed/catalog';

function readProductsArg(argv: string[]): number {
  const index = argv.indexOf('--products');
  const raw = index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith('--products='))?.split('=')[1];
  const value = raw === undefined ? 0 : Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error('--products needs a whole number');
  }
  return value;
}

async function main() {
  const config = loadConfig();
  const target = readProductsArg(process.argv.slice(2));
  if (!config.DATABASE_URL) {
    mkdirSync(config.DATA_DIR, { recursive: true });
  }
  mkdirSync(config.uploadDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 4,
  });
  const log = (message: string) => process.stdout.write(`${message}\n`);
  try {
    await migrateDatabase(database);
    await seedDemo(database.db, log, config.PUBLIC_URL, config.uploadDir);
    const counted = await database.db.execute(sql`select count(*)::int as n from products`);
    const existing = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    const missing = target - existing;
    if (missing <= 0) {
      log(`The catalogue already has ${existing} products.`);
      return;
    }
    const started = Date.now();
    const ctx = await loadCatalogContext(database.db, config.uploadDir);
    log(`Adding ${missing} products to ${existing} ...`);
    if (database.kind === 'postgres' && missing >= BULK_THRESHOLD) {
      await insertProductsInBulk(database.db, ctx, missing, {
        seed: existing + 1,
        startIndex: existing,
        log,
      });
    } else {
      await insertProducts(database.db, ctx, missing, {
        seed: existing + 1,
        startIndex: existing,
        onBatch: (done) => {
          if (done % 10_000 < 400 || done === missing) {
            log(`  ${done} / ${missing}`);
          }
        },
      });
    }
    await refreshStoreCounters(database.db);
    // The visibility map lets list counts use index-only scans on the fresh rows; fresh statistics of every
    // table the lists join keep the planner from guessing (a never-analysed stores table made it loop).
    await database.db.execute(sql`vacuum analyze products, product_variants, stores, categories, reviews`);
    log(`  store counters and statistics (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

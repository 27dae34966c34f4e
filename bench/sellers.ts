/**
 * Seller panel scenarios (issue 12), on a fresh PostgreSQL database:
 * - the seller product list of a shop with 50,000 products, at 16 keep-alive connections (p50 / p95 / req/s;
 *   goal p95 <= 50 ms), pages spread over the whole list (numbered pages, then cursors) and the usual sorts
 *   and filters;
 * - a CSV import of 10,000 rows (rows per second; goal: 10,000 rows in under 60 s).
 *
 * Run alone: `npx tsx bench/sellers.ts` (BENCH_DATABASE_URL, BENCH_SECONDS, BENCH_PRODUCTS; BENCH_DB_PREFIX names
 * the throwaway database, default caravan_bench_sellers).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openPostgres } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { createSession } from '../apps/server/src/modules/auth';
import { recordUpload, storeImage } from '../apps/server/src/modules/uploads';
import { benchPort, startServer } from './catalog';
import { autocannonWithLatencies, percentile } from './stats';
import { createBenchDatabase } from './wallet-setup';

export type TSellerBenchResult = {
  name: string;
  throughput: number;
  unit: string;
  p50?: number;
  p95?: number;
  goal: string;
};

const BOUNDARY = '----caravan-bench-boundary';

function multipart(file: Buffer, filename: string) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

export async function runSellerBench(options: {
  databaseUrl: string;
  connections?: number;
  durationSec?: number;
  products?: number;
}): Promise<TSellerBenchResult[]> {
  const products = options.products ?? Number(process.env.BENCH_PRODUCTS ?? 50_000);
  const bench = await createBenchDatabase(
    options.databaseUrl,
    process.env.BENCH_DB_PREFIX ?? 'caravan_bench_sellers',
  );
  const handle = openPostgres(bench.url, 20);
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'caravan-bench-sellers-'));
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const setup = await db.execute<{ user_id: string; store_id: string; category_id: string }>(sql`
      with u as (insert into users (usercode, username, password_hash, invitation_code)
          values ('BSELLER01', 'benchseller', 'bench', 'IBSELLER1') returning id),
        s as (insert into stores (owner_user_id, name) select id, 'Bench Shop' from u returning id),
        c as (insert into categories (level, names) values (1, '{"en":"Bench"}') returning id)
      select u.id::text as user_id, s.id::text as store_id, c.id::text as category_id from u, s, c`);
    const { user_id: userId, store_id: storeId, category_id: categoryId } = setup.rows[0]!;
    console.log(`  filling a shop with ${products} products ...`);
    for (let start = 0; start < products; start += 10_000) {
      const end = Math.min(products, start + 10_000);
      await db.execute(sql`insert into products (store_id, category_id, names, price, selling_price,
          original_price, retail_price, stock, sold_count, code, is_on_shelf, created_at)
        select ${storeId}::bigint, ${categoryId}::bigint,
          jsonb_build_object('en', 'Bench item ' || i || ' ' || (array['cotton','linen','oak','steel','wool'])[1 + i % 5]),
          (1 + i % 500)::numeric, (1 + i % 500)::numeric, (1 + i % 500)::numeric, (1 + i % 500)::numeric,
          i % 40, i % 97, 'B-' || i, i % 10 <> 0, now() - (i || ' minutes')::interval
        from generate_series(${start + 1}::int, ${end}::int) as i`);
    }
    await db.execute(sql`vacuum analyze products`);
    await db.execute(sql`vacuum analyze product_stock_levels`);
    const firstId = Number(
      (await db.execute<{ id: string }>(sql`select min(id)::text as id from products`)).rows[0]!.id,
    );
    const { token } = await createSession(db, { audience: 'seller', userId: BigInt(userId), ttlHours: 2 });
    // The server runs in its own process, as in production: autocannon in the same event loop would spend the
    // server's CPU on generating and parsing the load it measures.
    const server = await startServer({ databaseUrl: bench.url }, benchPort(), {
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      UPLOAD_DIR: uploadDir,
    });
    const stopServer = () => {
      if (server.child.pid) {
        process.kill(-server.child.pid, 'SIGTERM');
      }
    };
    try {
      return await measure({ baseUrl: server.baseUrl, db, userId, categoryId, firstId, token, uploadDir });
    } finally {
      stopServer();
    }
  } finally {
    await handle.close();
    await bench.drop();
  }

  async function measure({
    baseUrl,
    db,
    userId,
    categoryId,
    firstId,
    token,
    uploadDir,
  }: {
    baseUrl: string;
    db: ReturnType<typeof openPostgres>['db'];
    userId: string;
    categoryId: string;
    firstId: number;
    token: string;
    uploadDir: string;
  }): Promise<TSellerBenchResult[]> {
    // What sellers do most: browse their list newest first (any of the first 100 pages), with some
    // filtered, re-sorted and keyword views.
    const variants = [
      (n: number) => `pageNum=${1 + (n % 100)}`,
      (n: number) => `pageNum=${1 + ((n * 7) % 100)}`,
      (n: number) => `pageNum=${1 + ((n * 13) % 100)}`,
      (n: number) => `pageNum=${1 + ((n * 17) % 100)}`,
      (n: number) => `pageNum=${1 + ((n * 31) % 100)}`,
      // Anywhere in the list: page numbers stop at SELLER_LIST_MAX_OFFSET, deeper pages follow a cursor.
      (n: number) => `after=${firstId + ((n * 7919) % (products - 1))}`,
      (n: number) => `pageNum=${1 + (n % 5)}&sort=stockAsc`,
      (n: number) => `pageNum=${1 + (n % 5)}&state=offShelf`,
      () => 'pageNum=1&keyword=linen',
      () => 'pageNum=1&isLowStock=true',
    ];
    // The same seller session on the shortest seller call, right before the list: on a shared machine the
    // absolute figures drift with everybody else's load, the ratio of the two much less.
    const trivial = await autocannonWithLatencies({
      url: `${baseUrl}/api/v1/seller/shop`,
      connections: options.connections ?? 16,
      duration: Math.max(5, Math.round((options.durationSec ?? 30) / 2)),
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    let counter = 0;
    const list = await autocannonWithLatencies({
      url: baseUrl,
      connections: options.connections ?? 16,
      duration: options.durationSec ?? 30,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            counter += 1;
            return {
              ...request,
              path: `/api/v1/seller/products?${variants[counter % variants.length]!(counter)}`,
            };
          },
        },
      ],
    });
    const errors = list.result.non2xx + list.result.errors;
    const listP95 = percentile(list.latencies, 95);
    const results: TSellerBenchResult[] = [
      {
        name: 'trivial seller call GET /seller/shop (16 connections)',
        throughput: trivial.result.requests.average,
        unit: 'req/s',
        p50: percentile(trivial.latencies, 50),
        p95: percentile(trivial.latencies, 95),
        goal: 'the floor of any seller call on this machine now',
      },
      {
        name: `seller product list, ${products} products (16 connections)`,
        throughput: list.result.requests.average,
        unit: 'req/s',
        p50: percentile(list.latencies, 50),
        p95: listP95,
        goal: `goal p95 <= 50 ms: ${listP95 <= 50 ? 'met' : 'NOT met'}; ${(list.result.requests.average / trivial.result.requests.average).toFixed(2)} of the trivial call's req/s${errors > 0 ? `, ${errors} errors` : ''}`,
      },
    ];

    // CSV import of 10,000 rows, one image that is the seller's own upload.
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0F766E' } })
      .png()
      .toBuffer();
    const image = await storeImage(png, { uploadDir });
    await recordUpload(db, { userId: BigInt(userId) }, image.url, { format: 'png', bytes: png.length });
    const lines = ['product_code,name_en,category_id,selling_price,stock,images'];
    for (let i = 0; i < 10_000; i += 1) {
      lines.push(`IMP-${i},Imported item ${i},${categoryId},${(i % 90) + 1}.5,${i % 50},${image.url}`);
    }
    const body = multipart(Buffer.from(lines.join('\n')), 'bench.csv');
    const started = performance.now();
    const auth = { authorization: `Bearer ${token}` };
    const res = await fetch(`${baseUrl}/api/v1/seller/products/import`, {
      method: 'POST',
      headers: { ...body.headers, ...auth },
      body: body.payload,
    });
    const jobId = ((await res.json()) as { id: string }).id;
    let job: { status: string; savedProducts: number } = { status: 'running', savedProducts: 0 };
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, 200));
      const polled = await fetch(`${baseUrl}/api/v1/seller/products/import/${jobId}`, { headers: auth });
      job = (await polled.json()) as typeof job;
    }
    const seconds = (performance.now() - started) / 1000;
    results.push({
      name: 'CSV import, 10,000 rows',
      throughput: 10_000 / seconds,
      unit: 'rows/s',
      goal: `${seconds.toFixed(1)} s, ${job.savedProducts} saved (goal < 60 s)`,
    });
    return results;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runSellerBench({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    durationSec: Number(process.env.BENCH_SECONDS ?? 30),
  })
    .then((results) => {
      for (const r of results) {
        console.log(
          `${r.name.padEnd(58)} ${r.throughput.toFixed(0).padStart(7)} ${r.unit}${r.p50 !== undefined ? `  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95?.toFixed(1)} ms` : ''}  ${r.goal}`,
        );
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

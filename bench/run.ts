/**
 * `npm run bench`: the load scenarios of the issues, on PostgreSQL, each printed beside pgbench's built-in
 * TPC-B-like throughput measured on the same server right before each of them (absolute numbers drift on shared machines;
 * the ratio is what we track). The catalogue scenario runs on PostgreSQL and again on PGlite (in
 * .tmp/bench-pglite, filled once), for reference.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the scenarios create
 * and drop their own databases on it. BENCH_SECONDS shortens every scenario (default 30). The catalogue and page
 * scenarios keep theirs (BENCH_DB, default caravan_bench, filled to BENCH_PRODUCTS, default 100,000).
 */
import { execFileSync } from 'node:child_process';

type TResult = { name: string; throughput: number; unit: string; p50?: number; p95?: number; extra?: string };

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const only = process.argv.slice(2);

function wants(name: string): boolean {
  return only.length === 0 || only.includes(name);
}

async function optionalImport<T>(path: string): Promise<T | undefined> {
  try {
    return (await import(path)) as T;
  } catch (error) {
    console.warn(`(${path} not available: ${(error as Error).message})`);
    return undefined;
  }
}

function hasPgbench(): boolean {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const results: TResult[] = [];
  const wallet = await optionalImport<typeof import('./wallet')>('./wallet');
  const checkout = await optionalImport<typeof import('./checkout')>('./checkout');
  const canCompare = wallet !== undefined && hasPgbench();
  // pgbench runs right before each scenario it is compared with: the disk of a shared machine drifts over
  // minutes, and a ratio of two runs taken far apart measures the drift as much as the code.
  const pgbenchNow = async (before: string): Promise<number | undefined> => {
    if (!canCompare) {
      return undefined;
    }
    console.log(`pgbench TPC-B-like, 16 clients, ${seconds} s (before ${before}) ...`);
    const tps = (await wallet.runPgbench({ databaseUrl: serverUrl, connections: 16, durationSec: seconds }))
      .tps;
    results.push({
      name: `pgbench TPC-B-like (16 clients), before ${before}`,
      throughput: tps,
      unit: 'tx/s',
    });
    return tps;
  };
  if (wallet && wants('wallet')) {
    const pgbenchTps = await pgbenchNow('wallet');
    console.log('wallet transfers ...');
    const r = await wallet.runWalletBench({ databaseUrl: serverUrl, connections: 16, durationSec: seconds });
    results.push({
      name: 'wallet transfers (16 connections)',
      throughput: r.tps,
      unit: 'tx/s',
      extra: pgbenchTps ? `ratio to pgbench ${(r.tps / pgbenchTps).toFixed(2)} (goal >= 0.50)` : undefined,
    });
  }
  if (checkout && wants('checkout')) {
    const pgbenchTps = await pgbenchNow('checkout');
    console.log('checkout (place + pay) ...');
    const r = await checkout.runCheckoutBench({
      databaseUrl: serverUrl,
      connections: 16,
      durationSec: seconds,
    });
    results.push({
      name: 'checkout place+pay (16 connections)',
      throughput: r.tps,
      unit: 'orders/s',
      extra: `${(r.walBytesPerOrder / 1024).toFixed(1)} KB WAL/order${
        pgbenchTps ? `, ratio to pgbench ${(r.tps / pgbenchTps).toFixed(2)} (goal >= 0.25)` : ''
      }`,
    });
  }
  const catalog = await optionalImport<typeof import('./catalog')>('./catalog');
  if (catalog && wants('catalog')) {
    console.log('catalogue reads ...');
    for (const r of await catalog.runCatalogBench({
      databaseUrl: serverUrl,
      connections: 32,
      durationSec: seconds,
    })) {
      results.push({ name: r.name, throughput: r.rps, unit: 'req/s', p50: r.p50, p95: r.p95, extra: r.goal });
    }
    console.log('catalogue reads on PGlite ...');
    for (const r of await catalog.runCatalogBench({
      pgliteDir: '.tmp/bench-pglite',
      connections: 32,
      durationSec: seconds,
    })) {
      results.push({
        name: `PGlite: ${r.name}`,
        throughput: r.rps,
        unit: 'req/s',
        p50: r.p50,
        p95: r.p95,
        extra: r.goal,
      });
    }
  }
  const pages = await optionalImport<typeof import('./pages')>('./pages');
  if (pages && wants('pages')) {
    console.log('storefront pages (server-rendered HTML) ...');
    const r = await pages.runPageBench({
      databaseUrl: serverUrl,
      connections: 32,
      durationSec: seconds,
      serverProcesses: process.env.BENCH_SERVER_PROCESSES ?? '1',
      ...(process.env.BENCH_REDIS_URL ? { redisUrl: process.env.BENCH_REDIS_URL } : {}),
    });
    console.log(pages.formatPageResult(r));
    results.push({
      name: r.name,
      throughput: r.rps,
      unit: 'req/s',
      p50: r.p50,
      p95: r.p95,
      extra: `page cache hit rate ${(100 * r.hitRate).toFixed(0)}%, ${r.goal}`,
    });
  }
  const sellers = await optionalImport<typeof import('./sellers')>('./sellers');
  if (sellers && wants('sellers')) {
    console.log('seller product list and CSV import ...');
    for (const r of await sellers.runSellerBench({
      databaseUrl: serverUrl,
      connections: 16,
      durationSec: seconds,
    })) {
      results.push({
        name: r.name,
        throughput: r.throughput,
        unit: r.unit,
        p50: r.p50,
        p95: r.p95,
        extra: r.goal,
      });
    }
  }
  console.log('\nresults');
  for (const r of results) {
    const latency = r.p50 !== undefined ? `  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95?.toFixed(1)} ms` : '';
    console.log(
      `  ${r.name.padEnd(58)} ${r.throughput.toFixed(0).padStart(7)} ${r.unit}${latency}${r.extra ? `  ${r.extra}` : ''}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

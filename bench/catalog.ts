/**
 * Catalogue read scenarios: keyword search, a filtered and sorted /commodity page, product detail, each
 * measured at N concurrent keep-alive connections against a running app (p50 / p95 / requests per second).
 *
 * `runCatalogBench({ baseUrl })` measures a server that is already running. With `databaseUrl` (a
 * PostgreSQL server) and no baseUrl it prepares the database `caravan_bench` on that server (migrations
 * and 100,000 products through `npm run seed`, skipped when already there), starts the app on it in a
 * child process, measures, and stops it. With `pgliteDir` instead it does the same on the embedded
 * database in that directory (PGlite answers one query at a time, so it is measured for reference: the
 * goals are PostgreSQL's).
 *
 * Run alone: `npx tsx bench/catalog.ts [baseUrl]` (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_DATABASE_URL).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { percentile } from './stats';

export type TCatalogBenchResult = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  goal: string;
};

export type TCatalogBenchOptions = {
  baseUrl?: string;
  databaseUrl?: string;
  connections?: number;
  durationSec?: number;
  /** Catalogue size prepared when the bench starts its own server (default 100,000). */
  products?: number;
  /** Spread requests over many more distinct pages/keywords so few are served from the short caches. */
  isCacheBusting?: boolean;
  /** Prepare and serve an embedded PGlite database in this directory instead of `databaseUrl`. */
  pgliteDir?: string;
};

/** Where the bench server keeps its data: a PostgreSQL database, or a PGlite directory. */
export type TBenchStore = { databaseUrl: string } | { pgliteDir: string };

function storeEnv(store: TBenchStore): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return 'databaseUrl' in store
    ? { ...env, DATABASE_URL: store.databaseUrl, DATA_DIR: '.tmp/bench-data' }
    : { ...env, DATA_DIR: store.pgliteDir };
}

const ROOT = path.resolve(import.meta.dirname, '..');
/** BENCH_DB names another database (e.g. one kept with a million products); BENCH_PRODUCTS its size. */
const BENCH_DB = process.env.BENCH_DB ?? 'caravan_bench';

export const KEYWORDS = [
  'cotton',
  'linen shirt',
  'wool',
  'frying pan',
  'fryng',
  'teddy',
  'bears',
  'thermos',
  'water bottle',
  'chair',
  'office chair',
  'desk',
  'walnut',
  'oak',
  'ceramic',
  'mug',
  'plates',
  'cast iron',
  'headphones',
  'speaker',
  'charger',
  'phone case',
  'silicone',
  'aluminium',
  'gift box',
  'kraft',
  'baskets',
  'rattan',
  'puzzle',
  'blocks',
  'face cream',
  'serum',
  'aloe',
  'rose',
  'bamboo',
  'Bratpfanne',
  'Baumwolle',
  'poêle',
  'chaise',
  'algodón',
  'قطن',
  '保温杯',
  'スピーカー',
  'jacket',
  'dresses',
  'scarves',
  'premium',
  'eco',
  'deluxe',
  'portable',
];
export const SORTS = ['newest', 'sales', 'priceAsc', 'priceDesc'];
const PRICE_PRESETS = ['maxPrice=10', 'minPrice=10&maxPrice=50', 'minPrice=50&maxPrice=200', 'minPrice=200'];

type TScenario = { name: string; goalMs: number; next: () => string };

function get(agent: http.Agent, base: URL, pathAndQuery: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: pathAndQuery,
        agent,
        method: 'GET',
        headers: { accept: 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function runScenario(
  baseUrl: string,
  scenario: TScenario,
  connections: number,
  durationSec: number,
  isReference: boolean,
): Promise<TCatalogBenchResult> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  // Warm-up: connections, JIT and the first cache fills are not what we measure.
  const warmEnd = performance.now() + Math.min(3, durationSec / 5) * 1000;
  const end = warmEnd + durationSec * 1000;
  let measuredStart = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        let status = 0;
        try {
          status = await get(agent, base, scenario.next());
        } catch {
          status = 0;
        }
        const finished = performance.now();
        if (started >= warmEnd) {
          measuredStart ||= started;
          latencies.push(finished - started);
          // 409 is an off-shelf product: a correct, complete answer.
          if (status !== 200 && status !== 409) {
            errors++;
          }
        }
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - (measuredStart || warmEnd)) / 1000;
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  return {
    name: `${scenario.name} (${connections} connections)`,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95,
    errors,
    goal: `${
      isReference
        ? 'for reference'
        : `goal p95 <= ${scenario.goalMs} ms: ${p95 <= scenario.goalMs ? 'met' : 'NOT met'}`
    }${errors ? `, ${errors} errors` : ''}, machine load ${os.loadavg()[0]!.toFixed(1)}`,
  };
}

export async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) {
    throw new Error(`${url} answered ${res.status}`);
  }
  return (await res.json()) as T;
}

function scenarios(categoryIds: string[], productIds: string[], isCacheBusting: boolean): TScenario[] {
  let i = 0;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  return [
    {
      name: 'keyword search',
      goalMs: 50,
      next: () => {
        const page = isCacheBusting ? 1 + Math.floor(Math.random() * 20) : 1;
        return `/api/v1/catalog/search/goods?k=${encodeURIComponent(KEYWORDS[i++ % KEYWORDS.length]!)}&pageNum=${page}`;
      },
    },
    {
      name: 'filtered sorted /commodity page',
      goalMs: 50,
      next: () => {
        if (isCacheBusting) {
          const min = pick([0, 2, 5, 10]);
          return `/api/v1/catalog/products?categoryId=${pick(categoryIds)}&minPrice=${min}&maxPrice=${min + pick([50, 100, 300])}&sort=${pick(SORTS)}&pageNum=${1 + Math.floor(Math.random() * 50)}&pageSize=20`;
        }
        // Visitors mostly read the first pages; a third narrow the price with the page's presets.
        const roll = Math.random();
        const page = roll < 0.6 ? 1 : roll < 0.85 ? 2 : 3 + Math.floor(Math.random() * 3);
        const price = Math.random() < 0.33 ? `&${pick(PRICE_PRESETS)}` : '';
        return `/api/v1/catalog/products?categoryId=${pick(categoryIds)}&sort=${pick(SORTS)}&pageNum=${page}&pageSize=20${price}`;
      },
    },
    {
      name: 'product detail',
      goalMs: 20,
      next: () => `/api/v1/catalog/products/${pick(productIds)}`,
    },
  ];
}

/** Creates the bench database (caravan_bench) on the server if needed, fills it with `products` products, returns its URL. */
export async function prepareDatabase(serverUrl: string, products: number): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB]);
    if (exists.rowCount === 0) {
      await admin.query(`create database ${BENCH_DB}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB}`;
  seed({ databaseUrl: url.toString() }, products);
  // A fresh fill leaves many dirty pages in shared buffers; flush them now so the next checkpoint
  // does not land in the measured window.
  const bench = new pg.Client({ connectionString: url.toString() });
  await bench.connect();
  try {
    await bench.query('checkpoint');
  } finally {
    await bench.end();
  }
  return url.toString();
}

/** Migrates and fills the store up to `products` products (`npm run seed` skips what is already there). */
function seed(store: TBenchStore, products: number): void {
  const seeded = spawnSync('npx', ['tsx', 'apps/server/src/db/seed-cli.ts', '--products', String(products)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: storeEnv(store),
  });
  if (seeded.status !== 0) {
    throw new Error('seeding the bench database failed');
  }
}

/** A port for the bench server: BENCH_PORT, else one of 3190-3198. */
export function benchPort(): number {
  return Number(process.env.BENCH_PORT ?? 3190 + Math.floor(Math.random() * 9));
}

export async function startServer(
  store: TBenchStore,
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...storeEnv(store),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      // DATABASE_POOL_SIZE as the product sets it (config.ts, defaultDatabasePoolSize): the bench measures what runs.
      NODE_ENV: 'production',
      // The flags `npm start` gives the server (scripts/server-flags.mjs), so the bench measures what runs.
      NODE_OPTIONS: [process.env.NODE_OPTIONS, ...SERVER_NODE_FLAGS].filter(Boolean).join(' '),
      ...env,
    },
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        return { baseUrl, child };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the bench server did not start');
}

export async function runCatalogBench(options: TCatalogBenchOptions): Promise<TCatalogBenchResult[]> {
  const connections = options.connections ?? 32;
  const durationSec = options.durationSec ?? 30;
  let baseUrl = options.baseUrl;
  let child: ChildProcess | undefined;
  if (!baseUrl) {
    const products = options.products ?? Number(process.env.BENCH_PRODUCTS ?? 100_000);
    let store: TBenchStore;
    if (options.pgliteDir) {
      store = { pgliteDir: options.pgliteDir };
      seed(store, products);
    } else if (options.databaseUrl) {
      store = { databaseUrl: await prepareDatabase(options.databaseUrl, products) };
    } else {
      throw new Error('runCatalogBench needs baseUrl, databaseUrl or pgliteDir');
    }
    const started = await startServer(store, benchPort());
    baseUrl = started.baseUrl;
    child = started.child;
  }
  try {
    const tree = await fetchJson<{
      categories: { id: string; children: { id: string; children: { id: string }[] }[] }[];
    }>(`${baseUrl}/api/v1/catalog/categories`);
    const categoryIds = tree.categories.flatMap((top) => [
      top.id,
      ...top.children.flatMap((mid) => [mid.id, ...mid.children.map((leaf) => leaf.id)]),
    ]);
    const productIds: string[] = [];
    for (const sort of SORTS) {
      for (let page = 1; page <= 10; page++) {
        const list = await fetchJson<{ pageList: { id: string }[] }>(
          `${baseUrl}/api/v1/catalog/products?sort=${sort}&pageSize=100&pageNum=${page * 7}`,
        );
        productIds.push(...list.pageList.map((p) => p.id));
      }
    }
    const results: TCatalogBenchResult[] = [];
    for (const scenario of scenarios(categoryIds, productIds, options.isCacheBusting ?? false)) {
      const isReference = options.pgliteDir !== undefined;
      results.push(await runScenario(baseUrl, scenario, connections, durationSec, isReference));
    }
    return results;
  } finally {
    if (child?.pid) {
      process.kill(-child.pid, 'SIGTERM');
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const baseUrl = process.argv[2];
  const results = await runCatalogBench({
    ...(baseUrl
      ? { baseUrl }
      : { databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
    durationSec: Number(process.env.BENCH_SECONDS ?? 20),
    isCacheBusting: process.env.BENCH_CACHE_BUSTING === '1',
  });
  for (const r of results) {
    console.log(
      `${r.name.padEnd(48)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  ${r.goal}`,
    );
  }
}

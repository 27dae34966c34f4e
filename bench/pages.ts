/**
 * Page scenario (issue 11, speed at scale): anonymous visitors loading the server-rendered storefront over
 * HTTP with autocannon: home, product lists (/commodity), product pages, store pages and search results, on
 * PostgreSQL with 100,000 products (BENCH_PRODUCTS), 32 connections (BENCH_CONNECTIONS). Goal p95 <= 100 ms.
 *
 * The addresses vary as real traffic does, so the 5-second page cache (per URL and language) does not answer
 * everything: product pages follow a Zipf popularity (s = 1) over every product on shelf, lists spread over
 * every category, sort and the first pages (a third with a price range), search over the catalogue bench's 50
 * keywords and their first pages, stores over their first pages; 7 visitors in 10 read English, the others one
 * of the 20 other languages. Browsers' headers: Accept text/html and gzip. The server says whether it
 * rendered a page or served it from its cache (x-page-cache), and the bench prints that hit rate.
 *
 * On Linux it also prints the server's CPU time per answer and how busy the whole machine was: at 32 connections
 * the latencies follow from throughput (on average 32 / req/s), so these say whether a miss of the goal is the
 * code's cost per page or the machine's speed and neighbours.
 *
 * It prepares the database like the catalogue bench (BENCH_DB, default caravan_bench), builds the web app
 * when its build is missing or stale, starts the server with the web app and measures after a warm-up.
 * Run alone: `npx tsx bench/pages.ts` (BENCH_SECONDS, BENCH_PORT, BENCH_DATABASE_URL).
 *
 * BENCH_SERVER_PROCESSES (default 1) starts the server with that many processes (SERVER_PROCESSES; `auto` is
 * one per core), on Redis at BENCH_REDIS_URL (default the local one) under a bus prefix of this run's own.
 * The server runs in processes of its own: autocannon here never shares an event loop with it.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@caravan/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchPort, fetchJson, KEYWORDS, prepareDatabase, SORTS, startServer } from './catalog';
import { percentile } from './stats';

export type TPageBenchResult = {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  hitRate: number;
  errors: number;
  goal: string;
  byKind: { kind: string; share: number; p95: number; hitRate: number }[];
  /** Where the CPU went while measuring (Linux, a server the bench started): what a page costs on this machine. */
  cpu?: TCpuUse;
};

type TCpuUse = {
  /** CPU time of the server's processes per answer, ms. */
  serverMsPerAnswer: number;
  /** Share of all cores busy (any process: the server, PostgreSQL, the load tool, neighbours). */
  machineBusy: number;
  cores: number;
};

export type TPageBenchOptions = {
  databaseUrl: string;
  connections?: number;
  durationSec?: number;
  products?: number;
  /** Seconds of unmeasured load first (default a fifth of the run, 2 to 5 s): each server process warms up. */
  warmUpSec?: number;
  /** SERVER_PROCESSES of the server under test: a number or `auto`. */
  serverProcesses?: string;
  redisUrl?: string;
  /** A server already running (BENCH_BASE_URL, e.g. one started under `node --cpu-prof`): nothing is built or started. */
  baseUrl?: string;
};

const GOAL_P95_MS = 100;
const OTHER_LANGUAGES = LANGUAGES.filter((lang) => lang !== 'en');
const PRICE_RANGES = ['max=10', 'min=10&max=50', 'min=50&max=200', 'min=200'];

/** Linux counts CPU time in /proc in ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** CPU ticks (user and system) of every process in a process group, or undefined without /proc. */
function processGroupTicks(groupId: number): number | undefined {
  try {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) {
        continue;
      }
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // it ended meanwhile
      }
      // The fields after the command name (in parentheses, which may hold spaces): state, ppid, pgrp, ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === groupId) {
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    }
    return ticks;
  } catch {
    return undefined;
  }
}

/** The whole machine's busy and total CPU ticks (/proc/stat's first line), or undefined without /proc. */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
      values.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return undefined;
  }
}

/** Deterministic generator (mulberry32): the same traffic on every run. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s. */
function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / (i + 1) ** s;
    cumulative[i] = sum;
  }
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  };
}

type TKind = 'home' | 'list' | 'product' | 'store' | 'search';
type TVisit = { kind: TKind; path: string; lang: string };

function pageNumber(random: () => number): string {
  const roll = random();
  const page = roll < 0.6 ? 1 : roll < 0.85 ? 2 : 3 + Math.floor(random() * 3);
  return page === 1 ? '' : `&page=${page}`;
}

/** The traffic: a generator of visits over the catalogue's real ids. */
function createTraffic(catalogue: { categoryIds: string[]; storeIds: string[]; productIds: string[] }) {
  const random = createRandom(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Popularity does not follow id order: rank r is a fixed random product.
  const ranked = [...catalogue.productIds];
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j]!, ranked[i]!];
  }
  const productRank = zipfSampler(ranked.length, 1, random);
  return (): TVisit => {
    const lang = random() < 0.7 ? 'en' : pick(OTHER_LANGUAGES);
    const roll = random();
    if (roll < 0.1) {
      return { kind: 'home', path: '/index', lang };
    }
    if (roll < 0.35) {
      const category = random() < 0.1 ? '' : `c=${pick(catalogue.categoryIds)}&`;
      const sort = pick(SORTS);
      const price = random() < 0.33 ? `&${pick(PRICE_RANGES)}` : '';
      return {
        kind: 'list',
        path: `/commodity?${category}sort=${sort}${price}${pageNumber(random)}`,
        lang,
      };
    }
    if (roll < 0.7) {
      return { kind: 'product', path: `/productDetails?id=${ranked[productRank()]}`, lang };
    }
    if (roll < 0.8) {
      return { kind: 'store', path: `/store?id=${pick(catalogue.storeIds)}${pageNumber(random)}`, lang };
    }
    return {
      kind: 'search',
      path: `/searchGoods?k=${encodeURIComponent(pick(KEYWORDS))}${pageNumber(random)}`,
      lang,
    };
  };
}

async function loadCatalogue(databaseUrl: string, baseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const products = await client.query<{ id: string }>(
      `select p.id::text as id from products p join stores s on s.id = p.store_id
       where p.is_on_shelf and s.status = 'active' order by p.id`,
    );
    const stores = await client.query<{ id: string }>(
      `select id::text as id from stores where status = 'active' order by id`,
    );
    const tree = await fetchJson<{
      categories: { id: string; children: { id: string; children: { id: string }[] }[] }[];
    }>(`${baseUrl}/api/v1/catalog/categories`);
    return {
      productIds: products.rows.map((r) => r.id),
      storeIds: stores.rows.map((r) => r.id),
      categoryIds: tree.categories.flatMap((top) => [
        top.id,
        ...top.children.flatMap((mid) => [mid.id, ...mid.children.map((leaf) => leaf.id)]),
      ]),
    };
  } finally {
    await client.end();
  }
}

type TSample = { kind: TKind; ms: number; isHit: boolean; status: number };
type TClientContext = { visit?: TVisit; isHit?: boolean };

/** One autocannon run over the traffic; every answer's kind, latency and cache outcome. */
async function load(
  baseUrl: string,
  next: () => TVisit,
  connections: number,
  durationSec: number,
): Promise<{ samples: TSample[]; seconds: number; timeouts: number }> {
  const samples: TSample[] = [];
  let timeouts = 0;
  const started = performance.now();
  let finish: (error: Error | null) => void = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  const instance = autocannon(
    {
      url: baseUrl,
      connections,
      duration: durationSec,
      requests: [
        {
          method: 'GET',
          setupRequest: (request, context: TClientContext) => {
            const visit = next();
            context.visit = visit;
            return {
              ...request,
              path: visit.path,
              headers: {
                accept: 'text/html,application/xhtml+xml',
                'accept-encoding': 'gzip, deflate, br',
                cookie: `lang=${visit.lang}`,
              },
            };
          },
          onResponse: (_status, _body, context: TClientContext, headers) => {
            context.isHit = (headers as Record<string, string>)['x-page-cache'] === 'hit';
          },
        },
      ],
    },
    (error, result) => {
      timeouts = result?.timeouts ?? 0;
      finish(error ?? null);
    },
  );
  // autocannon passes the client, whose request context says what this answer was for.
  instance.on('response', (client: unknown, status: number, _bytes: number, ms: number) => {
    const context = (client as { requestIterator: { context: TClientContext } }).requestIterator.context;
    if (context.visit) {
      samples.push({ kind: context.visit.kind, ms, isHit: context.isHit === true, status });
    }
  });
  await finished;
  return { samples, seconds: (performance.now() - started) / 1000, timeouts };
}

function summarise(
  name: string,
  samples: TSample[],
  seconds: number,
  timeouts: number,
  cpu?: TCpuUse,
): TPageBenchResult {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const hits = samples.filter((s) => s.isHit).length;
  // Answers that took longer than autocannon's 10 s timeout are not samples: they count as errors here.
  const errors = samples.filter((s) => s.status !== 200).length + timeouts;
  const p95 = percentile(sorted, 95);
  const kinds: TKind[] = ['home', 'list', 'product', 'store', 'search'];
  return {
    name,
    rps: samples.length / seconds,
    p50: percentile(sorted, 50),
    p95,
    p99: percentile(sorted, 99),
    hitRate: samples.length ? hits / samples.length : 0,
    errors,
    // The machine is shared: its load (1-minute average, 2 cores here) says how much of it the bench had.
    goal: `goal p95 <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}${errors ? `, ${errors} not 200 or timed out (10 s)` : ''}, machine load ${os.loadavg()[0]!.toFixed(1)}`,
    byKind: kinds.map((kind) => {
      const own = samples.filter((s) => s.kind === kind);
      return {
        kind,
        share: samples.length ? own.length / samples.length : 0,
        p95: percentile(
          own.map((s) => s.ms).sort((a, b) => a - b),
          95,
        ),
        hitRate: own.length ? own.filter((s) => s.isHit).length / own.length : 0,
      };
    }),
    ...(cpu ? { cpu } : {}),
  };
}

/** A process's start time from its /metrics, asked on a connection of its own (the supervisor deals them out). */
function processStartTime(baseUrl: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    http
      .get(`${baseUrl}/metrics`, { agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve(/^caravan_process_start_time_seconds (\S+)$/m.exec(text)?.[1]));
      })
      .on('error', () => resolve(undefined));
  });
}

/**
 * With SERVER_PROCESSES > 1 the port answers once worker 1 listens; the others start after it (a minute or more
 * on this busy machine). Measuring before they listen would put their start-up inside the run and leave them
 * without connections (autocannon connects once). Worker 1 and the later ones differ in start time; workers 2..N
 * start together, so once one of them answers the rest are moments away.
 */
async function waitForWorkers(baseUrl: string, count: number): Promise<void> {
  const seen = new Set<string>();
  const started = Date.now();
  while (seen.size < Math.min(count, 2)) {
    if (Date.now() - started > 300_000) {
      throw new Error(`only ${seen.size} of ${count} server processes answered within 5 minutes`);
    }
    const startTime = await processStartTime(baseUrl);
    if (startTime) {
      seen.add(startTime);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function runPageBench(options: TPageBenchOptions): Promise<TPageBenchResult> {
  const connections = options.connections ?? 32;
  const durationSec = options.durationSec ?? 30;
  const products = options.products ?? Number(process.env.BENCH_PRODUCTS ?? 100_000);
  const serverProcesses = options.serverProcesses ?? '1';
  const processCount = serverProcesses === 'auto' ? os.availableParallelism() : Number(serverProcesses);
  // Seeds the bench database when it is not full yet, and names it (the traffic uses its ids).
  const databaseUrl = await prepareDatabase(options.databaseUrl, products);
  let baseUrl = options.baseUrl;
  let child: ChildProcess | undefined;
  if (!baseUrl) {
    const { ensureWebBuild } = (await import(
      path.resolve(import.meta.dirname, '../scripts/web-build.mjs')
    )) as { ensureWebBuild: () => void };
    ensureWebBuild();
    // This run's own channels and keys in Redis: another run on the same Redis shares neither.
    const runPrefix = `caravan:bench:${randomBytes(4).toString('hex')}:`;
    const started = await startServer({ databaseUrl }, benchPort(), {
      SERVE_WEB: 'true',
      DATA_DIR: '.tmp/bench-data',
      SERVER_PROCESSES: serverProcesses,
      ...(processCount > 1
        ? {
            REDIS_URL: options.redisUrl ?? 'redis://127.0.0.1:6379',
            BUS_CHANNEL_PREFIX: runPrefix,
            REDIS_KEY_PREFIX: runPrefix,
          }
        : {}),
    });
    baseUrl = started.baseUrl;
    child = started.child;
  }
  try {
    if (processCount > 1) {
      await waitForWorkers(baseUrl, processCount);
    }
    const catalogue = await loadCatalogue(databaseUrl, baseUrl);
    const next = createTraffic(catalogue);
    // Warm-up: JIT, the renderer's modules and dictionaries, connections; not measured.
    await load(baseUrl, next, connections, options.warmUpSec ?? Math.min(5, Math.max(2, durationSec / 5)));
    const serverBefore = child?.pid ? processGroupTicks(child.pid) : undefined;
    const machineBefore = machineTicks();
    const { samples, seconds, timeouts } = await load(baseUrl, next, connections, durationSec);
    const serverAfter = child?.pid ? processGroupTicks(child.pid) : undefined;
    const machineAfter = machineTicks();
    const cpu =
      serverBefore !== undefined &&
      serverAfter !== undefined &&
      machineBefore &&
      machineAfter &&
      samples.length
        ? {
            serverMsPerAnswer: ((serverAfter - serverBefore) * 1000) / TICKS_PER_SECOND / samples.length,
            machineBusy:
              (machineAfter.busy - machineBefore.busy) /
              Math.max(1, machineAfter.total - machineBefore.total),
            cores: os.availableParallelism(),
          }
        : undefined;
    return summarise(
      `storefront pages, ${catalogue.productIds.length} products (${connections} connections, ${processCount} server process${processCount === 1 ? '' : 'es'})`,
      samples,
      seconds,
      timeouts,
      cpu,
    );
  } finally {
    if (child?.pid) {
      process.kill(-child.pid, 'SIGTERM');
    }
  }
}

export function formatPageResult(r: TPageBenchResult): string {
  const lines = [
    `${r.name}: ${r.rps.toFixed(0)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  page cache hit rate ${(100 * r.hitRate).toFixed(0)}%  ${r.goal}`,
  ];
  if (r.cpu) {
    lines.push(
      `    server CPU ${r.cpu.serverMsPerAnswer.toFixed(2)} ms an answer; the machine ${(100 * r.cpu.machineBusy).toFixed(0)}% busy over ${r.cpu.cores} cores`,
    );
  }
  for (const k of r.byKind) {
    lines.push(
      `    ${k.kind.padEnd(8)} ${(100 * k.share).toFixed(0).padStart(3)}% of requests  p95 ${k.p95.toFixed(1)} ms  hit rate ${(100 * k.hitRate).toFixed(0)}%`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const result = await runPageBench({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
    durationSec: Number(process.env.BENCH_SECONDS ?? 20),
    serverProcesses: process.env.BENCH_SERVER_PROCESSES ?? '1',
    ...(process.env.BENCH_WARMUP_SECONDS ? { warmUpSec: Number(process.env.BENCH_WARMUP_SECONDS) } : {}),
    ...(process.env.BENCH_REDIS_URL ? { redisUrl: process.env.BENCH_REDIS_URL } : {}),
    ...(process.env.BENCH_BASE_URL ? { baseUrl: process.env.BENCH_BASE_URL } : {}),
  });
  console.log(formatPageResult(result));
}

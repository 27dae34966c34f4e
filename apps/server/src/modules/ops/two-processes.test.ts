import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { createTestStaff } from '../../testing/fixtures';
import { freeListenPort, isPortFree } from '../../testing/ports';
import { SERVER_MAIN } from '../../testing/server-build';
import { createCategory, createProduct, createStore, createUser } from '../catalog/test-fixtures';

const REPO = path.resolve(import.meta.dirname, '../../../../..');
/** CI always has PostgreSQL here and Redis beside it; DATABASE_URL / REDIS_TEST_URL name others. */
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const PORTS = [3000, 3001] as const;
const RATE_LIMIT = 8;
const FOLD_EVERY_MS = 5_000;

type TServer = { url: string; child: ChildProcess; log: string[] };
type TAnswer = { status: number; body: { error?: { code: string } } & Record<string, unknown> };

/**
 * Every request of this test comes "from" an address of its own (X-Forwarded-For with TRUST_PROXY), so the
 * per-address counters in the shared Redis cannot meet those of another test or an earlier run.
 */
const runIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function call(
  server: TServer,
  route: string,
  options: { method?: string; body?: unknown; token?: string; ip: string },
): Promise<TAnswer> {
  const res = await fetch(`${server.url}${route}`, {
    method: options.method ?? 'GET',
    headers: {
      'x-forwarded-for': options.ip,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/** `port` when it is free, else another free one: a stray local server on 3000 must not fail the test. */
async function portOrFree(port: number): Promise<number> {
  return (await isPortFree(port)) ? port : freeListenPort();
}

async function startServer(port: number, env: Record<string, string>): Promise<TServer> {
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...(process.env as Record<string, string>) };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return { url, child, log };
}

async function waitUntilReady(server: TServer, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.log.join('')}`);
    }
    try {
      if ((await fetch(`${server.url}/api/ready`)).status === 200) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server on ${server.url} did not become ready:\n${server.log.join('')}`);
}

/** `caravan_job_runs_total{job,outcome}` of one process, from its /metrics (read from the same machine). */
async function jobRunCount(server: TServer, job: string, outcome: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`caravan_job_runs_total{job="${job}",outcome="${outcome}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/**
 * Issue 10, operations: two real server processes (ports 3000 and 3001) on one PostgreSQL database and one
 * Redis behave as one server: a rate limit counts requests to either into one bucket, log-in failures on
 * one count on the other, a catalogue change through one is seen at once through the other (its cache is
 * dropped over Redis pub/sub), and each timed job runs once per period, not once per process.
 */
describe('two server processes on one PostgreSQL and Redis', { timeout: 120_000 }, () => {
  const name = `caravan_two_${randomBytes(5).toString('hex')}`;
  const servers: TServer[] = [];
  let database: DatabaseHandle;
  let admin: pg.Client;
  let jobsStartedAt = 0;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '4',
      REDIS_URL,
      BUS_CHANNEL_PREFIX: `caravan:test:${name}:`,
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      RATE_LIMIT_READ_PER_MINUTE: '10000',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      RUN_JOBS: 'true',
      LOG_LEVEL: 'warn',
    };
    // Both start together: migrations run under an advisory lock, so the second waits for the first.
    const ports = [await portOrFree(PORTS[0]), await portOrFree(PORTS[1])];
    servers.push(...(await Promise.all(ports.map((port) => startServer(port, env)))));
    await Promise.all(servers.map((server) => waitUntilReady(server)));
    jobsStartedAt = Date.now();
    database = openPostgres(url.toString(), 3);
  });

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.child.exitCode !== null) {
              resolve();
              return;
            }
            server.child.once('exit', () => resolve());
            server.child.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('counts a rate limit across both processes in one bucket', async () => {
    const ip = runIp();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 4; i++) {
      const res = await call(servers[i % 2]!, '/api/v1/auth/challenge', { method: 'POST', ip });
      statuses.push(res.status);
    }
    // Alone, each process would have let RATE_LIMIT through (2 x RATE_LIMIT in all).
    expect(statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(200));
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429, 429, 429]);
    // Another address has its own bucket, on either process.
    expect((await call(servers[1]!, '/api/v1/auth/challenge', { method: 'POST', ip: runIp() })).status).toBe(
      200,
    );
  });

  it('shares log-in failure counts: failures on both processes add up to the human check', async () => {
    const ip = runIp();
    const login = (server: TServer) =>
      call(server, '/api/v1/auth/login', {
        method: 'POST',
        ip,
        body: {
          accountType: 'username',
          account: `nobody${randomBytes(4).toString('hex')}`,
          password: 'Qz7kp4mwx',
        },
      });
    const account = `twoproc${randomBytes(4).toString('hex')}`;
    const attempt = (server: TServer) =>
      call(server, '/api/v1/auth/login', {
        method: 'POST',
        ip,
        body: { accountType: 'username', account, password: 'Qz7kp4mwx' },
      });
    expect((await attempt(servers[0]!)).body.error?.code).toBe('LOGIN_FAILED');
    expect((await attempt(servers[1]!)).body.error?.code).toBe('LOGIN_FAILED');
    // Each process saw one failure; together two, so the third attempt, on either, needs the human check.
    expect((await attempt(servers[0]!)).body.error?.code).toBe('CHALLENGE_REQUIRED');
    expect((await attempt(servers[1]!)).body.error?.code).toBe('CHALLENGE_REQUIRED');
    // Another account from the same address is not held back by these failures.
    expect((await login(servers[1]!)).body.error?.code).toBe('LOGIN_FAILED');
  });

  it('drops the catalogue cache of the other process when one changes a product', async () => {
    const ip = runIp();
    const seller = await createUser(database.db, `seller${randomBytes(4).toString('hex')}`);
    const storeId = await createStore(database.db, { ownerId: seller.id, name: `Two ${name}` });
    const categoryId = await createCategory(database.db, { level: 1, names: { en: 'Lamps' } });
    const lamps = [
      await createProduct(database.db, { storeId, categoryId, names: { en: 'Brass lamp' } }),
      await createProduct(database.db, { storeId, categoryId, names: { en: 'Paper lamp' } }),
    ];
    const staff = await createTestStaff(database.db, ['catalog.manage']);
    const detail = (server: TServer, productId: bigint) =>
      call(server, `/api/v1/catalog/products/${productId}`, { ip });

    // Both processes hold both product pages in their caches (15 s).
    for (const server of servers) {
      for (const productId of lamps) {
        expect((await detail(server, productId)).status).toBe(200);
        expect((await detail(server, productId)).body).toMatchObject({ id: String(productId) });
      }
    }
    // A change through one process is seen through the other well within the cache's lifetime: the other's
    // cache was dropped over Redis pub/sub. Both ways.
    for (const [changer, reader, productId] of [
      [servers[0]!, servers[1]!, lamps[0]!],
      [servers[1]!, servers[0]!, lamps[1]!],
    ] as const) {
      const takeDown = await call(changer, `/api/v1/admin/products/${productId}/take-down`, {
        method: 'POST',
        ip,
        token: staff.token,
        body: { reason: 'Listed in the wrong category' },
      });
      expect(takeDown.status, JSON.stringify(takeDown.body)).toBe(200);
      await expect
        .poll(async () => (await detail(reader, productId)).status, { timeout: 3_000, interval: 100 })
        .not.toBe(200);
      expect((await detail(reader, productId)).body.error?.code).toMatch(
        /^(GOODS_OFF_SHELF|PRODUCT_TAKEN_DOWN)$/,
      );
    }
  });

  it('runs each timed job once per period across both processes', async () => {
    // Three periods of the 5-second sales fold after both processes started their timers.
    const wait = jobsStartedAt + 3 * FOLD_EVERY_MS + 1_500 - Date.now();
    if (wait > 0) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const result = await database.db.execute<{ started: string; instance: string; outcome: string }>(
      sql`select extract(epoch from started_at) * 1000 as started, instance, outcome from job_runs
          where name = 'catalog-fold-sales' order by started_at`,
    );
    const runs = result.rows.map((r) => ({ ...r, started: Number(r.started) }));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.filter((r) => r.outcome === 'failed')).toEqual([]);
    // One run per period: consecutive runs, from whichever process, are (nearly) a whole period apart.
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.started - runs[i - 1]!.started, JSON.stringify(runs)).toBeGreaterThan(
        FOLD_EVERY_MS * 0.9 - 250,
      );
    }
    // Both processes' timers fired: the process that found the period's run already done skipped its own.
    const counts = await Promise.all(
      servers.map(async (server) => ({
        ok: await jobRunCount(server, 'catalog-fold-sales', 'ok'),
        skipped: await jobRunCount(server, 'catalog-fold-sales', 'skipped'),
      })),
    );
    const recorded = (
      await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from job_runs where name = 'catalog-fold-sales'`,
      )
    ).rows[0]!.n;
    // A run may start between reading the metrics and counting the rows.
    expect(recorded - (counts[0]!.ok + counts[1]!.ok)).toBeGreaterThanOrEqual(0);
    expect(recorded - (counts[0]!.ok + counts[1]!.ok)).toBeLessThanOrEqual(1);
    expect(counts[0]!.skipped + counts[1]!.skipped).toBeGreaterThan(0);
    expect(counts.every((c) => c.ok + c.skipped > 0)).toBe(true);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeListenPort } from './testing/ports';
import { SERVER_MAIN } from './testing/server-build';

const REPO = path.resolve(import.meta.dirname, '../../..');
/** CI always has PostgreSQL here and Redis beside it; DATABASE_URL / REDIS_TEST_URL name others. */
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

type TLogLine = { msg?: string; pid?: number; worker?: number; role?: string; code?: number | null };

/** A GET on a connection of its own (no keep-alive): the supervisor hands each new connection to a worker. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * Issue 11, speed at scale: SERVER_PROCESSES=2 starts a supervisor and two workers sharing one port on
 * PostgreSQL and Redis. Both workers answer requests (each log line names its worker), a worker that dies is
 * replaced, and SIGTERM to the supervisor drains every worker and exits 0.
 */
describe('SERVER_PROCESSES=2', { timeout: 150_000 }, () => {
  const name = `h_procs_${randomBytes(5).toString('hex')}`;
  let port = 0;
  let url = '';
  let admin: pg.Client;
  let child: ChildProcess;
  let output = '';
  const lines = (): TLogLine[] =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as TLogLine);

  const waitFor = async (what: string, isDone: () => boolean | Promise<boolean>, timeoutMs = 90_000) => {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (await isDone()) {
        return;
      }
      if (child.exitCode !== null) {
        throw new Error(`the server exited with ${child.exitCode} before ${what}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`timed out waiting for ${what}:\n${output}`);
  };

  beforeAll(async () => {
    port = await freeListenPort();
    url = `http://127.0.0.1:${port}`;
    admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = new URL(POSTGRES_URL);
    databaseUrl.pathname = `/${name}`;
    const inherited = { ...(process.env as Record<string, string>) };
    delete inherited.DATABASE_URL;
    delete inherited.REDIS_URL;
    child = spawn(process.execPath, [SERVER_MAIN], {
      cwd: REPO,
      env: {
        ...inherited,
        NODE_ENV: 'test',
        SERVER_PROCESSES: '2',
        DATABASE_URL: databaseUrl.toString(),
        DATABASE_POOL_SIZE: '3',
        REDIS_URL,
        BUS_CHANNEL_PREFIX: `caravan:test:${name}:`,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        SERVE_WEB: 'false',
        RUN_JOBS: 'false',
        // Request lines are logged at info: they show which worker answered.
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor('both workers listen', () =>
      lines().some((line) => line.role === 'supervisor' && line.msg === 'serving with 2 server processes'),
    );
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
    }
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  const workersThatAnswered = () =>
    new Set(lines().flatMap((line) => (line.msg === 'request completed' ? [line.pid] : [])));

  it('answers on one port from both workers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(await getOnNewConnection(`${url}/api/ready`));
    }
    expect(statuses).toEqual(Array(12).fill(200));
    const workers = lines().filter((line) => line.msg?.startsWith('Caravan is serving'));
    expect(workers.map((line) => line.worker).sort()).toEqual([1, 2]);
    // The workers' request lines reach the pipe a moment after their answers (pino writes asynchronously): a fresh
    // clone under load read none yet.
    await waitFor('both workers log their answers', () => workersThatAnswered().size >= 2, 10_000).catch(
      () => undefined,
    );
    expect(workersThatAnswered()).toEqual(new Set(workers.map((line) => line.pid)));
    // The supervisor serves nothing itself: every request line is a worker's.
    expect(lines().filter((line) => line.msg === 'request completed' && line.worker === undefined)).toEqual(
      [],
    );
  });

  it('replaces a worker that dies', async () => {
    const first = lines().find((line) => line.msg?.startsWith('Caravan is serving') && line.worker === 1);
    process.kill(first!.pid!, 'SIGKILL');
    await waitFor('a third worker', () =>
      lines().some((line) => line.msg?.startsWith('Caravan is serving') && line.worker === 3),
    );
    expect(lines().some((line) => line.role === 'supervisor' && line.msg?.startsWith('worker died'))).toBe(
      true,
    );
    const before = output.length;
    for (let i = 0; i < 8; i++) {
      expect(await getOnNewConnection(`${url}/api/health`)).toBe(200);
    }
    const answeredSince = () =>
      new Set(
        output
          .slice(before)
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as TLogLine)
          .flatMap((line) => (line.msg === 'request completed' ? [line.worker] : [])),
      );
    // As above: the request lines reach the pipe a moment after the answers (one CI run read only worker 2's).
    await waitFor('both workers log their answers', () => answeredSince().size >= 2, 10_000).catch(
      () => undefined,
    );
    expect(answeredSince()).toEqual(new Set([2, 3]));
  });

  it('drains every worker on SIGTERM and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const drained = lines().filter((line) => line.msg?.startsWith('shutting down: finishing requests'));
    expect(drained.map((line) => line.worker).sort()).toEqual([2, 3]);
    const stopped = lines().filter((line) => line.role === 'supervisor' && line.msg === 'worker stopped');
    expect(stopped.map((line) => line.code)).toEqual([0, 0]);
    await expect(getOnNewConnection(`${url}/api/health`)).rejects.toThrow();
  });
});

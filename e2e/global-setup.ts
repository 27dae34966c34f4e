import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { seededPgliteCopy, seededPostgresCopy, seedTemplates } from './seeded-data';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy');
}

/**
 * Serves the built product on a free port with a fresh database (a copy of the run's seeded PGlite directory,
 * or, when DATABASE_URL is set, a new PostgreSQL database made from the seeded template) holding the demo
 * data, like a first `npm start`. The seeded copies are provided to the files that start servers of their own.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const seeded = await seedTemplates();
  project.provide('seededPgliteDir', seeded.seededPgliteDir);
  project.provide('seededPostgresTemplate', seeded.seededPostgresTemplate);
  project.provide('seededPostgresDataDir', seeded.seededPostgresDataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '10000',
    RATE_LIMIT_READ_PER_MINUTE: '10000',
    // The sellers' test waits for a completed order to be settled.
    SETTLE_EVERY_SECONDS: '3',
  };
  let removeDatabase: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const copy = await seededPostgresCopy(
      { template: seeded.seededPostgresTemplate, dataDir: seeded.seededPostgresDataDir },
      'caravan_e2e_',
    );
    env.DATABASE_URL = copy.url;
    env.DATA_DIR = copy.dataDir;
    removeDatabase = copy.drop;
  } else {
    const dataDir = seededPgliteCopy(seeded.seededPgliteDir, 'caravan-e2e-');
    env.DATA_DIR = dataDir;
    removeDatabase = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child, 170_000);
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await removeDatabase();
    await seeded.remove();
  };
}

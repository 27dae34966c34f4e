import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freeListenPort } from '../apps/server/src/testing/ports';

/**
 * Starting a Caravan server process for the browser tests: the global setup's shared server and the servers
 * files start for themselves (test clock, real SMTP, two processes on one database). No Vitest runtime import
 * here: the global setup runs outside the test workers.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

/** `apps/server/src/main.ts` compiled by scripts/server-build.mjs. */
export const SERVER_BUILD = path.join(ROOT, 'apps/server/dist/main.mjs');

/** How long a server may take to answer /api/health: a first start on a busy two-core machine is slow. */
const HEALTHY_WITHIN_MS = 170_000;

export type TTestServer = { baseUrl: string; child: ChildProcess; stop: () => Promise<void> };

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < HEALTHY_WITHIN_MS) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy');
}

/**
 * `apps/server/src/main.ts` (compiled, SERVER_BUILD) on a free port of this machine, built product (NODE_ENV=production) and generous
 * rate limits unless `env` says otherwise; `env` also names the database (DATABASE_URL and DATA_DIR, else the
 * suite's own DATABASE_URL is dropped so that a stray one is never written to). Resolves once healthy.
 */
export async function startServer(env: Record<string, string>): Promise<TTestServer> {
  const port = await freeListenPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const inherited: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete inherited.DATABASE_URL;
  // The compiled server (scripts/server-build.mjs, built by the global setup): under tsx a start took 8.1-8.8 s
  // on a seeded copy against 4.8-4.9 s compiled (load 5.5-6.6), five starts per browser run.
  const child = spawn(process.execPath, [SERVER_BUILD], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_READ_PER_MINUTE: '10000',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

/**
 * Crash test: a load process posting ledger transfers on PostgreSQL is killed with SIGKILL in the middle
 * of its work, several times; after each kill the ledger check must pass and every transfer the process
 * had reported as committed must be in the database. Exits 1 on any breach.
 *
 *   npx tsx bench/kill-test.ts            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { checkLedger, formatLedgerReport } from '../apps/server/src/modules/ledger';
import { createBenchDatabase, prepareWalletDatabase } from './wallet-setup';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.KILL_ROUNDS ?? 3);
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

function startLoad(url: string): {
  child: ChildProcess;
  committed: () => number;
  waitFor: (n: number) => Promise<void>;
} {
  // One process (no tsx wrapper) so SIGKILL hits the process that holds the connections.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'bench/wallet-load.ts'), url],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let committed = 0;
  let waiter: { n: number; resolve: () => void } | undefined;
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      const match = /^committed (\d+)$/.exec(line.trim());
      if (match?.[1]) {
        committed = Number(match[1]);
        if (waiter && committed >= waiter.n) {
          waiter.resolve();
          waiter = undefined;
        }
      }
    }
  });
  return {
    child,
    committed: () => committed,
    waitFor: (n) =>
      new Promise((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`load process exited early (${code})`)));
        waiter = { n, resolve };
      }),
  };
}

async function countBenchTransactions(url: string): Promise<number> {
  const handle = openPostgres(url, 1);
  try {
    const result = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where idempotency_key like 'bench:%'`,
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await handle.close();
  }
}

async function main() {
  const database = await createBenchDatabase(serverUrl, 'caravan_kill_test');
  let isOk = true;
  try {
    const prepared = await prepareWalletDatabase(database.url, 500, '1000');
    await prepared.handle.close();
    let expectedAtLeast = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const before = await countBenchTransactions(database.url);
      const load = startLoad(database.url);
      await load.waitFor(200);
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.floor(Math.random() * 800)));
      const exited = new Promise((resolve) => load.child.once('exit', resolve));
      load.child.kill('SIGKILL');
      await exited;
      const reported = load.committed();
      expectedAtLeast = before + reported;
      const handle = openPostgres(database.url, 2);
      const report = await checkLedger(handle.db);
      await handle.close();
      const stored = await countBenchTransactions(database.url);
      console.log(
        `round ${round}: killed after ${reported}+ reported commits; ${stored - before} stored; ledger ${report.isOk ? 'OK' : 'BREACH'}`,
      );
      if (!report.isOk) {
        console.log(formatLedgerReport(report));
        isOk = false;
      }
      if (stored < expectedAtLeast) {
        console.log(`  BREACH: ${expectedAtLeast - stored} reported commits are missing`);
        isOk = false;
      }
    }
  } finally {
    await database.drop();
  }
  console.log(isOk ? 'kill test passed: no half-written transaction, no lost commit' : 'kill test FAILED');
  process.exitCode = isOk ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

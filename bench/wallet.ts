/**
 * Wallet benchmark: internal transfers (order payments into escrow and settlements to sellers with
 * commission) between many users, through the ledger service directly (no HTTP), at N connections on
 * PostgreSQL; and pgbench's built-in TPC-B-like script on the same server at the same client count.
 * `npm run bench` (bench/run.ts) prints both and their ratio; `tsx bench/wallet-run.ts` runs just these.
 *
 * By default each transfer is posted on its own (postLedgerTransactionNow): one statement calling the SQL
 * function ledger_post, which is its own atomic transaction (one round trip). mode 'transaction' wraps
 * it in withMoneyTransaction as domain flows do (BEGIN, ledger_post, COMMIT); see
 * apps/server/src/modules/ledger/service.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openPostgres } from '../apps/server/src/db/client';
import { checkLedger } from '../apps/server/src/modules/ledger';
import { createBenchDatabase, prepareWalletDatabase } from './wallet-setup';
import { runTransferWorkers, type TTransferMode } from './wallet-transfers';

const run = promisify(execFile);

export type TBenchOptions = { databaseUrl: string; connections: number; durationSec: number };

export async function runWalletBench(
  options: TBenchOptions & { users?: number; mode?: TTransferMode },
): Promise<{ tps: number; committed: number; refused: number; failed: number; isLedgerOk: boolean }> {
  const database = await createBenchDatabase(options.databaseUrl, 'caravan_bench_wallet');
  try {
    const prepared = await prepareWalletDatabase(database.url, options.users ?? 2000, '1000000');
    await prepared.handle.close();
    const handle = openPostgres(database.url, options.connections);
    try {
      const started = Date.now();
      const stats = await runTransferWorkers(handle.db, prepared.userIds, {
        connections: options.connections,
        deadline: started + options.durationSec * 1000,
        mode: options.mode ?? 'statement',
      });
      const seconds = (Date.now() - started) / 1000;
      const report = await checkLedger(handle.db);
      return { tps: stats.committed / seconds, ...stats, isLedgerOk: report.isOk };
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

/** pgbench -i -s 10, then pgbench -c N -j 2 -T <s> -M prepared, on a database of its own. */
export async function runPgbench(
  options: TBenchOptions & { scale?: number },
): Promise<{ tps: number; output: string }> {
  const database = await createBenchDatabase(options.databaseUrl, 'caravan_bench_pgbench');
  try {
    await run('pgbench', ['-i', '-q', '-s', String(options.scale ?? 10), database.url], {
      maxBuffer: 10 * 1024 * 1024,
    });
    const { stdout } = await run(
      'pgbench',
      [
        '-c',
        String(options.connections),
        '-j',
        '2',
        '-T',
        String(options.durationSec),
        '-M',
        'prepared',
        database.url,
      ],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const match =
      /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
    if (!match?.[1]) {
      throw new Error(`could not read tps from pgbench:\n${stdout}`);
    }
    return { tps: Number.parseFloat(match[1]), output: stdout };
  } finally {
    await database.drop();
  }
}

/**
 * `npx tsx bench/wallet-run.ts`: pgbench TPC-B-like and the wallet transfer scenario on the same
 * PostgreSQL server in one run, printing both throughputs and their ratio (goal >= 0.5).
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_SECONDS (default 30),
 * BENCH_CONNECTIONS (default 16).
 */
import { runPgbench, runWalletBench } from './wallet';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const durationSec = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function main() {
  console.log(`pgbench TPC-B-like, ${connections} clients, ${durationSec} s ...`);
  const pgbench = await runPgbench({ databaseUrl, connections, durationSec });
  console.log(`wallet transfers, ${connections} connections, ${durationSec} s ...`);
  const wallet = await runWalletBench({ databaseUrl, connections, durationSec });
  console.log(`\npgbench TPC-B-like      ${pgbench.tps.toFixed(0).padStart(7)} tx/s`);
  console.log(
    `wallet transfers        ${wallet.tps.toFixed(0).padStart(7)} tx/s  (committed ${wallet.committed}, refused ${wallet.refused}, failed ${wallet.failed})`,
  );
  const ratio = wallet.tps / pgbench.tps;
  console.log(
    `ratio                   ${ratio.toFixed(2)}  (goal >= 0.50)  ledger check ${wallet.isLedgerOk ? 'OK' : 'BREACH'}`,
  );
  if (!wallet.isLedgerOk || wallet.failed > 0) {
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

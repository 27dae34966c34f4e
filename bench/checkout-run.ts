/** `tsx bench/checkout-run.ts [seconds] [one-step|two-step]`: the checkout scenario alone, without pgbench. */
import { runCheckoutBench } from './checkout';

const seconds = Number(process.argv[2] ?? 10);
const mode = process.argv[3] === 'two-step' ? 'two-step' : 'one-step';
const result = await runCheckoutBench({
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  connections: 16,
  durationSec: seconds,
  mode,
});
console.log(
  `checkout place+pay (${mode}): ${result.tps.toFixed(0)} orders/s, ${(result.walBytesPerOrder / 1024).toFixed(1)} KB WAL per order (${result.orders} orders, ${result.refused} refused, ${result.failed} failed, ledger ${result.isLedgerOk ? 'ok' : 'BROKEN'})`,
);

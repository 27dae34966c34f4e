/**
 * Load process for bench/kill-test.ts: runs ledger transfers (each inside withMoneyTransaction) on the
 * database named by argv[2] until killed, printing "committed <n>" after every commit batch.
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { runTransferWorkers } from './wallet-transfers';

async function main() {
  const url = process.argv[2];
  if (!url) {
    throw new Error('usage: wallet-load.ts <database url>');
  }
  const handle = openPostgres(url, 8);
  const users = await handle.db.execute<{ id: string }>(sql`select id::text as id from users`);
  const userIds = users.rows.map((r) => BigInt(r.id));
  let lastPrinted = 0;
  await runTransferWorkers(handle.db, userIds, {
    connections: 8,
    deadline: Number.POSITIVE_INFINITY,
    mode: 'transaction',
    onCommit: (stats) => {
      if (stats.committed - lastPrinted >= 20) {
        lastPrinted = stats.committed;
        process.stdout.write(`committed ${stats.committed}\n`);
      }
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

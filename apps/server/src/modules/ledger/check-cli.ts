import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { checkLedger, formatLedgerReport } from './check';

/** `npm run ledger:check`: checks the configured database; exits 1 on any breach, 2 if it cannot run. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
  });
  try {
    const report = await checkLedger(database.db);
    console.log(formatLedgerReport(report));
    process.exitCode = report.isOk ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});

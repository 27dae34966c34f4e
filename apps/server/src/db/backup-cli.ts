/**
 * `npm run backup [-- --out FILE] [--force]` and `npm run restore -- FILE --yes [--force]`: the configured
 * database (DATABASE_URL, else PGlite in DATA_DIR), see docs/operations.md. After a restore the ledger check
 * runs on the restored data; the exit code is 1 when it finds a breach, 2 when the command could not run.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { checkConfiguredLedger } from '../modules/ledger';
import { BackupError, backupDatabase, backupFileName, restoreDatabase, type TBackupTarget } from './backup';

function usage(): never {
  throw new BackupError('usage: backup [--out FILE] [--force] | restore FILE --yes [--force]');
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const target: TBackupTarget = config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR };
  const isForced = args.includes('--force');
  const where =
    target.kind === 'postgres' ? 'the PostgreSQL database of DATABASE_URL' : `PGlite in ${config.DATA_DIR}`;
  if (command === 'backup') {
    const outIndex = args.indexOf('--out');
    const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
    if (outIndex >= 0 && !out) {
      usage();
    }
    const file = out ? path.resolve(out) : backupFileName(target, config.backupDir);
    const { bytes } = await backupDatabase(target, file, { force: isForced });
    console.log(`Backed up ${where} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
    return;
  }
  if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) {
      usage();
    }
    if (!args.includes('--yes')) {
      throw new BackupError(
        `This replaces ${where} with ${file}. Stop every server first, then run again with --yes.`,
      );
    }
    if (target.kind === 'postgres') {
      // The database as it was, in case the backup was the wrong one.
      const safety = backupFileName(target, config.backupDir, 'before-restore');
      await backupDatabase(target, safety);
      console.log(`The database as it was is kept in ${safety}.`);
    }
    const { previous } = await restoreDatabase(target, path.resolve(file), { force: isForced });
    if (previous) {
      console.log(`The data directory as it was is kept in ${previous}.`);
    }
    console.log(`Restored ${where} from ${file}.`);
    process.exitCode = (await checkConfiguredLedger(config)) ? 0 : 1;
    return;
  }
  usage();
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(2);
});

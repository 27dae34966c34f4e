import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type DatabaseHandle, withAdvisoryLock } from './client';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

/** Arbitrary constant: instances starting together migrate one after another. */
const MIGRATION_LOCK_KEY = 727_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await withAdvisoryLock(handle, MIGRATION_LOCK_KEY, { wait: true }, async () => {
    await migratePg(handle.db, { migrationsFolder: MIGRATIONS_DIR });
  });
}

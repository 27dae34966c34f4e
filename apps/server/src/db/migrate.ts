import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

/** Arbitrary constant: instances starting together migrate one after another. */
const MIGRATION_LOCK_KEY = 727_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(handle.db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

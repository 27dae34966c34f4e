import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new PostgreSQL
 * database when the run has DATABASE_URL. Close it in afterAll.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  if (template) {
    const url = inject('testDatabaseUrl');
    const name = `caravan_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    // Two pools of 20 per test database: two vitest workers then hold at most 80 of PostgreSQL's 100 connections.
    // With 40 each, two concurrency tests running at once on the two workers were refused (53300, too many clients).
    const handle = openPostgres(dbUrl.toString(), 20);
    const close = handle.close;
    handle.close = async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
    return handle;
  }
  const file = inject('pgliteTemplate');
  return openPglite(undefined, new Blob([readFileSync(file)]));
}

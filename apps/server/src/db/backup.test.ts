import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMoney } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkLedger, postLedgerTransaction } from '../modules/ledger';
import { createTestUser, fundUser } from '../testing/fixtures';
import { BACKUP_CLI } from '../testing/server-build';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from './client';
import { migrateDatabase } from './migrate';
import { seedPlatformBasics } from './seed/accounts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
/** CI always has this server; DATABASE_URL, when set, names the one to use instead. */
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type TCli = { code: number; output: string };

function cli(args: string[], env: Record<string, string>): Promise<TCli> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    // `npm run backup` compiled (server-build.ts): under tsx each of the ten starts took 1-2 s longer.
    execFile(
      process.execPath,
      [BACKUP_CLI, ...args],
      { cwd: REPO_ROOT, env: { ...inherited, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Deposits, a transfer between two buyers and a hold: every kind of posting a user account sees. */
async function moveMoney(db: Database, tag: string) {
  const alice = await createTestUser(db, { withSession: false });
  const bob = await createTestUser(db, { withSession: false });
  await fundUser(db, alice.id, '1250.5');
  await fundUser(db, bob.id, '80');
  await db.transaction((tx) =>
    postLedgerTransaction(tx, {
      idempotencyKey: `backup-test:${tag}:transfer`,
      kind: 'transfer',
      postings: [
        { account: { kind: 'user_available', userId: alice.id }, amount: -parseMoney('200.25') },
        { account: { kind: 'user_available', userId: bob.id }, amount: parseMoney('200.25') },
      ],
    }),
  );
  await db.transaction((tx) =>
    postLedgerTransaction(tx, {
      idempotencyKey: `backup-test:${tag}:hold`,
      kind: 'withdraw_hold',
      postings: [
        { account: { kind: 'user_available', userId: bob.id }, amount: -parseMoney('100') },
        { account: { kind: 'user_held', userId: bob.id }, amount: parseMoney('100') },
      ],
    }),
  );
}

/** Every row of the tables that hold users and money, in a stable order. */
async function snapshot(db: Database): Promise<string> {
  const tables = ['users', 'ledger_accounts', 'ledger_transactions', 'ledger_postings'];
  const parts: unknown[] = [];
  for (const table of tables) {
    const result = await db.execute(sql.raw(`select * from ${table} order by 1`));
    parts.push(result.rows);
  }
  const migrations = await db.execute(sql.raw('select count(*)::int as n from drizzle.__drizzle_migrations'));
  parts.push(migrations.rows);
  return JSON.stringify(parts);
}

async function destroy(db: Database) {
  await moveMoney(db, 'after-backup');
  await db.execute(sql.raw(`update users set lang = 'de'`));
  await db.execute(sql.raw('drop table ledger_postings cascade'));
}

/** Issue 10: `npm run backup` / `npm run restore` keep the data and the ledger whole, on both databases. */
// Each step starts the command line and PGlite afresh: slow on a busy machine, not stuck.
describe('backup and restore round trip', { timeout: 180_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('PGlite: backs up the data directory, restores it over a damaged one and keeps the old one aside', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'caravan-backup-'));
    cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
    const dataDir = path.join(root, 'data');
    const env = { DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'backups') };
    const template = inject('pgliteTemplate');
    let handle: DatabaseHandle = template
      ? await openPglite(dataDir, new Blob([readFileSync(template)]))
      : await openPglite(dataDir);
    if (!template) {
      await migrateDatabase(handle);
      await seedPlatformBasics(handle.db);
    }
    await moveMoney(handle.db, 'before');
    const original = await snapshot(handle.db);
    expect((await checkLedger(handle.db)).isOk).toBe(true);

    // The server's directory is in use: the backup refuses rather than copy a database being written.
    const refused = await cli(['backup'], env);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('stop the server first');
    await handle.close();

    const backup = await cli(['backup'], env);
    expect(backup.code, backup.output).toBe(0);
    const file = /to (\S+\.tar\.gz)/.exec(backup.output)?.[1];
    expect(file && existsSync(file)).toBe(true);
    expect(path.dirname(file!)).toBe(env.BACKUP_DIR);

    handle = await openPglite(dataDir);
    await destroy(handle.db);
    expect(await snapshot(handle.db).catch(() => 'broken')).toBe('broken');
    await handle.close();

    expect((await cli(['restore', file!], env)).code).toBe(2);
    const restored = await cli(['restore', file!, '--yes'], env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/kept in .*before-restore/);

    handle = await openPglite(dataDir);
    try {
      expect((await checkLedger(handle.db)).isOk).toBe(true);
      expect(await snapshot(handle.db)).toBe(original);
    } finally {
      await handle.close();
    }
  });

  it('PostgreSQL: pg_dump custom format, restored in one transaction; a bad file changes nothing', async () => {
    const name = `caravan_backup_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const root = mkdtempSync(path.join(tmpdir(), 'caravan-backup-pg-'));
    cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
    const env = { DATABASE_URL: url.toString(), BACKUP_DIR: path.join(root, 'backups') };

    let handle = openPostgres(url.toString(), 3);
    await migrateDatabase(handle);
    await seedPlatformBasics(handle.db);
    await moveMoney(handle.db, 'before');
    const original = await snapshot(handle.db);
    await handle.close();

    const file = path.join(root, 'caravan.dump');
    const backup = await cli(['backup', '--out', file], env);
    expect(backup.code, backup.output).toBe(0);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

    handle = openPostgres(url.toString(), 3);
    await destroy(handle.db);
    const damaged = await snapshot(handle.db).catch(() => 'broken');
    expect(damaged).toBe('broken');
    const beforeBadRestore = JSON.stringify(
      (await handle.db.execute(sql.raw('select * from users order by 1'))).rows,
    );
    await handle.close();

    const garbage = path.join(root, 'garbage.dump');
    writeFileSync(garbage, 'not a backup');
    const bad = await cli(['restore', garbage, '--yes'], env);
    expect(bad.code).toBe(2);
    handle = openPostgres(url.toString(), 3);
    expect(JSON.stringify((await handle.db.execute(sql.raw('select * from users order by 1'))).rows)).toBe(
      beforeBadRestore,
    );
    await handle.close();

    const restored = await cli(['restore', file, '--yes'], env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/kept in .*before-restore.*\.dump/);
    handle = openPostgres(url.toString(), 3);
    try {
      expect((await checkLedger(handle.db)).isOk).toBe(true);
      expect(await snapshot(handle.db)).toBe(original);
    } finally {
      await handle.close();
    }
  });
});

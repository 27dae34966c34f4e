import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExclusive } from '../jobs/lock';
import { type DatabaseHandle, openPostgres, withAdvisoryLock } from './client';
import { migrateDatabase } from './migrate';

/**
 * The server's PostgreSQL connections (db/client.ts), always on PostgreSQL (PGlite has no pool), on a database of
 * its own on the local server. Advisory locks (a migration, a timed job) are held on connections of their own while
 * the locked work queries through the pools: held on one of the query pool's connections, a pool of one waited
 * forever for itself (the server hung in its migration at start with DATABASE_POOL_SIZE=1). A connection lost while
 * checked out (a transaction between statements, a held lock) fails its own work and nothing else.
 */
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Fails instead of hanging: the defect this file covers was a wait without end. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
    }),
  ]);
}

/** A promise and the function that settles it (Promise.withResolvers needs Node 22). */
function signal(): { promise: Promise<void>; send: () => void } {
  let send = () => {};
  const promise = new Promise<void>((resolve) => {
    send = resolve;
  });
  return { promise, send };
}

describe('PostgreSQL connections: advisory locks beside pools of one connection, lost sessions', {
  timeout: 120_000,
}, () => {
  const name = `caravan_lock_${randomBytes(5).toString('hex')}`;
  const handles: DatabaseHandle[] = [];
  let admin: pg.Client;
  let url: string;

  /** A server process's database handle, with a query pool of one connection. */
  const open = () => {
    const handle = openPostgres(url, 1);
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const address = new URL(POSTGRES_URL);
    address.pathname = `/${name}`;
    url = address.toString();
  });

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('migrates two instances starting together, one after the other, each with one query connection', async () => {
    const [first, second] = [open(), open()];
    await within(90_000, Promise.all([migrateDatabase(first), migrateDatabase(second)]));
    const applied = await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((applied.rows[0] as { n: number }).n).toBeGreaterThan(30);
  });

  it('runs a job whose queries need the only query connection, and skips it where another instance holds it', async () => {
    const [first, second] = [open(), open()];
    const release = signal();
    const started = signal();
    const seen: number[] = [];
    const firstRun = runExclusive(first, 'lock-test-job', async () => {
      const result = await first.db.execute(sql`select 1 as one`);
      seen.push((result.rows[0] as { one: number }).one);
      started.send();
      await release.promise;
      // The job still queries while its lock is held, through the one query connection.
      await first.db.execute(sql`select 2`);
    });
    await within(10_000, started.promise);
    const secondRun = await within(
      10_000,
      runExclusive(second, 'lock-test-job', async () => {
        seen.push(2);
      }),
    );
    expect(secondRun).toBe(false);
    release.send();
    expect(await within(10_000, firstRun)).toBe(true);
    expect(seen).toEqual([1]);
    // Released: the next run anywhere takes it.
    expect(
      await within(
        10_000,
        runExclusive(second, 'lock-test-job', async () => undefined),
      ),
    ).toBe(true);
  });

  it('lets a blocking lock wait for its holder and releases it when the work fails', async () => {
    const [first, second] = [open(), open()];
    const order: string[] = [];
    const release = signal();
    const started = signal();
    const firstRun = withAdvisoryLock(first, 42, { wait: true }, async () => {
      order.push('first in');
      started.send();
      await release.promise;
      order.push('first out');
      throw new Error('work failed');
    });
    await within(10_000, started.promise);
    const secondRun = withAdvisoryLock(second, 42, { wait: true }, async () => {
      order.push('second in');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(['first in']);
    release.send();
    await expect(within(10_000, firstRun)).rejects.toThrow('work failed');
    expect(await within(10_000, secondRun)).toBe(true);
    expect(order).toEqual(['first in', 'first out', 'second in']);
    const locks = await admin.query(
      `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and d.datname = $1`,
      [name],
    );
    expect(locks.rows[0].n).toBe(0);
  });

  it('survives losing the session that holds a lock: the work ends, the next lock gets a new connection', async () => {
    const handle = open();
    const release = signal();
    const started = signal();
    const run = withAdvisoryLock(handle, 77, { wait: false }, async () => {
      started.send();
      await release.promise;
    });
    await within(10_000, started.promise);
    // A bigint key 77 is held as classid 0, objid 77.
    const holder = await admin.query(
      `select l.pid from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and l.objid = 77 and d.datname = $1`,
      [name],
    );
    expect(holder.rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [holder.rows[0].pid]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release.send();
    expect(await within(10_000, run)).toBe(true);
    expect(
      await within(
        10_000,
        withAdvisoryLock(handle, 77, { wait: false }, async () => undefined),
      ),
    ).toBe(true);
  });

  it('survives losing the session of a transaction between two statements: it fails, the pool goes on', async () => {
    const handle = open();
    const release = signal();
    const started = signal();
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      started.send();
      await release.promise;
      await tx.execute(sql`select 2`);
    });
    await within(10_000, started.promise);
    const backend = await admin.query(
      `select pid from pg_stat_activity where datname = $1 and state = 'idle in transaction'`,
      [name],
    );
    expect(backend.rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [backend.rows[0].pid]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release.send();
    await expect(within(10_000, transaction)).rejects.toThrow();
    // The pool of one connection dropped the lost one and opens another.
    const after = await within(10_000, handle.db.execute(sql`select 3 as three`));
    expect((after.rows[0] as { three: number }).three).toBe(3);
  });
});

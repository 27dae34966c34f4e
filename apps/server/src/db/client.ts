import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { installAfterCommit } from './after-commit';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * The query API is the same for both drivers; we type both as node-postgres so services need one type.
 * Raw `execute` results differ only in fields we do not read (both have `rows`).
 */
export type Database = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A repository function accepts the database or an open transaction. */
export type Executor = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for migrations, seeding and tests. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** PostgreSQL only: connections that hold advisory locks while the locked work runs (withAdvisoryLock). */
  lockPool?: pg.Pool;
};

/**
 * Advisory locks held at once per process (timed jobs, a migration): a job beyond these waits for one to end. They
 * are a pool of their own, opened on demand, so the queries of the locked work never wait for the connection that
 * holds the lock: on one of the query pool's own connections, a pool of N with N locks held waited forever (with
 * DATABASE_POOL_SIZE=1 the server hung in its migration at start).
 */
const LOCK_CONNECTIONS = 4;

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, citext };

// numeric stays a string (money helpers parse it); int8 ids come back as strings and drizzle maps them.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = installAfterCommit(
    drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database,
  );
  return {
    db,
    kind: 'pglite',
    pglite: client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

/** `settings` are PostgreSQL settings for this start (`['-c', 'name=value', ...]`), after PGlite's own. */
export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  settings: readonly string[] = [],
): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(settings.length > 0 ? { startParams: [...PGlite.defaultStartParams, ...settings] } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  return wrapPglite(client);
}

/**
 * The pool of each Drizzle database on PostgreSQL -> its pool for the prepared statements of the hot paths
 * (db/prepared.ts), whose connections use generic plans only.
 */
export const hotPathPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * Two pools of up to `poolSize` connections each (connections open on demand): one for every query, one for
 * the named prepared statements of the hot paths. PostgreSQL's default plan_cache_mode re-plans a
 * prepared statement on every call whenever its generic plan looks costlier than a custom one, as it does
 * for statements over parameter arrays, and that re-planning cost more than checkout's work; the second
 * pool's sessions always reuse the generic plan. The first keeps the default, so queries whose best plan
 * depends on their parameters (catalogue filters, search) are still planned for them.
 */
export function openPostgres(url: string, poolSize = 20): DatabaseHandle {
  // JIT off: at a million products a search or a count is estimated costly enough for PostgreSQL to compile
  // it, which took 200 ms of a query that runs in tens; the app's queries are short and never gain from it.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  const hotPathPool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c plan_cache_mode=force_generic_plan -c jit=off',
  });
  const lockPool = new pg.Pool({ connectionString: url, max: LOCK_CONNECTIONS });
  for (const each of [pool, hotPathPool, lockPool]) {
    // A client that loses its server must not end the process: an idle one reports to the pool, a checked-out one
    // (a transaction between two statements, a held lock) to listeners of its own, of which it had none. Its
    // statement in flight fails on its own, and the pool drops the client when it comes back.
    each.on('error', () => undefined);
    each.on('connect', (client) => {
      client.on('error', () => undefined);
    });
  }
  hotPathPools.set(pool, hotPathPool);
  const db = installAfterCommit(drizzlePg({ client: pool, schema, casing: 'snake_case' }));
  return {
    db,
    kind: 'postgres',
    pool,
    lockPool,
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: async () => {
      await Promise.all([pool.end(), hotPathPool.end(), lockPool.end()]);
    },
  };
}

/**
 * Runs `work` holding the PostgreSQL session advisory lock `key` (instances of the server doing the same thing one
 * at a time), on a connection of the lock pool while `work` queries through the query pools. `wait` false: when
 * another session holds the lock, `work` does not run and the answer is false. PGlite is one process, so `work`
 * just runs.
 */
export async function withAdvisoryLock(
  handle: DatabaseHandle,
  key: bigint | number,
  options: { wait: boolean },
  work: () => Promise<void>,
): Promise<boolean> {
  if (!handle.lockPool) {
    await work();
    return true;
  }
  const client = await handle.lockPool.connect();
  const lockKey = key.toString();
  let isHeld = false;
  try {
    if (options.wait) {
      await client.query('select pg_advisory_lock($1::bigint)', [lockKey]);
      isHeld = true;
    } else {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1::bigint) as locked',
        [lockKey],
      );
      isHeld = rows[0]?.locked === true;
    }
    if (!isHeld) {
      return false;
    }
    await work();
    return true;
  } finally {
    // A failed unlock means the session ended (the connection was lost), and the lock with it. The pool drops a
    // client released with an error, or one that lost its connection (openPostgres keeps that from ending the process).
    const unlockError = isHeld
      ? await client.query('select pg_advisory_unlock($1::bigint)', [lockKey]).then(
          () => undefined,
          (error: Error) => error,
        )
      : undefined;
    client.release(unlockError);
  }
}

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize);
  }
  return openPglite(options.dataDir);
}

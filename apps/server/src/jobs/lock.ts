import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../db/client';

function lockKey(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * Runs `work` only if no other instance is running the same job: a PostgreSQL advisory lock held on
 * one pooled connection. PGlite is a single process, so it just runs.
 */
export async function runExclusive(
  handle: DatabaseHandle,
  name: string,
  work: () => Promise<void>,
): Promise<boolean> {
  if (handle.kind === 'pglite' || !handle.pool) {
    await work();
    return true;
  }
  const client = await handle.pool.connect();
  try {
    const key = lockKey(name).toString();
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as locked',
      [key],
    );
    if (!rows[0]?.locked) {
      return false;
    }
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]);
    }
    return true;
  } finally {
    client.release();
  }
}

import { createHash } from 'node:crypto';
import { type DatabaseHandle, withAdvisoryLock } from '../db/client';

function lockKey(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * Runs `work` only if no other instance is running the same job: a PostgreSQL advisory lock held while it runs
 * (withAdvisoryLock). PGlite is a single process, so it just runs.
 */
export function runExclusive(
  handle: DatabaseHandle,
  name: string,
  work: () => Promise<void>,
): Promise<boolean> {
  return withAdvisoryLock(handle, lockKey(name), { wait: false }, work);
}

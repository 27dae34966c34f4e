import { afterCommit } from '../../db/after-commit';
import type { Database, Executor } from '../../db/client';
import type { sessions } from '../../db/schema';
import { findBus } from '../realtime';

/**
 * Seller sessions resolved in this process (session, user, shop), for a few seconds. Every seller call
 * resolved them with three queries, which made a trivial call cost as much as the product list (issue 12).
 *
 * Correctness does not rest on the short lifetime: whatever ends a session or an account's access
 * (log-out, password change or reset, sign-out of devices, disabling or cancelling the account) calls
 * `forgetCachedSessions`, which empties this process's cache once the change has committed and tells every
 * other process over the bus (Redis pub/sub with REDIS_URL) to do the same. The lifetime only bounds what a
 * change made outside the app (by hand in the database) takes to show, and the time-based expiry of a session
 * is checked on every hit. A shop's suspension is not cached: the shop's id never changes, and what a
 * suspended shop may do is read from the database by the calls themselves.
 */
export const SESSION_CACHE_TOPIC = 'auth.sessions.changed';
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type TCachedSeller = {
  session: typeof sessions.$inferSelect;
  user: { id: bigint; usercode: string };
  storeId: bigint;
};

type TEntry = TCachedSeller & { cachedAt: number };

export class SessionCache {
  private readonly entries = new Map<string, TEntry>();
  /** Bumped by every clear: a lookup that started before a clear must not store what it read. */
  private generation = 0;

  get(key: string, now = Date.now()): TCachedSeller | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      return undefined;
    }
    if (now - entry.cachedAt >= SESSION_CACHE_TTL_MS || entry.session.expiresAt.getTime() <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** The generation to pass to `set` for a lookup starting now. */
  begin(): number {
    return this.generation;
  }

  set(key: string, value: TCachedSeller, generation: number): void {
    if (generation !== this.generation) {
      return;
    }
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) {
        this.entries.delete(oldest);
      }
    }
    this.entries.set(key, { ...value, cachedAt: Date.now() });
  }

  /** After a session was touched: its sliding expiry moved, so the next touch is a minute away again. */
  touched(key: string, lastSeenAt: Date): void {
    const entry = this.entries.get(key);
    if (entry) {
      entry.session = { ...entry.session, lastSeenAt };
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Database, SessionCache>();

/** The cache of an app's database handle (two apps in one process, as in tests, keep separate ones). */
export function sessionCacheOf(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Whose sessions ended or whose access changed, as the bus message of SESSION_CACHE_TOPIC: the chat sockets of
 * that account (or that one session) are checked again and closed when their session no longer holds. Ids are
 * strings (the bus carries JSON); an empty message names no one.
 */
export type TSessionsChanged = { userId?: string; staffId?: string; tokenHash?: string };

function forgetNow(root: Database, changed: TSessionsChanged): void {
  caches.get(root)?.clear();
  findBus(root)?.publish(SESSION_CACHE_TOPIC, changed);
}

/**
 * Call after ending sessions or changing whether an account may act: every process forgets the sessions it
 * had resolved. Inside a transaction this happens once it has committed (and again on the bus's echo);
 * on the database itself at once, before the caller's next request can run.
 */
export function forgetCachedSessions(
  executor: Executor,
  db?: Database,
  changed: TSessionsChanged = {},
): void {
  const root = (db ?? executor) as Database;
  if (executor === root && caches.has(root)) {
    forgetNow(root, changed);
    return;
  }
  afterCommit(executor, (hookRoot) => forgetNow(hookRoot, changed), db);
}

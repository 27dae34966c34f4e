import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, stores, type TSessionAudience, users } from '../../db/schema';
import { forgetCachedSessions } from './session-cache';

/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: Executor,
  input: {
    audience: TSessionAudience;
    userId?: bigint;
    staffId?: bigint;
    ttlHours: number;
    ip?: string;
    userAgent?: string;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + input.ttlHours * 3_600_000);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    audience: input.audience,
    userId: input.userId ?? null,
    staffId: input.staffId ?? null,
    expiresAt,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 255) ?? null,
  });
  return { token, expiresAt };
}

export type TSessionRow = typeof sessions.$inferSelect;

export async function findSession(
  db: Executor,
  token: string,
  audience: TSessionAudience,
): Promise<{ session: TSessionRow; isExpired: boolean } | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.audience, audience)))
    .limit(1);
  if (!row) {
    return undefined;
  }
  return { session: row, isExpired: row.expiresAt.getTime() <= Date.now() };
}

/** The sliding lifetime (SESSION_TTL_HOURS) and the absolute one from log-in (SESSION_MAX_HOURS). */
export type TSessionLifetime = { ttlHours: number; maxHours: number };

export function sessionLifetime(config: {
  SESSION_TTL_HOURS: number;
  SESSION_MAX_HOURS: number;
}): TSessionLifetime {
  return { ttlHours: config.SESSION_TTL_HOURS, maxHours: config.SESSION_MAX_HOURS };
}

/** The new expiry of a session used now: `ttlHours` from now, but never past `maxHours` after its creation. */
export function slidingExpirySql(now: number, lifetime: TSessionLifetime) {
  return sql`least(${new Date(now + lifetime.ttlHours * 3_600_000).toISOString()}::timestamptz,
    ${sessions.createdAt} + make_interval(hours => ${lifetime.maxHours}::int))`;
}

/** Extends a live session; called on use and by the heartbeat. Answers the time it wrote, if it did. */
export async function touchSession(
  db: Executor,
  session: TSessionRow,
  lifetime: TSessionLifetime,
  force = false,
): Promise<Date | null> {
  const now = Date.now();
  if (!force && now - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) {
    return null;
  }
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: slidingExpirySql(now, lifetime) })
    .where(and(eq(sessions.id, session.id), gt(sessions.expiresAt, new Date(now))));
  return new Date(now);
}

export type TSessionUser = {
  session: TSessionRow;
  /** Null when the session has no user (a staff session) or the user row is gone. */
  user: { id: bigint; usercode: string; status: string } | null;
  /** The user's shop; looked up only with `withStore`. */
  storeId: bigint | null;
};

/**
 * A buyer or seller session with its user (and shop) in one round trip: on every authenticated call the
 * three lookups one after the other cost more than most handlers (issue 12).
 */
export async function findSessionUser(
  db: Executor,
  token: string,
  audience: 'buyer' | 'seller',
  withStore: boolean,
): Promise<TSessionUser | undefined> {
  const where = and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.audience, audience));
  const userFields = { id: users.id, usercode: users.usercode, status: users.status };
  if (!withStore) {
    const [row] = await db
      .select({ session: sessions, user: userFields })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(where)
      .limit(1);
    return row ? { session: row.session, user: row.user, storeId: null } : undefined;
  }
  const [row] = await db
    .select({ session: sessions, user: userFields, storeId: stores.id })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(stores, eq(stores.ownerUserId, sessions.userId))
    .where(where)
    .limit(1);
  return row ? { session: row.session, user: row.user, storeId: row.storeId } : undefined;
}

export async function deleteSession(db: Executor, token: string) {
  const tokenHash = hashToken(token);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  forgetCachedSessions(db, undefined, { tokenHash });
}

export async function deleteUserSessions(db: Executor, userId: bigint) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  forgetCachedSessions(db, undefined, { userId: userId.toString() });
}

export async function deleteStaffSessions(db: Executor, staffId: bigint) {
  await db.delete(sessions).where(eq(sessions.staffId, staffId));
  // Staff sessions are not cached; the message closes the member's open chat sockets.
  forgetCachedSessions(db, undefined, { staffId: staffId.toString() });
}

export async function deleteExpiredSessions(db: Executor) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

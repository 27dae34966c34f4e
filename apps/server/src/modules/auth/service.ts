import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TSessionAudience } from '../../db/schema';
import { sessions } from '../../db/schema';
import { deleteSession, hashToken, slidingExpirySql, type TSessionLifetime } from './sessions';

/**
 * Extends the session behind `sessionId` by the sliding lifetime, never past its absolute end, and
 * returns the new expiry.
 */
export async function extendSession(
  db: Database,
  sessionId: bigint,
  lifetime: TSessionLifetime,
): Promise<Date> {
  const now = Date.now();
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: slidingExpirySql(now, lifetime) })
    .where(eq(sessions.id, sessionId))
    .returning({ expiresAt: sessions.expiresAt });
  return row?.expiresAt ?? new Date(now);
}

/** Ends one session by its token; a missing or unknown token is fine. */
export async function logoutSession(db: Database, token: string | undefined, audience: TSessionAudience) {
  if (!token) {
    return;
  }
  const [row] = await db
    .select({ id: sessions.id, audience: sessions.audience })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (row?.audience === audience) {
    await deleteSession(db, token);
  }
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TSessionAudience } from '../../db/schema';
import { sessions } from '../../db/schema';
import { deleteSession, hashToken } from './sessions';

/** Extends the session behind `sessionId` by the configured lifetime and returns the new expiry. */
export async function extendSession(db: Database, sessionId: bigint, ttlHours: number): Promise<Date> {
  const now = Date.now();
  const expiresAt = new Date(now + ttlHours * 3_600_000);
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt })
    .where(eq(sessions.id, sessionId));
  return expiresAt;
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

import type { TDeviceSession } from '@caravan/contracts';
import { and, count, desc, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { forgetCachedSessions } from '../auth';
import { lookupIpPlace } from './ip-country';

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** Browser and system named from the User-Agent header; the old apps send their own names. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? (ua ? ua.split(/[\s/]/)[0]!.slice(0, 40) : '');
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? '';
  return { browser, os };
}

/** The account's live buyer sessions, most recently seen first, each with the country of its address. */
export async function listDeviceSessions(
  db: Executor,
  userId: bigint,
  currentSessionId: bigint,
): Promise<TDeviceSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), eq(sessions.audience, 'buyer'), gt(sessions.expiresAt, new Date())),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id.toString(),
      ...describeUserAgent(row.userAgent),
      place: row.ip,
      ...(await lookupIpPlace(row.ip)),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      isCurrent: row.id === currentSessionId,
    })),
  );
}

/** Signs out one device of the account (its own sessions only). */
export async function signOutDevice(db: Executor, userId: bigint, sessionId: bigint): Promise<void> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), eq(sessions.audience, 'buyer')))
    .returning({ id: sessions.id });
  if (deleted.length === 0) {
    throw new AppError('NOT_FOUND');
  }
  forgetCachedSessions(db, undefined, { userId: userId.toString() });
}

/** Signs out every other device of the account; the current session stays. */
export async function signOutOtherDevices(
  db: Executor,
  userId: bigint,
  currentSessionId: bigint,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), eq(sessions.audience, 'buyer'), ne(sessions.id, currentSessionId)),
    )
    .returning({ id: sessions.id });
  forgetCachedSessions(db, undefined, { userId: userId.toString() });
  return deleted.length;
}

/**
 * Invitation code with its share link (/register?code=..., kept as the agent code and filled into the
 * invitation field), how many accounts registered with it, and who invited this account (user code).
 */
export async function getReferrals(db: Executor, userId: bigint, publicUrl: string) {
  const [me] = await db
    .select({ invitationCode: users.invitationCode, invitedByUserId: users.invitedByUserId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!me) {
    throw new AppError('USER_NOT_FOUND');
  }
  const [invited] = await db.select({ n: count() }).from(users).where(eq(users.invitedByUserId, userId));
  const [inviter] = me.invitedByUserId
    ? await db
        .select({ usercode: users.usercode })
        .from(users)
        .where(eq(users.id, me.invitedByUserId))
        .limit(1)
    : [];
  return {
    invitationCode: me.invitationCode,
    shareUrl: `${publicUrl.replace(/\/$/, '')}/register?code=${encodeURIComponent(me.invitationCode)}`,
    invitedCount: Number(invited?.n ?? 0),
    invitedBy: inviter?.usercode ?? null,
  };
}

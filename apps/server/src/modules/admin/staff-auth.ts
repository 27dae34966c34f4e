import type { TPermission, TStaffInfo } from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { roles, staff } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { TLoginGuard } from '../auth';
import {
  admitLoginAttempt,
  createSession,
  recordLoginFailure,
  recordLoginSuccess,
  standInHash,
  verifyPassword,
} from '../auth';

export async function getStaffInfo(db: Executor, staffId: bigint): Promise<TStaffInfo> {
  const [row] = await db
    .select({
      id: staff.id,
      username: staff.username,
      displayName: staff.displayName,
      roleId: roles.id,
      roleName: roles.name,
      permissions: roles.permissions,
    })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(eq(staff.id, staffId))
    .limit(1);
  if (!row) {
    throw new AppError('STAFF_NOT_FOUND');
  }
  return {
    id: String(row.id),
    username: row.username,
    displayName: row.displayName,
    roleId: String(row.roleId),
    roleName: row.roleName,
    permissions: row.permissions as TPermission[],
  };
}

/**
 * Staff console log-in under the same log-in limits as buyers (auth/login-guard.ts): failures by
 * strangers never lock a staff account, they make every further attempt need the human check; unknown
 * names and wrong passwords answer alike.
 */
export async function loginStaff(
  db: Database,
  input: { username: string; password: string },
  session: { ttlHours: number; ip?: string; userAgent?: string },
  guard: TLoginGuard,
): Promise<{ token: string; expiresAt: Date; staff: TStaffInfo }> {
  const attempt = {
    counters: guard.counters,
    audience: 'staff' as const,
    account: input.username.trim().toLowerCase(),
    ip: session.ip ?? 'unknown',
    challenge: guard.challenge,
  };
  await admitLoginAttempt(attempt);
  const [member] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.username}) = lower(${input.username})`)
    .limit(1);
  const isRight = await verifyPassword(member?.passwordHash ?? (await standInHash()), input.password);
  if (!member || !isRight) {
    throw await recordLoginFailure(attempt);
  }
  await recordLoginSuccess(attempt);
  if (member.status !== 'active') {
    throw new AppError('USER_DISABLED');
  }
  const created = await createSession(db, {
    audience: 'staff',
    staffId: member.id,
    ttlHours: session.ttlHours,
    ...(session.ip ? { ip: session.ip } : {}),
    ...(session.userAgent ? { userAgent: session.userAgent } : {}),
  });
  return { ...created, staff: await getStaffInfo(db, member.id) };
}

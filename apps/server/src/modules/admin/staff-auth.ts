import type { TPermission, TStaffInfo } from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { roles, staff } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { assertNotLocked, countFailure, resetStreak } from '../auth/lockout-store';
import { verifyPassword } from '../auth/passwords';
import { createSession } from '../auth/sessions';

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

/** Staff console log-in with the same lockout rules as buyers (SPEC §9). */
export async function loginStaff(
  db: Database,
  input: { username: string; password: string },
  session: { ttlHours: number; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date; staff: TStaffInfo }> {
  const [member] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.username}) = lower(${input.username})`)
    .limit(1);
  if (!member) {
    throw new AppError('USER_NOT_FOUND');
  }
  if (member.status !== 'active') {
    throw new AppError('USER_DISABLED');
  }
  const now = new Date();
  assertNotLocked(
    'staffLogin',
    {
      failStreak: member.loginFailStreak,
      failDay: member.loginFailDay,
      failDayCount: member.loginFailDayCount,
      lockedUntil: member.loginLockedUntil,
    },
    now,
  );
  if (!(await verifyPassword(member.passwordHash, input.password))) {
    throw await countFailure(db, 'staffLogin', member.id, 'WRONG_PASSWORD', now);
  }
  await resetStreak(db, 'staffLogin', member.id);
  const created = await createSession(db, {
    audience: 'staff',
    staffId: member.id,
    ttlHours: session.ttlHours,
    ...(session.ip ? { ip: session.ip } : {}),
    ...(session.userAgent ? { userAgent: session.userAgent } : {}),
  });
  return { ...created, staff: await getStaffInfo(db, member.id) };
}

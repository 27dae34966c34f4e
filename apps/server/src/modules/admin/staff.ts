import type { TStaffMember, ZCreateStaffRequest, ZUpdateStaffRequest } from '@caravan/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { findPgError, uniqueViolation } from '../../db/pg-error';
import { roles, staff } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { deleteStaffSessions, forgetCachedSessions, hashNewPassword, liftLoginLimits } from '../auth';
import type { TCounterStore } from '../ops';
import { assertWithinOwn, type TStaffActor } from './actor';
import { ADMINISTRATOR_ROLE } from './roles';

export async function listStaff(db: Database): Promise<TStaffMember[]> {
  const rows = await db
    .select({
      id: staff.id,
      username: staff.username,
      displayName: staff.displayName,
      roleId: staff.roleId,
      roleName: roles.name,
      status: staff.status,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .orderBy(asc(staff.id));
  return rows.map((r) => ({
    ...r,
    id: String(r.id),
    roleId: String(r.roleId),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The role's permissions; refused unless the actor holds every one of them. */
async function assertRoleWithinOwn(tx: Tx, actor: TStaffActor, roleId: bigint) {
  const [role] = await tx
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.id, roleId))
    .limit(1);
  if (!role) {
    throw new AppError('ROLE_NOT_FOUND');
  }
  assertWithinOwn(actor, role.permissions);
}

/** Maps the constraint errors a concurrent request can cause to their business codes. */
async function writeStaff<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (uniqueViolation(error) === 'staff_username_key') {
      throw new AppError('USERNAME_TAKEN');
    }
    if (findPgError(error)?.code === '23503') {
      throw new AppError('ROLE_NOT_FOUND');
    }
    throw error;
  }
}

export async function createStaff(
  db: Database,
  actor: TStaffActor,
  input: z.output<typeof ZCreateStaffRequest>,
): Promise<bigint> {
  const passwordHash = await hashNewPassword(input.password);
  const roleId = BigInt(input.roleId);
  return writeStaff(db, async (tx) => {
    await assertRoleWithinOwn(tx, actor, roleId);
    const [clash] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.username}) = lower(${input.username})`)
      .limit(1);
    if (clash) {
      throw new AppError('USERNAME_TAKEN');
    }
    const [created] = await tx
      .insert(staff)
      .values({ username: input.username, displayName: input.displayName, passwordHash, roleId })
      .returning({ id: staff.id });
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'staff.create',
      targetType: 'staff',
      targetId: created!.id,
      details: { username: input.username, roleId: input.roleId },
    });
    return created!.id;
  });
}

/**
 * The active administrators, locked in id order before any member row: the platform must keep one (the only role
 * that can manage staff and roles for sure), and two administrators stepping down at once must not both pass.
 */
async function lockActiveAdministrators(tx: Tx): Promise<{ roleId: bigint | undefined; ids: bigint[] }> {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, ADMINISTRATOR_ROLE), eq(roles.isSystem, true)))
    .limit(1);
  if (!role) {
    return { roleId: undefined, ids: [] };
  }
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.roleId, role.id), eq(staff.status, 'active')))
    .orderBy(asc(staff.id))
    .for('update');
  return { roleId: role.id, ids: rows.map((row) => row.id) };
}

/**
 * Changes a staff member's role, name, status or password; disabling or a new password ends their sessions,
 * (re-)enabling lifts their log-in locks.
 */
export async function updateStaff(
  db: Database,
  counters: TCounterStore,
  actor: TStaffActor,
  staffId: bigint,
  input: z.output<typeof ZUpdateStaffRequest>,
) {
  if (input.status === 'disabled' && staffId === actor.id) {
    throw new AppError('CANNOT_DISABLE_SELF');
  }
  const passwordHash = input.password ? await hashNewPassword(input.password) : undefined;
  await writeStaff(db, async (tx) => {
    const activeAdministrators = await lockActiveAdministrators(tx);
    const [member] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update');
    if (!member) {
      throw new AppError('STAFF_NOT_FOUND');
    }
    const roleId = input.roleId ? BigInt(input.roleId) : undefined;
    const isAdministrator = activeAdministrators.ids.includes(staffId);
    const isLeaving =
      (roleId !== undefined && roleId !== activeAdministrators.roleId) || input.status === 'disabled';
    if (isAdministrator && isLeaving && activeAdministrators.ids.length === 1) {
      throw new AppError('LAST_ADMINISTRATOR');
    }
    // Nobody changes a member who holds more than he does, nor gives a role above his own.
    await assertRoleWithinOwn(tx, actor, member.roleId);
    if (roleId !== undefined) {
      await assertRoleWithinOwn(tx, actor, roleId);
    }
    await tx
      .update(staff)
      .set({
        ...(input.displayName ? { displayName: input.displayName } : {}),
        ...(roleId !== undefined ? { roleId } : {}),
        ...(input.status ? { status: input.status } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.status === 'active'
          ? { loginFailStreak: 0, loginLockedUntil: null, loginFailDayCount: 0, loginFailDay: null }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(staff.id, staffId));
    if (input.status === 'active') {
      // The log-in page counts by name as typed (auth/login-guard.ts), lower-cased like staff-auth.ts.
      await liftLoginLimits({ counters, audience: 'staff', accounts: [member.username.toLowerCase()] });
    }
    if (input.status === 'disabled' || passwordHash) {
      await deleteStaffSessions(tx, staffId);
    } else if (roleId !== undefined) {
      // A new role may not answer chats: the member's open chat sockets check again.
      forgetCachedSessions(tx, db, { staffId: staffId.toString() });
    }
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'staff.update',
      targetType: 'staff',
      targetId: staffId,
      details: {
        ...(input.displayName ? { displayName: input.displayName } : {}),
        ...(roleId !== undefined ? { roleId: String(roleId), previousRoleId: String(member.roleId) } : {}),
        ...(input.status ? { status: input.status, previousStatus: member.status } : {}),
        ...(passwordHash ? { passwordChanged: true } : {}),
      },
    });
  });
}

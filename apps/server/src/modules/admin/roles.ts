import {
  BUILT_IN_ROLES,
  STAFF_PERMISSIONS,
  type TPermission,
  type TRoleInfo,
  type ZRoleRequest,
} from '@caravan/contracts';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { findPgError, uniqueViolation } from '../../db/pg-error';
import { roles, staff } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { forgetCachedSessions } from '../auth';
import { assertWithinOwn, type TStaffActor } from './actor';

/** The role that must always hold every permission, so someone can always manage the platform. */
export const ADMINISTRATOR_ROLE = BUILT_IN_ROLES.administrator.name;

type TRoleInput = z.output<typeof ZRoleRequest>;

function sortedPermissions(permissions: readonly TPermission[]): TPermission[] {
  return STAFF_PERMISSIONS.filter((p) => permissions.includes(p));
}

export async function listRoles(db: Database): Promise<TRoleInfo[]> {
  const rows = await db.select().from(roles).orderBy(asc(roles.id));
  const counts = await db.select({ roleId: staff.roleId, total: count() }).from(staff).groupBy(staff.roleId);
  const countByRole = new Map(counts.map((c) => [String(c.roleId), c.total]));
  return rows.map((role) => ({
    id: String(role.id),
    name: role.name,
    description: role.description,
    permissions: sortedPermissions(role.permissions as TPermission[]),
    isSystem: role.isSystem,
    userCount: countByRole.get(String(role.id)) ?? 0,
    createdAt: role.createdAt.toISOString(),
  }));
}

async function assertNameFree(tx: Tx, name: string, exceptId?: bigint) {
  const clash = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      exceptId === undefined
        ? sql`lower(${roles.name}) = lower(${name})`
        : and(sql`lower(${roles.name}) = lower(${name})`, ne(roles.id, exceptId)),
    )
    .limit(1);
  if (clash.length > 0) {
    throw new AppError('ROLE_NAME_TAKEN');
  }
}

/** Runs a role write; a unique-name race lost to another request becomes ROLE_NAME_TAKEN. */
async function writeRole<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (uniqueViolation(error) === 'roles_name_key') {
      throw new AppError('ROLE_NAME_TAKEN');
    }
    throw error;
  }
}

export async function createRole(db: Database, actor: TStaffActor, input: TRoleInput): Promise<bigint> {
  assertWithinOwn(actor, input.permissions);
  return writeRole(db, async (tx) => {
    await assertNameFree(tx, input.name);
    const [role] = await tx
      .insert(roles)
      .values({
        name: input.name,
        description: input.description,
        permissions: sortedPermissions(input.permissions),
      })
      .returning({ id: roles.id });
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'role.create',
      targetType: 'role',
      targetId: role!.id,
      details: { name: input.name, permissions: sortedPermissions(input.permissions) },
    });
    return role!.id;
  });
}

async function lockRole(tx: Tx, roleId: bigint) {
  const [role] = await tx.select().from(roles).where(eq(roles.id, roleId)).for('update');
  if (!role) {
    throw new AppError('ROLE_NOT_FOUND');
  }
  return role;
}

/**
 * Updates a role. System roles keep their names (code and seed find them by name), and the
 * Administrator role keeps every permission.
 */
export async function updateRole(db: Database, actor: TStaffActor, roleId: bigint, input: TRoleInput) {
  await writeRole(db, async (tx) => {
    const role = await lockRole(tx, roleId);
    const permissions = sortedPermissions(input.permissions);
    assertWithinOwn(actor, role.permissions);
    assertWithinOwn(actor, permissions);
    if (role.isSystem && role.name !== input.name) {
      throw new AppError('ROLE_SYSTEM_LOCKED');
    }
    if (
      role.isSystem &&
      role.name === ADMINISTRATOR_ROLE &&
      permissions.length !== STAFF_PERMISSIONS.length
    ) {
      throw new AppError('ROLE_SYSTEM_LOCKED');
    }
    await assertNameFree(tx, input.name, roleId);
    await tx
      .update(roles)
      .set({ name: input.name, description: input.description, permissions, updatedAt: sql`now()` })
      .where(eq(roles.id, roleId));
    // Open chat sockets of agents check again whether they may still answer (a message that names no one).
    forgetCachedSessions(tx, db);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'role.update',
      targetType: 'role',
      targetId: roleId,
      details: {
        before: { name: role.name, permissions: role.permissions },
        after: { name: input.name, permissions },
      },
    });
  });
}

/** Deletes a role nobody holds; system roles stay. */
export async function deleteRole(db: Database, actor: TStaffActor, roleId: bigint) {
  try {
    await deleteRoleOnce(db, actor, roleId);
  } catch (error) {
    // A staff member given this role concurrently makes the foreign key refuse the delete.
    if (findPgError(error)?.code === '23503') {
      throw new AppError('ROLE_IN_USE');
    }
    throw error;
  }
}

async function deleteRoleOnce(db: Database, actor: TStaffActor, roleId: bigint) {
  await db.transaction(async (tx) => {
    const role = await lockRole(tx, roleId);
    if (role.isSystem) {
      throw new AppError('ROLE_SYSTEM_LOCKED');
    }
    assertWithinOwn(actor, role.permissions);
    const [held] = await tx.select({ total: count() }).from(staff).where(eq(staff.roleId, roleId));
    if ((held?.total ?? 0) > 0) {
      throw new AppError('ROLE_IN_USE');
    }
    await tx.delete(roles).where(eq(roles.id, roleId));
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'role.delete',
      targetType: 'role',
      targetId: roleId,
      details: { name: role.name },
    });
  });
}

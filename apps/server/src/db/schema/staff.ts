import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tstz, updatedAt } from '../columns';

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_name_key').on(sql`lower(${t.name})`)],
);

export const STAFF_STATUSES = ['active', 'disabled'] as const;

/** Platform staff: administrators, finance reviewers, customer-service agents. */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: ref('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('active'),
    loginFailStreak: integer('login_fail_streak').notNull().default(0),
    loginFailDay: text('login_fail_day'),
    loginFailDayCount: integer('login_fail_day_count').notNull().default(0),
    loginLockedUntil: tstz('login_locked_until'),
    /** TOTP (RFC 6238) secret, base32; set at enrolment, active once totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: tstz('totp_enabled_at'),
    /** SHA-256 of each unused recovery code. */
    totpRecoveryHashes: text('totp_recovery_hashes').array().notNull().default(sql`'{}'::text[]`),
    /** The last accepted 30-second step, so one code cannot be used twice. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_username_key').on(sql`lower(${t.username})`),
    index('staff_role_idx').on(t.roleId),
  ],
);

/** Every staff action that changes something, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    staffId: ref('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Platform settings read by code (SPEC §7 syspara), e.g. mall_max_goods_number_in_order. */
export const systemParams = pgTable('system_params', {
  code: text('code').primaryKey(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
});

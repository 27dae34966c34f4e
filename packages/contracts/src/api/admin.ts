import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { zSortQuery } from '../list-sort';
import {
  requiredOrInvalid,
  V,
  zChoice,
  zId,
  zInstant,
  zPageQuery,
  zPassword,
  zRequiredText,
  zUsername,
} from '../validation';
import { zPermission } from './auth';

export const zPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    pageList: z.array(item),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export const ADMIN_USER_STATUSES = ['active', 'disabled', 'locked', 'cancelled'] as const;

/** The longest user search (a name, e-mail, phone or user code). */
export const ADMIN_USER_KEYWORD_MAX = 64;

/** The console's user list sorts by these (`sort=<key>&order=asc|desc`); by default newest first (by id). */
export const ADMIN_USER_SORTS = ['createdAt'] as const;
export type TAdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ZAdminUsersQuery = zPageQuery(PAGE_SIZE.list).extend({
  keyword: z.string().trim().max(ADMIN_USER_KEYWORD_MAX, { error: V.tooLong }).optional(),
  status: zChoice(ADMIN_USER_STATUSES).optional(),
  ...zSortQuery(ADMIN_USER_SORTS),
  lang: z.string().optional(),
});
export type TAdminUsersQuery = z.input<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  id: z.string(),
  usercode: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(ADMIN_USER_STATUSES),
  isSeller: z.boolean(),
  invitationCode: z.string(),
  invitedByUserId: z.string().nullable(),
  agentCode: z.string().nullable(),
  loginLockedUntil: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersResponse = zPageOf(ZAdminUser);
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

export const ZRoleInfo = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(zPermission),
  isSystem: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type TRoleInfo = z.infer<typeof ZRoleInfo>;
export const ZRolesResponse = z.object({ data: z.array(ZRoleInfo) });
export type TRolesResponse = z.infer<typeof ZRolesResponse>;

export const STAFF_MEMBER_STATUSES = ['active', 'disabled'] as const;

export const ZStaffMember = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  status: z.enum(STAFF_MEMBER_STATUSES),
  createdAt: z.string(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffListResponse = z.object({ data: z.array(ZStaffMember) });
export type TStaffListResponse = z.infer<typeof ZStaffListResponse>;

export const ZCreateStaffRequest = z.strictObject({
  /** The users' rule (SPEC §5, 6-30 letters or digits): "fin two" and "<b>x</b>" were staff log-in names. */
  username: zUsername,
  displayName: zRequiredText(64),
  password: zPassword,
  roleId: zId,
});
export type TCreateStaffRequest = z.input<typeof ZCreateStaffRequest>;

export const ZUpdateStaffRequest = z.strictObject({
  displayName: zRequiredText(64).optional(),
  roleId: zId.optional(),
  status: zChoice(STAFF_MEMBER_STATUSES).optional(),
  password: zPassword.optional(),
});
export type TUpdateStaffRequest = z.input<typeof ZUpdateStaffRequest>;

export const ZSystemParam = z.object({
  code: z.string(),
  value: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  updatedAt: z.string(),
});
export type TSystemParam = z.infer<typeof ZSystemParam>;
export const ZSystemParamListResponse = z.object({ data: z.array(ZSystemParam) });

export const ZSystemParamCodeParams = z.strictObject({
  // Dots and dashes too: the withdrawal fees are named per network (withdraw_fee.USDT-TRC20).
  code: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: requiredOrInvalid }),
});
export const ZUpdateSystemParamRequest = z.strictObject({
  value: z.string({ error: requiredOrInvalid }).trim().max(2000, { error: V.tooLong }),
});
export type TUpdateSystemParamRequest = z.input<typeof ZUpdateSystemParamRequest>;

const zAuditText = z
  .string()
  .trim()
  .max(64, { error: V.tooLong })
  .refine((v) => !v.includes('\u0000'), { error: V.required });

/** Search of the audit log: staff member (part of the name, or id), action (prefix, e.g. `withdrawal.`), object, time. */
export const ZAuditLogFilter = z.object({
  staff: zAuditText.optional(),
  action: zAuditText.optional(),
  targetType: zAuditText.optional(),
  targetId: zAuditText.optional(),
  createdFrom: zInstant.optional(),
  createdTo: zInstant.optional(),
  lang: z.string().optional(),
});
export const ZAuditLogQuery = zPageQuery(PAGE_SIZE.list).extend(ZAuditLogFilter.shape);
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;

export const ZAuditEntry = z.object({
  id: z.string(),
  staffId: z.string().nullable(),
  staffUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditLogResponse = zPageOf(ZAuditEntry);

// Console: a user's page in depth ------------------------------------------------------------------
export const ZAdminUserDetail = z.object({
  user: ZAdminUser.extend({ txLockedUntil: z.string().nullable(), hasTxPassword: z.boolean() }),
  wallet: z.object({ available: z.string(), held: z.string() }),
  /** The user's latest balance movements; null for a staff member without `ledger.read` (customer service). */
  ledger: z
    .array(
      z.object({
        id: z.string(),
        kind: z.string(),
        account: z.string(),
        amount: z.string(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
  orders: z.array(
    z.object({ orderNo: z.string(), status: z.number().int(), total: z.string(), createdAt: z.string() }),
  ),
  loans: z.array(z.object({ id: z.string(), status: z.string(), amount: z.string(), createdAt: z.string() })),
  sessions: z.array(
    z.object({
      id: z.string(),
      audience: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
  shop: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
  /**
   * A cancelled account: when and why, and the log-in names it had. They stay on the account until
   * `heldUntil` (account_reregister_days); once someone registers one of them again they are kept here only
   * (`releasedAt`), so staff can still tell who the account was.
   */
  cancellation: z
    .object({
      cancelledAt: z.string(),
      reason: z.string().nullable(),
      heldUntil: z.string(),
      releasedAt: z.string().nullable(),
      formerUsername: z.string().nullable(),
      formerEmail: z.string().nullable(),
      formerAreaCode: z.string().nullable(),
      formerPhone: z.string().nullable(),
    })
    .nullable(),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

/** Disabling, enabling or lifting a lock gives a reason, kept in the audit log. */
/** The reason a staff member gives for acting on a user's account, kept in the audit log. */
export const USER_ACTION_REASON_MAX = 255;
export const ZUserActionRequest = z.strictObject({
  reason: zRequiredText(USER_ACTION_REASON_MAX),
});
export const ZUnlockUserRequest = z.strictObject({
  lock: zChoice(['login', 'txPassword']),
  reason: zRequiredText(USER_ACTION_REASON_MAX),
});

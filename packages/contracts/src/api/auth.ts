import { z } from 'zod';
import { LANGUAGES } from '../languages';
import {
  requiredOrInvalid,
  V,
  zAreaCode,
  zChoice,
  zEmail,
  zId,
  zInvitationCode,
  zMobile,
  zPassword,
  zRequiredText,
  zUsername,
  zWithNewTxPasswordTwice,
} from '../validation';

export const ACCOUNT_TYPES = ['username', 'email', 'mobile'] as const;
export const zAccountType = zChoice(ACCOUNT_TYPES);
export type TAccountType = z.infer<typeof zAccountType>;

function checkAccount(
  value: { accountType: TAccountType; account: string; areaCode?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const schema =
    value.accountType === 'username' ? zUsername : value.accountType === 'email' ? zEmail : zMobile;
  const result = schema.safeParse(value.account);
  if (!result.success) {
    ctx.addIssue({
      code: 'custom',
      path: ['account'],
      message: result.error.issues[0]?.message ?? V.required,
    });
  }
  if (value.accountType === 'mobile' && !value.areaCode) {
    ctx.addIssue({ code: 'custom', path: ['areaCode'], message: V.areaCode });
  }
}

/**
 * The message for an e-mail address or an international phone number typed as a username (log-in, Username tab),
 * or null when the text may be a username.
 */
export function usernameMisplaced(value: { accountType: string; account: string }): string | null {
  if (value.accountType !== 'username') {
    return null;
  }
  const account = value.account.trim();
  if (account.includes('@')) {
    return V.usernameIsEmail;
  }
  return account.startsWith('+') ? V.usernameIsMobile : null;
}

export const ZRegisterRequest = z
  .strictObject({
    accountType: zAccountType,
    account: z.string({ error: requiredOrInvalid }).trim(),
    areaCode: zAreaCode.optional(),
    password: zPassword,
    confirmPassword: z.string({ error: requiredOrInvalid }),
    invitationCode: zInvitationCode.optional().or(z.literal('').transform(() => undefined)),
    agentCode: z.string().trim().max(64, { error: V.tooLong }).optional(),
    /** The code sent to the e-mail, when the platform setting register_email_code_required is 1. */
    emailCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: V.verificationCode })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((value, ctx) => {
    checkAccount(value, ctx);
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: V.passwordsDiffer });
    }
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/**
 * The answer to a log-in challenge (POST /api/v1/auth/challenge): a nonce such that
 * SHA-256("<id>:<nonce>") starts with `difficulty` zero bits. Needed after a few failed log-ins.
 */
export const ZChallengeAnswer = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{32}$/, { error: requiredOrInvalid }),
  nonce: z.string().regex(/^[0-9]{1,20}$/, { error: requiredOrInvalid }),
});
export type TChallengeAnswer = z.infer<typeof ZChallengeAnswer>;
export const ZChallengeResponse = z.object({
  id: z.string(),
  difficulty: z.number().int(),
  expiresAt: z.string(),
});
export type TChallengeResponse = z.infer<typeof ZChallengeResponse>;

export const ZLoginRequest = z
  .strictObject({
    accountType: zAccountType,
    account: z
      .string({ error: requiredOrInvalid })
      .trim()
      .min(1, { error: V.required })
      .max(64, { error: V.tooLong }),
    areaCode: zAreaCode.optional(),
    password: z
      .string({ error: requiredOrInvalid })
      .min(1, { error: V.required })
      .max(64, { error: V.tooLong }),
    challenge: ZChallengeAnswer.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.accountType === 'mobile' && !value.areaCode) {
      ctx.addIssue({ code: 'custom', path: ['areaCode'], message: V.areaCode });
    }
    // No username has an "@" or a leading "+" (letters and digits only): said at once, so an owner who typed the
    // e-mail or phone in the Username tab is not counted a wrong password toward the log-in lock.
    const misplaced = usernameMisplaced(value);
    if (misplaced) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: misplaced });
    }
  });
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZUserInfo = z.object({
  id: z.string(),
  usercode: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  areaCode: z.string().nullable(),
  phone: z.string().nullable(),
  /** What the header shows: username, else e-mail, else phone. */
  displayName: z.string(),
  avatar: z.number().int(),
  invitationCode: z.string(),
  hasTxPassword: z.boolean(),
  isSeller: z.boolean(),
  lang: z.enum(LANGUAGES).nullable(),
  createdAt: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZLoginResponse = z.object({
  token: z.string(),
  user: ZUserInfo,
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZChangePasswordRequest = z
  .strictObject({
    oldPassword: z
      .string({ error: requiredOrInvalid })
      .min(1, { error: V.required })
      .max(64, { error: V.tooLong }),
    newPassword: zPassword,
    confirmPassword: z.string({ error: requiredOrInvalid }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: V.passwordsDiffer,
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    path: ['newPassword'],
    error: V.passwordUnchanged,
  });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const ZSetTxPasswordRequest = zWithNewTxPasswordTwice({});
export type TSetTxPasswordRequest = z.input<typeof ZSetTxPasswordRequest>;

export const ZChangeTxPasswordRequest = zWithNewTxPasswordTwice({
  oldTxPassword: z
    .string({ error: requiredOrInvalid })
    .min(1, { error: V.required })
    .max(12, { error: V.tooLong }),
}).refine((v) => v.txPassword !== v.oldTxPassword, {
  path: ['txPassword'],
  error: V.txPasswordUnchanged,
});
export type TChangeTxPasswordRequest = z.input<typeof ZChangeTxPasswordRequest>;

export const ZSetLanguageRequest = z.strictObject({ lang: zChoice(LANGUAGES) });
export type TSetLanguageRequest = z.input<typeof ZSetLanguageRequest>;

export const ZOkResponse = z.object({ ok: z.literal(true) });

export const ZMeResponse = z.object({ user: ZUserInfo });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZHeartbeatResponse = z.object({ ok: z.literal(true), expiresAt: z.string() });
export type THeartbeatResponse = z.infer<typeof ZHeartbeatResponse>;

export const ZSellerStore = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  status: z.string(),
});
export const ZSellerMeResponse = z.object({ user: ZUserInfo, store: ZSellerStore });
export type TSellerMeResponse = z.infer<typeof ZSellerMeResponse>;

/** Staff and seller consoles log in by username (staff) or any buyer account name (seller). */
export const ZStaffLoginRequest = z.strictObject({
  username: zRequiredText(64),
  password: z
    .string({ error: requiredOrInvalid })
    .min(1, { error: V.required })
    .max(64, { error: V.tooLong }),
  /** The authenticator's 6 digits, or a recovery code, for staff who use TOTP. */
  totpCode: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{4}-[A-Za-z0-9]{4})$/, { error: requiredOrInvalid })
    .optional(),
  challenge: ZChallengeAnswer.optional(),
});
export type TStaffLoginRequest = z.input<typeof ZStaffLoginRequest>;

export const STAFF_PERMISSIONS = [
  'users.read',
  'users.manage',
  'staff.manage',
  'roles.manage',
  'finance.review',
  'finance.settings',
  'ledger.read',
  'merchants.review',
  'loans.review',
  'kyc.review',
  'orders.manage',
  'catalog.manage',
  'chat.answer',
  'settings.manage',
  'audit.read',
  // Account services: the mail outbox and coupon campaigns.
  'mail.read',
  'marketing.manage',
] as const;
export const zPermission = z.enum(STAFF_PERMISSIONS);
export type TPermission = z.infer<typeof zPermission>;

/**
 * The roles every installation has, by the key the consoles' dictionaries translate them under. Their names never
 * change and no other role may take one (role names are unique), so a name alone says the role is built in; an
 * administrator may rewrite a description, and the consoles translate only one still as seeded.
 */
export const BUILT_IN_ROLES = {
  administrator: {
    name: 'Administrator',
    description: 'Full access to the platform',
    permissions: STAFF_PERMISSIONS,
  },
  finance_reviewer: {
    name: 'Finance reviewer',
    description: 'Reviews deposits, withdrawals, loans and identity verifications; reads the ledger',
    permissions: ['finance.review', 'ledger.read', 'loans.review', 'kyc.review', 'users.read', 'audit.read'],
  },
  customer_service: {
    name: 'Customer service',
    description: 'Answers customer chats and reads users',
    permissions: ['chat.answer', 'users.read'],
  },
} as const satisfies Record<
  string,
  { name: string; description: string; permissions: readonly TPermission[] }
>;
export type TBuiltInRoleKey = keyof typeof BUILT_IN_ROLES;

export const ZStaffInfo = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  permissions: z.array(zPermission),
});
export type TStaffInfo = z.infer<typeof ZStaffInfo>;

export const ZStaffLoginResponse = z.object({ token: z.string(), staff: ZStaffInfo });
export type TStaffLoginResponse = z.infer<typeof ZStaffLoginResponse>;
export const ZStaffMeResponse = z.object({ staff: ZStaffInfo });

export const ZRoleRequest = z.strictObject({
  name: zRequiredText(64),
  description: z.string().trim().max(255, { error: V.tooLong }).default(''),
  permissions: z.array(zPermission).max(STAFF_PERMISSIONS.length),
});
export type TRoleRequest = z.input<typeof ZRoleRequest>;

export const ZIdParams = z.strictObject({ id: zId });

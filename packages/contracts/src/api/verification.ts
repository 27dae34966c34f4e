import { z } from 'zod';
import {
  requiredOrInvalid,
  V,
  zAreaCode,
  zEmail,
  zMobile,
  zPassword,
  zWithNewTxPasswordTwice,
} from '../validation';

/** What a verification code is for; each purpose has its own codes, cooldown and mail text. */
export const VERIFICATION_PURPOSES = [
  'resetPassword',
  'bindEmail',
  'registerEmail',
  'bindMobile',
  'resetTxPassword',
] as const;
export type TVerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
/** SPEC §9: a new code at most every 3 minutes. */
export const VERIFICATION_CODE_COOLDOWN_SECONDS = 180;
/** A code is dead after this many wrong entries. */
export const VERIFICATION_CODE_MAX_TRIES = 5;

/** The 6 digits a user types; empty gets its own SPEC §8 message ("empty verification code"). */
export const zVerificationCode = z
  .string({ error: V.verificationCodeEmpty })
  .trim()
  .min(1, { error: V.verificationCodeEmpty })
  .regex(/^\d{6}$/, { error: V.verificationCode });

/** Log-in name for forgot password: a username, an e-mail, or a mobile number (digits, with `areaCode`). */
const zResetAccount = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: V.required })
  .max(64, { error: V.tooLong })
  // NUL and other control characters are never part of a log-in name (and PostgreSQL refuses NUL).
  .regex(/^[^\p{Cc}]+$/u, { error: requiredOrInvalid });

export const ZSendCodeRequest = z.discriminatedUnion(
  'purpose',
  [
    // A mobile number comes with its area code, so an all-digit username can never stand in for a phone's owner.
    z.strictObject({
      purpose: z.literal('resetPassword'),
      account: zResetAccount,
      areaCode: zAreaCode.optional(),
    }),
    z.strictObject({ purpose: z.literal('bindEmail'), email: zEmail }),
    z.strictObject({ purpose: z.literal('registerEmail'), email: zEmail }),
    z.strictObject({ purpose: z.literal('bindMobile'), areaCode: zAreaCode, phone: zMobile }),
    // A forgotten transaction password: the code goes to the logged-in account's own e-mail or mobile number.
    z.strictObject({ purpose: z.literal('resetTxPassword') }),
  ],
  { error: V.required },
);
export type TSendCodeRequest = z.input<typeof ZSendCodeRequest>;

export const ZSendCodeResponse = z.object({
  ok: z.literal(true),
  /** Where the code went, partly hidden (e.g. "de***@example.com"). */
  sentTo: z.string(),
  channel: z.enum(['email', 'sms']),
  cooldownSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type TSendCodeResponse = z.infer<typeof ZSendCodeResponse>;

export const ZResetPasswordRequest = z
  .strictObject({
    account: zResetAccount,
    areaCode: zAreaCode.optional(),
    code: zVerificationCode,
    password: zPassword,
    confirmPassword: z.string({ error: requiredOrInvalid }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: V.passwordsDiffer });
    }
  });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** The log-in password, asked before an e-mail or mobile already bound is replaced (not for a first binding). */
const zCurrentLoginPassword = z
  .string({ error: requiredOrInvalid })
  .max(64, { error: V.tooLong })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const ZBindEmailRequest = z.strictObject({
  email: zEmail,
  code: zVerificationCode,
  loginPassword: zCurrentLoginPassword,
});
export type TBindEmailRequest = z.input<typeof ZBindEmailRequest>;

export const ZBindMobileRequest = z.strictObject({
  areaCode: zAreaCode,
  phone: zMobile,
  code: zVerificationCode,
  loginPassword: zCurrentLoginPassword,
});
export type TBindMobileRequest = z.input<typeof ZBindMobileRequest>;

/** A forgotten transaction password: the code sent to the account, then the new 6 digits twice. */
export const ZResetTxPasswordRequest = zWithNewTxPasswordTwice({ code: zVerificationCode });
export type TResetTxPasswordRequest = z.input<typeof ZResetTxPasswordRequest>;

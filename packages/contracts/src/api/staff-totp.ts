import { z } from 'zod';
import { requiredOrInvalid } from '../validation';

/** Staff sign-in with a time-based one-time password (RFC 6238). */
export const ZStaffTotpState = z.object({
  isEnabled: z.boolean(),
  /** The platform requires it of this staff member (a money permission and the setting on). */
  isRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TStaffTotpState = z.infer<typeof ZStaffTotpState>;

export const ZStaffTotpSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code picture (data: URL). */
  qrDataUrl: z.string(),
});
export type TStaffTotpSetup = z.infer<typeof ZStaffTotpSetup>;

export const ZStaffTotpCodeRequest = z.strictObject({
  code: z
    .string({ error: requiredOrInvalid })
    .trim()
    .regex(/^\d{6}$/, { error: requiredOrInvalid }),
});
export type TStaffTotpCodeRequest = z.input<typeof ZStaffTotpCodeRequest>;

export const ZStaffTotpEnabled = z.object({
  /** Shown once: each signs in once when the phone is lost. */
  recoveryCodes: z.array(z.string()),
});
export type TStaffTotpEnabled = z.infer<typeof ZStaffTotpEnabled>;

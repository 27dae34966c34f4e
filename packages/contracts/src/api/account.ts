import { z } from 'zod';
import {
  requiredOrInvalid,
  V,
  zRequiredText,
  zSubscriptionEmail,
  zUsername,
  zWholeFromText,
} from '../validation';

export const AVATAR_MIN = 1;
export const AVATAR_MAX = 20;

export const ZSetAvatarRequest = z.strictObject({
  avatar: zWholeFromText(AVATAR_MIN, AVATAR_MAX, V.avatar),
});
export type TSetAvatarRequest = z.input<typeof ZSetAvatarRequest>;

/** A new log-in name (SPEC §5: 6-30 letters or digits), unique without regard to case. */
export const ZChangeUsernameRequest = z.strictObject({
  // Trimmed as registration trims the account name: " name " is the name, not a refusal.
  username: z.string({ error: requiredOrInvalid }).trim().pipe(zUsername),
});
export type TChangeUsernameRequest = z.input<typeof ZChangeUsernameRequest>;

/** The reason given for closing an account, kept with the closed account. */
export const ACCOUNT_CLOSE_REASON_MAX = 255;
export const ZCancelAccountRequest = z.strictObject({
  reason: zRequiredText(ACCOUNT_CLOSE_REASON_MAX),
  loginPassword: z
    .string({ error: requiredOrInvalid })
    .min(1, { error: V.required })
    .max(64, { error: V.tooLong }),
});
export type TCancelAccountRequest = z.input<typeof ZCancelAccountRequest>;

export const ZSubscribeRequest = z.strictObject({ email: zSubscriptionEmail });
export type TSubscribeRequest = z.input<typeof ZSubscribeRequest>;

/** Pending subscriptions may be confirmed for this long after their confirmation mail. */
export const SUBSCRIPTION_CONFIRM_DAYS = 7;
/**
 * The token of a subscription mail's link (confirm or unsubscribe), posted in the body by the storefront page that
 * read it from the link's fragment. Its shape is checked by the server, which answers a wrong one as a wrong link.
 */
export const ZSubscriptionTokenRequest = z.strictObject({
  token: z.string({ error: requiredOrInvalid }).min(1, { error: V.required }).max(200, { error: V.tooLong }),
});
export type TSubscriptionTokenRequest = z.input<typeof ZSubscriptionTokenRequest>;
export const ZSubscriptionConfirmResponse = z.object({
  /** `alreadyConfirmed`: the link was followed before; nothing more was sent. */
  result: z.enum(['confirmed', 'alreadyConfirmed']),
});
export type TSubscriptionConfirmResponse = z.infer<typeof ZSubscriptionConfirmResponse>;

/** System parameters anyone may read (SPEC §7 syspara); every other code stays staff-only. */
export const PUBLIC_SYSTEM_PARAM_CODES = [
  'mall_max_goods_number_in_order',
  'customer_service_url',
  'follow_store_limit',
  'register_email_code_required',
  'app_download_buyer_url',
  'app_download_seller_url',
  // chat (settings/chat.ts)
  'chat_poll_seconds',
  'chat_unread_poll_seconds',
  'chat_image_max_kb',
] as const;

/** `codes` is a comma-separated list of parameter codes. */
export const ZSystemParamsQuery = z.object({
  codes: zRequiredText(1000),
  lang: z.string().optional(),
});
export type TSystemParamsQuery = z.input<typeof ZSystemParamsQuery>;

export const ZSystemParamsResponse = z.object({ data: z.record(z.string(), z.string()) });
export type TSystemParamsResponse = z.infer<typeof ZSystemParamsResponse>;

/** GET /api/v1/account/cancel: what stands in the way of closing the account now, each with its localised text. */
export const ZCancellationCheck = z.object({
  blockers: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type TCancellationCheck = z.infer<typeof ZCancellationCheck>;

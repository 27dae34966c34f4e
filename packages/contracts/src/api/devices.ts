import { z } from 'zod';

/** One signed-in device of the account (a buyer session). */
export const ZDeviceSession = z.object({
  id: z.string(),
  /** e.g. "Chrome on Windows"; "Unknown" parts when the browser did not say. */
  browser: z.string(),
  os: z.string(),
  /** Where the session was opened from: the client address (no location database is used). */
  place: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type TDeviceSession = z.infer<typeof ZDeviceSession>;
export const ZDeviceSessionsResponse = z.object({ list: z.array(ZDeviceSession) });
export type TDeviceSessionsResponse = z.infer<typeof ZDeviceSessionsResponse>;
export const ZSignOutOthersResponse = z.object({ ok: z.literal(true), signedOut: z.number().int() });

/** The account's invitation code, its share link and how many people registered with it. */
export const ZReferralsResponse = z.object({
  invitationCode: z.string(),
  shareUrl: z.string(),
  invitedCount: z.number().int(),
  invitedBy: z.string().nullable(),
});
export type TReferralsResponse = z.infer<typeof ZReferralsResponse>;

import { z } from 'zod';

/** One signed-in device of the account (a buyer session). */
export const ZDeviceSession = z.object({
  id: z.string(),
  /** e.g. "Chrome on Windows"; "Unknown" parts when the browser did not say. */
  browser: z.string(),
  os: z.string(),
  /** The client address the session was opened from (kept beside the country for the account holder). */
  place: z.string().nullable(),
  /**
   * Country of that address (ISO 3166-1 alpha-2) from the server's offline IP database; null when it cannot be
   * told (local network, no or unknown address). The web shows the name in the reader's language.
   */
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  /** The address is loopback or on a private network: shown as "local network" rather than a country. */
  isLocalNetwork: z.boolean(),
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

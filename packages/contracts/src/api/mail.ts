import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { V, zChoice, zPageQuery } from '../validation';
import { zPageOf } from './admin';

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'expired'] as const;
export type TMailStatusName = (typeof MAIL_STATUSES)[number];

/** Admin outbox: e-mail and text messages, sent or waiting (read them here when SMTP_URL is unset). */
export const ZMailOutboxQuery = zPageQuery(PAGE_SIZE.list).extend({
  status: zChoice(MAIL_STATUSES).optional(),
  to: z.string().trim().max(128, { error: V.tooLong }).optional(),
});
export type TMailOutboxQuery = z.input<typeof ZMailOutboxQuery>;

export const ZMailAttempt = z.object({
  attemptNo: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  isOk: z.boolean(),
  error: z.string().nullable(),
});

export const ZMailOutboxItem = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  template: z.string(),
  lang: z.string(),
  subject: z.string(),
  text: z.string(),
  /**
   * Extra header lines of the mail (List-Unsubscribe, List-Unsubscribe-Post), {} when none. The one-click URL holds
   * an unsubscribe token unmasked, as the mail's own text shows its links and codes to staff (mail.read).
   */
  headers: z.record(z.string(), z.string()),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attemptLog: z.array(ZMailAttempt),
});
export type TMailOutboxItem = z.infer<typeof ZMailOutboxItem>;
export const ZMailOutboxResponse = zPageOf(ZMailOutboxItem).extend({
  /** Whether this installation sends e-mail (SMTP_URL set); when not, the outbox is the only copy. */
  isSmtpConfigured: z.boolean(),
});
export type TMailOutboxResponse = z.infer<typeof ZMailOutboxResponse>;

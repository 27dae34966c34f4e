import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tstz } from '../columns';

export const MAIL_CHANNELS = ['email', 'sms'] as const;
export type TMailChannel = (typeof MAIL_CHANNELS)[number];
export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'expired'] as const;
export type TMailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Outgoing mail (and text messages without a provider), written in the same transaction as the change
 * that causes it and rendered then, so the worker and the admin outbox need no template. A worker claims
 * due rows (`claim_token`, `claimed_until`: a crashed sender's claim runs out and the row is sent again).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    channel: text('channel', { enum: MAIL_CHANNELS }).notNull().default('email'),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Extra header lines of the message (List-Unsubscribe of marketing mail), name to value. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    claimToken: text('claim_token'),
    claimedUntil: tstz('claimed_until'),
    lastError: text('last_error'),
    /** A verification code is useless after its validity: not sent later. */
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

/** Every send attempt of an outbox row, with its result. */
export const mailAttempts = pgTable(
  'mail_attempts',
  {
    id: id(),
    mailId: ref('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    attemptNo: integer('attempt_no').notNull(),
    startedAt: tstz('started_at').notNull(),
    finishedAt: tstz('finished_at').notNull().defaultNow(),
    isOk: boolean('is_ok').notNull(),
    error: text('error'),
  },
  (t) => [index('mail_attempts_mail_idx').on(t.mailId)],
);

import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tstz } from '../columns';
import { users } from './accounts';

export const NOTIFICATION_AUDIENCES = ['buyer', 'seller'] as const;

/**
 * In-app notifications, one row per recipient: a user as buyer, or the same user as the owner of a shop
 * (audience seller, shown in /seller). The text is rendered by the reader's web app from `event` and
 * `params` in the reader's language, so nothing language-specific is stored.
 *
 * A notification with a `group_key` (new chat messages: `chat:<conversation id>`) is one row per recipient
 * and key, updated by each new event (unread again, `count` up, `created_at` moved) rather than repeated.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: NOTIFICATION_AUDIENCES }).notNull(),
    event: text('event').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    groupKey: text('group_key'),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The list is newest first by created_at, which a grouped row moves forward.
    index('notifications_recipient_idx').on(t.userId, t.audience, t.createdAt, t.id),
    uniqueIndex('notifications_group_key').on(t.userId, t.audience, t.groupKey),
    index('notifications_unread_idx').on(t.userId, t.audience).where(sql`${t.readAt} is null`),
  ],
);

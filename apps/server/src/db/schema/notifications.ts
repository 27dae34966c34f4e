import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tstz } from '../columns';
import { users } from './accounts';

export const NOTIFICATION_AUDIENCES = ['buyer', 'seller'] as const;

/**
 * In-app notifications, one row per recipient: a user as buyer, or the same user as the owner of a shop
 * (audience seller, shown in /seller). The text is rendered by the reader's web app from `event` and
 * `params` in the reader's language, so nothing language-specific is stored.
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
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.userId, t.audience, t.id),
    index('notifications_unread_idx').on(t.userId, t.audience).where(sql`${t.readAt} is null`),
  ],
);

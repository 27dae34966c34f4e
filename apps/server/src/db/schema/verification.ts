import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tstz } from '../columns';
import { users } from './accounts';

/**
 * One-time verification codes (6 digits, 10 minutes, one use). `target` is the lower-cased e-mail or
 * "+<area code><number>"; only a hash of the code is kept. `failed_tries` reaching the limit kills the code.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    purpose: text('purpose').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    target: text('target').notNull(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    failedTries: integer('failed_tries').notNull().default(0),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.purpose, t.createdAt),
    index('verification_codes_created_idx').on(t.createdAt),
  ],
);

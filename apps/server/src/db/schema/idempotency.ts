import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from '../columns';

export const IDEMPOTENCY_STATES = ['running', 'done'] as const;

/**
 * One `Idempotency-Key` of one actor (issue 10): the fingerprint of the first request and, once it has
 * finished, its answer, replayed for the same key and body for 24 hours. The primary key makes a
 * concurrent duplicate wait for and then lose the insert, so it never runs twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>`, `seller:<id>` or `staff:<id>`: keys of different callers never meet. */
    actor: text('actor').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, route, params, query and body. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: IDEMPOTENCY_STATES }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.actor, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

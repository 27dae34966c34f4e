import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tstz, updatedAt } from '../columns';

export const USER_STATUSES = ['active', 'disabled', 'locked', 'cancelled'] as const;

/** Buyers and sellers; a seller is a user who owns a shop. Staff live in `staff`. */
export const users = pgTable(
  'users',
  {
    id: id(),
    usercode: text('usercode').notNull(),
    username: text('username'),
    email: text('email'),
    areaCode: text('area_code'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    txPasswordHash: text('tx_password_hash'),
    avatar: integer('avatar').notNull().default(1),
    invitationCode: text('invitation_code').notNull(),
    invitedByUserId: ref('invited_by_user_id'),
    agentCode: text('agent_code'),
    lang: text('lang'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    loginFailStreak: integer('login_fail_streak').notNull().default(0),
    loginFailDay: text('login_fail_day'),
    loginFailDayCount: integer('login_fail_day_count').notNull().default(0),
    loginLockedUntil: tstz('login_locked_until'),
    txFailStreak: integer('tx_fail_streak').notNull().default(0),
    txFailDay: text('tx_fail_day'),
    txFailDayCount: integer('tx_fail_day_count').notNull().default(0),
    txLockedUntil: tstz('tx_locked_until'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    cancelledAt: tstz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    /**
     * A cancelled account's log-in names once its re-registration hold (account_reregister_days) has passed
     * and someone registered or bound one of them again: the row stays for the ledger, the names move here.
     */
    formerUsername: text('former_username'),
    formerEmail: text('former_email'),
    formerAreaCode: text('former_area_code'),
    formerPhone: text('former_phone'),
    identityReleasedAt: tstz('identity_released_at'),
  },
  (t) => [
    uniqueIndex('users_usercode_key').on(t.usercode),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.areaCode, t.phone),
    uniqueIndex('users_invitation_code_key').on(t.invitationCode),
    // The console's user list sorted by creation, either way (db/list-sort.ts): without it, every row sorted.
    index('users_created_idx').on(t.createdAt, t.id),
    check('users_avatar_range', sql`${t.avatar} between 1 and 20`),
  ],
);

/**
 * Usernames an account gave up by renaming itself, held from anybody else for `account_reregister_days` as a
 * cancelled account's names are: the old name is on no row of `users` any more, and whoever took it at once would
 * receive the messages and trust meant for its former holder.
 */
export const givenUpUsernames = pgTable(
  'given_up_usernames',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    givenUpAt: tstz('given_up_at').notNull().defaultNow(),
  },
  (t) => [index('given_up_usernames_name_idx').on(sql`lower(${t.username})`, t.givenUpAt)],
);

export const SESSION_AUDIENCES = ['buyer', 'seller', 'staff'] as const;
export type TSessionAudience = (typeof SESSION_AUDIENCES)[number];

/** Log-in sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    audience: text('audience', { enum: SESSION_AUDIENCES }).notNull(),
    userId: ref('user_id').references(() => users.id, { onDelete: 'cascade' }),
    staffId: ref('staff_id'),
    createdAt: createdAt(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_staff_idx').on(t.staffId),
  ],
);

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * E-mail subscriptions for coupons (footer form); one row per address. `pending` until the mailbox owner follows the
 * confirmation link (double opt-in), then `active`; `unsubscribed` gets no marketing mail until subscribed again.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    lang: text('lang'),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    /** The last confirmation mail: re-sends wait for the cooldown after it. */
    confirmSentAt: tstz('confirm_sent_at'),
    confirmedAt: tstz('confirmed_at'),
    /** When the first confirmation handed out (or found no) welcome coupon: never a second one for this mailbox. */
    welcomedAt: tstz('welcomed_at'),
    unsubscribedAt: tstz('unsubscribed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_email_key').on(t.email),
    // The mailbox an address reaches (lower case, no `+tag`): subscribing looks it up (subscriptions/service.ts,
    // canonicalColumn, which must stay the same expression). Not unique: older rows may hold two spellings of one.
    index('subscriptions_mailbox_idx').on(
      sql`lower(split_part(split_part(${t.email}, '@', 1), '+', 1) || '@' || split_part(${t.email}, '@', 2))`,
    ),
  ],
);

export const SUBSCRIPTION_TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;

/**
 * Links of subscription mails: `<selector>.<verifier>`, random, one per mail. The selector finds the row; only a
 * SHA-256 of the verifier is kept and compared in constant time, so the table cannot be replayed into links and no
 * signing secret is shared between processes. Unsubscribe links never run out (every mail ever sent keeps working).
 */
export const subscriptionTokens = pgTable(
  'subscription_tokens',
  {
    id: id(),
    subscriptionId: ref('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: SUBSCRIPTION_TOKEN_PURPOSES }).notNull(),
    selector: text('selector').notNull(),
    verifierHash: text('verifier_hash').notNull(),
    expiresAt: tstz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_tokens_selector_key').on(t.selector),
    index('subscription_tokens_subscription_idx').on(t.subscriptionId),
  ],
);

import type { TLocalizedText } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ref, tstz, updatedAt } from '../columns';
import { users } from './accounts';
import { ledgerTransactions } from './ledger';
import { staff } from './staff';

export const CHANNEL_KINDS = ['blockchain', 'bank', 'third_party'] as const;
export const WALLET_RECORD_STATUSES = ['processing', 'success', 'fail'] as const;

const userRef = () =>
  ref('user_id')
    .notNull()
    .references(() => users.id);

/** The staff review of a recharge or withdrawal: pending until approved or rejected (with a reason). */
const reviewColumns = () => ({
  status: text('status', { enum: WALLET_RECORD_STATUSES }).notNull().default('processing'),
  reason: text('reason'),
  reviewerStaffId: ref('reviewer_staff_id').references(() => staff.id),
  reviewedAt: tstz('reviewed_at'),
});

/** Recharge methods, set by the platform's finance staff. Amounts are in the channel's currency. */
export const walletChannels = pgTable(
  'wallet_channels',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind', { enum: CHANNEL_KINDS }).notNull(),
    /** The English name, shown where a language has none of its own in `names`. */
    name: text('name').notNull(),
    /** The name per language (English included), as staff typed them in the channel editor. */
    names: jsonb('names').$type<TLocalizedText>().notNull().default(sql`'{}'::jsonb`),
    currency: text('currency').notNull(),
    network: text('network'),
    depositAddress: text('deposit_address'),
    uriPrefix: text('uri_prefix'),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    feeFixed: money('fee_fixed').notNull().default(sql`0`),
    feeRate: money('fee_rate').notNull().default(sql`0`),
    rateToUsdt: money('rate_to_usdt').notNull().default(sql`1`),
    arrivalMinutes: integer('arrival_minutes').notNull().default(30),
    isOpen: boolean('is_open').notNull().default(true),
    closedRegions: text('closed_regions').array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wallet_channels_code_key').on(t.code),
    check('wallet_channels_amounts', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check(
      'wallet_channels_fees',
      sql`${t.feeFixed} >= 0 and ${t.feeRate} >= 0 and ${t.feeRate} < 1 and ${t.rateToUsdt} > 0`,
    ),
  ],
);

export const recharges = pgTable(
  'wallet_recharges',
  {
    id: id(),
    userId: userRef(),
    channelId: ref('channel_id')
      .notNull()
      .references(() => walletChannels.id),
    channelCode: text('channel_code').notNull(),
    kind: text('kind', { enum: CHANNEL_KINDS }).notNull(),
    currency: text('currency').notNull(),
    network: text('network'),
    depositAddress: text('deposit_address'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    rateToUsdt: money('rate_to_usdt').notNull(),
    /** USDT credited on approval. */
    actualAmount: money('actual_amount').notNull(),
    /** Lower-case hex without 0x, so one chain transaction is credited at most once. */
    txHash: text('tx_hash'),
    certificateUrl: text('certificate_url'),
    bankName: text('bank_name'),
    cardNumber: text('card_number'),
    region: text('region'),
    ...reviewColumns(),
    expectedArrivalAt: tstz('expected_arrival_at'),
    ledgerTransactionId: ref('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_recharges_tx_hash_key').on(t.txHash).where(sql`${t.txHash} is not null`),
    index('wallet_recharges_user_idx').on(t.userId, t.id),
    index('wallet_recharges_status_idx').on(t.status, t.id),
    // The finance queue sorted by date or USDT amount, either way, over every status (db/list-sort.ts).
    index('wallet_recharges_created_idx').on(t.createdAt, t.id),
    index('wallet_recharges_actual_amount_idx').on(t.actualAmount, t.id),
    check('wallet_recharges_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.actualAmount} > 0`),
  ],
);

/** The one bound withdrawal address of a user (SPEC §9: bound withdrawal addresses 1). */
export const withdrawAddresses = pgTable(
  'wallet_withdraw_addresses',
  {
    id: id(),
    userId: userRef(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallet_withdraw_addresses_user_key').on(t.userId)],
);

export const withdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: id(),
    userId: userRef(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    /** USDT taken from the balance (held until review). */
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    actualAmount: money('actual_amount').notNull(),
    ...reviewColumns(),
    chainTxHash: text('chain_tx_hash'),
    holdTransactionId: ref('hold_transaction_id').references(() => ledgerTransactions.id),
    settleTransactionId: ref('settle_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_withdrawals_user_idx').on(t.userId, t.id),
    index('wallet_withdrawals_status_idx').on(t.status, t.id),
    // The finance queue sorted by date or USDT amount, either way, over every status (db/list-sort.ts).
    index('wallet_withdrawals_created_idx').on(t.createdAt, t.id),
    index('wallet_withdrawals_actual_amount_idx').on(t.actualAmount, t.id),
    check(
      'wallet_withdrawals_amounts',
      sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.actualAmount} > 0 and ${t.amount} = ${t.fee} + ${t.actualAmount}`,
    ),
  ],
);

/** One-time tokens fetched right before a withdrawal is submitted; only the SHA-256 is stored. */
export const withdrawSessions = pgTable(
  'wallet_withdraw_sessions',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_withdraw_sessions_token_key').on(t.tokenHash),
    index('wallet_withdraw_sessions_user_idx').on(t.userId),
  ],
);

/**
 * The unfinished recharge or withdrawal of a user. The primary key makes "only one at a time" hold under
 * concurrency; the row is deleted when the record is approved or rejected.
 */
export const walletPending = pgTable('wallet_pending', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id),
  recordType: text('record_type', { enum: ['recharge', 'withdrawal'] }).notNull(),
  recordId: ref('record_id').notNull(),
  createdAt: createdAt(),
});

/** Bank cards a buyer recharged from (opening bank, card number). */
export const bankCards = pgTable(
  'wallet_bank_cards',
  {
    id: id(),
    userId: userRef(),
    bankName: text('bank_name').notNull(),
    cardNumber: text('card_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallet_bank_cards_user_card_key').on(t.userId, t.cardNumber)],
);

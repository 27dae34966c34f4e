import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ref } from '../columns';
import { users } from './accounts';

/**
 * Double-entry ledger (ARCHITECTURE.md, Money). Balances change only through the SQL function
 * `ledger_post` (migration `ledger_functions`), which writes the postings and updates the balances of
 * locked rows in one statement. Transactions and postings are immutable (trigger).
 *
 * User accounts: one row per (kind, user). Platform accounts: PLATFORM_SHARDS rows per kind, so that no
 * single row is locked by every payment; a platform balance is the sum of its shards.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    kind: text('kind').notNull(),
    userId: ref('user_id').references(() => users.id),
    shard: smallint('shard').notNull().default(0),
    balance: money('balance').notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key').on(t.kind, t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_platform_key').on(t.kind, t.shard).where(sql`${t.userId} is null`),
    check(
      'ledger_accounts_kind_valid',
      sql`${t.kind} in ('user_available', 'user_held', 'order_escrow', 'platform_revenue', 'chain_clearing', 'bank_clearing', 'loan_book', 'interest_income', 'platform_marketing')`,
    ),
    check(
      'ledger_accounts_owner',
      sql`(${t.kind} in ('user_available', 'user_held')) = (${t.userId} is not null)`,
    ),
    check('ledger_accounts_user_balance_nonnegative', sql`${t.userId} is null or ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey)],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: id(),
    transactionId: ref('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: ref('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money('amount').notNull(),
    /** Balance of the account right after this posting (written by ledger_post). */
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_postings_transaction_idx').on(t.transactionId),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    check('ledger_postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

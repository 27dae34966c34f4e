/**
 * The ledger: the only way money moves in Caravan (ARCHITECTURE.md, Money). Other domains call it inside
 * their own database transaction, so the business change and its postings commit or roll back together.
 *
 *   import { postLedgerTransaction, withMoneyTransaction } from '../ledger/service';
 *
 *   await withMoneyTransaction(app.deps.db, async (tx) => {
 *     // ... lock and change your own rows with tx ...
 *     await postLedgerTransaction(tx, {
 *       idempotencyKey: `order:pay:${orderId}`,        // unique per movement; a replay moves nothing
 *       kind: 'order_payment',
 *       reference: { type: 'order', id: orderId },
 *       postings: [
 *         { account: { kind: 'user_available', userId: buyerId }, amount: -total },
 *         { account: { kind: 'order_escrow' }, amount: total },
 *       ],
 *     });
 *   });
 *
 * Rules:
 * - Postings are bigints of 10^-10 USDT, non-zero, at least two, and must sum to zero; otherwise an
 *   Error is thrown (a programming bug, not user input).
 * - A user account that would go below zero makes the call throw AppError('INSUFFICIENT_BALANCE'); the
 *   surrounding database transaction is then aborted and must be abandoned (let the error propagate).
 * - A replayed idempotency key returns `{ transactionId: <the first one>, isReplay: true }` and moves
 *   nothing, also when the two calls race on PostgreSQL (the second waits for the first to commit).
 * - Spendable money is `user_available`; `user_held` (pending withdrawals) is not spendable.
 *   holdFunds/releaseHold move between the two.
 * - Platform accounts (escrow, revenue, clearing, loan book, interest) are split into PLATFORM_SHARDS rows;
 *   each posting picks one at random, so payments do not queue behind one hot row. Their balance is the
 *   sum of the shards; clearing accounts mirror the outside world and may be negative.
 * - withMoneyTransaction retries the whole callback on PostgreSQL serialisation failures and deadlocks
 *   (40001, 40P01), so keep the callback free of side effects outside the database.
 *
 * Implementation: one round trip per transaction, the SQL function `ledger_post` (migration
 * 0007_ledger_functions.sql) that inserts the transaction row first (ON CONFLICT DO NOTHING), locks the
 * accounts in ascending id order, updates balances with `balance = balance + delta` under
 * CHECK (balance >= 0) and writes the postings. Transactions and postings are immutable (trigger).
 */
import {
  formatMoney,
  LEDGER_ACCOUNT_KINDS,
  PLATFORM_ACCOUNT_KINDS,
  parseMoney,
  type TLedgerAccountKind,
  type TMoney,
  type TPlatformAccountKind,
  type TUserAccountKind,
  USER_ACCOUNT_KINDS,
} from '@caravan/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Executor, Tx } from '../../db/client';
import { findPgError } from '../../db/pg-error';
import { ledgerAccounts } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** Rows per platform account kind; the migration seeds exactly this many. */
export const PLATFORM_SHARDS = 16;

export type TAccountRef =
  | { kind: TUserAccountKind; userId: bigint }
  | { kind: TPlatformAccountKind; userId?: undefined };

export type TPosting = { account: TAccountRef; amount: TMoney };

export type TPostLedgerInput = {
  idempotencyKey: string;
  /** What the movement is for, e.g. 'order_payment' (see LEDGER_TRANSACTION_KINDS). */
  kind: string;
  reference?: { type: string; id: bigint | string } | undefined;
  postings: TPosting[];
};

export type TPostLedgerResult = { transactionId: bigint; isReplay: boolean };

const USER_KINDS: readonly string[] = USER_ACCOUNT_KINDS;
const KNOWN_KINDS: readonly string[] = LEDGER_ACCOUNT_KINDS;
const BALANCE_CHECK = 'ledger_accounts_user_balance_nonnegative';
const RETRYABLE = new Set(['40001', '40P01']);

export function isUserAccountKind(kind: string): kind is TUserAccountKind {
  return USER_KINDS.includes(kind);
}

function assertPostings(input: TPostLedgerInput) {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) {
    throw new Error('ledger: an idempotency key of 1-200 characters is required');
  }
  if (input.postings.length < 2) {
    throw new Error('ledger: a transaction needs at least two postings');
  }
  let total = 0n;
  for (const posting of input.postings) {
    if (typeof posting.amount !== 'bigint' || posting.amount === 0n) {
      throw new Error('ledger: every posting amount must be a non-zero bigint');
    }
    if (!KNOWN_KINDS.includes(posting.account.kind)) {
      throw new Error(`ledger: unknown account kind ${posting.account.kind}`);
    }
    const hasUser = posting.account.userId !== undefined;
    if (hasUser !== isUserAccountKind(posting.account.kind)) {
      throw new Error(`ledger: account ${posting.account.kind} ${hasUser ? 'takes no' : 'needs a'} userId`);
    }
    total += posting.amount;
  }
  if (total !== 0n) {
    throw new Error(`ledger: postings must sum to zero, got ${formatMoney(total)}`);
  }
}

/** A PostgreSQL array literal of values we produced ourselves (kinds, digits, decimal strings). */
function arrayLiteral(values: (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
}

/** True when the error is the user-balance CHECK (an overdraft refused by the database). */
export function isBalanceCheckViolation(error: unknown): boolean {
  const pgError = findPgError(error);
  return pgError?.code === '23514' && (pgError.constraint === BALANCE_CHECK || !pgError.constraint);
}

const LEDGER_POST_SQL =
  'select o_transaction_id, o_is_replay from ledger_post($1, $2, $3, $4, $5::text[], $6::bigint[], $7::numeric[])';

function ledgerPostParams(input: TPostLedgerInput): (string | null)[] {
  return [
    input.idempotencyKey,
    input.kind,
    input.reference?.type ?? null,
    input.reference === undefined ? null : String(input.reference.id),
    arrayLiteral(input.postings.map((p) => p.account.kind)),
    arrayLiteral(
      input.postings.map((p) => (p.account.userId === undefined ? null : String(p.account.userId))),
    ),
    arrayLiteral(input.postings.map((p) => formatMoney(p.amount, 0))),
  ];
}

function toResult(row: { o_transaction_id: string; o_is_replay: boolean } | undefined): TPostLedgerResult {
  if (!row) {
    throw new Error('ledger_post returned no row');
  }
  return { transactionId: BigInt(row.o_transaction_id), isReplay: row.o_is_replay };
}

/** Writes one immutable ledger transaction; see the top of this file. */
export async function postLedgerTransaction(
  tx: Executor,
  input: TPostLedgerInput,
): Promise<TPostLedgerResult> {
  assertPostings(input);
  const [key, kind, refType, refId, kinds, userIds, amounts] = ledgerPostParams(input);
  try {
    const result = await tx.execute<{ o_transaction_id: string; o_is_replay: boolean }>(
      sql`select o_transaction_id, o_is_replay from ledger_post(${key}, ${kind}, ${refType}, ${refId}, ${kinds}::text[], ${userIds}::bigint[], ${amounts}::numeric[])`,
    );
    return toResult(result.rows[0]);
  } catch (error) {
    if (isBalanceCheckViolation(error)) {
      throw new AppError('INSUFFICIENT_BALANCE');
    }
    throw error;
  }
}

/** On a node-postgres pool: one named prepared statement per connection, no query builder in the way. */
async function postOnPool(pool: pg.Pool, input: TPostLedgerInput): Promise<TPostLedgerResult> {
  try {
    const result = await pool.query<{ o_transaction_id: string; o_is_replay: boolean }>({
      name: 'caravan_ledger_post',
      text: LEDGER_POST_SQL,
      values: ledgerPostParams(input),
    });
    return toResult(result.rows[0]);
  } catch (error) {
    if (isBalanceCheckViolation(error)) {
      throw new AppError('INSUFFICIENT_BALANCE');
    }
    throw error;
  }
}

/**
 * A movement that needs no other change in the same transaction (e.g. an internal transfer): one
 * statement, so one round trip and its own atomic transaction. Retried on deadlock/serialisation errors.
 */
export async function postLedgerTransactionNow(
  db: Database,
  input: TPostLedgerInput,
): Promise<TPostLedgerResult> {
  const client: unknown = (db as { $client?: unknown }).$client;
  for (let attempt = 1; ; attempt++) {
    try {
      if (client instanceof pg.Pool) {
        assertPostings(input);
        return await postOnPool(client, input);
      }
      return await postLedgerTransaction(db, input);
    } catch (error) {
      const code = findPgError(error)?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= 5) {
        throw error;
      }
    }
  }
}

export type TUserFundsMove = {
  userId: bigint;
  amount: TMoney;
  idempotencyKey: string;
  kind?: string;
  reference?: TPostLedgerInput['reference'];
};

function moveUserFunds(
  tx: Executor,
  input: TUserFundsMove,
  move: { from: TUserAccountKind; to: TUserAccountKind; defaultKind: string },
): Promise<TPostLedgerResult> {
  return postLedgerTransaction(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: input.kind ?? move.defaultKind,
    reference: input.reference,
    postings: [
      { account: { kind: move.from, userId: input.userId }, amount: -input.amount },
      { account: { kind: move.to, userId: input.userId }, amount: input.amount },
    ],
  });
}

/** Moves `amount` from a user's available balance to held (e.g. a withdrawal application). */
export function holdFunds(tx: Executor, input: TUserFundsMove): Promise<TPostLedgerResult> {
  return moveUserFunds(tx, input, { from: 'user_available', to: 'user_held', defaultKind: 'withdraw_hold' });
}

/** Moves held money back to available (e.g. a rejected withdrawal). */
export function releaseHold(tx: Executor, input: TUserFundsMove): Promise<TPostLedgerResult> {
  return moveUserFunds(tx, input, {
    from: 'user_held',
    to: 'user_available',
    defaultKind: 'withdraw_release',
  });
}

export type TBalances = { available: TMoney; held: TMoney };

/** A user's available and held balances (zero when the accounts do not exist yet). */
export async function getBalances(db: Executor, userId: bigint): Promise<TBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, [...USER_ACCOUNT_KINDS])));
  const balances: TBalances = { available: 0n, held: 0n };
  for (const row of rows) {
    if (row.kind === 'user_available') {
      balances.available = row.balance;
    } else if (row.kind === 'user_held') {
      balances.held = row.balance;
    }
  }
  return balances;
}

/** Balance of a platform account kind: the sum of its shards. */
export async function getPlatformBalance(db: Executor, kind: TPlatformAccountKind): Promise<TMoney> {
  const result = await db.execute<{ total: string }>(
    sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts where user_id is null and kind = ${kind}`,
  );
  return parseMoney(result.rows[0]?.total ?? '0');
}

export const PLATFORM_KINDS: readonly TPlatformAccountKind[] = PLATFORM_ACCOUNT_KINDS;
export type { TLedgerAccountKind };

/**
 * Runs `fn` in one database transaction and retries it (with a short random back-off) when PostgreSQL
 * reports a serialisation failure or a deadlock. Anything else, including AppErrors, propagates.
 */
export async function withMoneyTransaction<T>(
  db: Database,
  fn: (tx: Tx) => Promise<T>,
  options: { attempts?: number } = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      const code = findPgError(error)?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 20 * attempt)));
    }
  }
}

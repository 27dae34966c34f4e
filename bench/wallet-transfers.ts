import { parseMoney, type TMoney } from '@caravan/contracts';
import type { Database } from '../apps/server/src/db/client';
import { AppError } from '../apps/server/src/http/app-error';
import {
  postLedgerTransaction,
  postLedgerTransactionNow,
  type TPostLedgerInput,
  withMoneyTransaction,
} from '../apps/server/src/modules/ledger';

const COMMISSION_RATE_PERCENT = 2n;
const MIN_CENTS = 1n;
const MAX_CENTS = 500n;

export type TTransferStats = { committed: number; refused: number; failed: number };

function randomAmount(): TMoney {
  const cents = MIN_CENTS + BigInt(Math.floor(Math.random() * Number(MAX_CENTS - MIN_CENTS)));
  return cents * parseMoney('0.01');
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

/**
 * One internal transfer through the ledger service, like an order's life: a buyer pays into escrow, or
 * escrow settles to a seller minus commission (platform revenue). Each is one database transaction.
 */
export type TTransferMode = 'statement' | 'transaction';

/**
 * One internal transfer through the ledger service, like an order's life: a buyer pays into escrow, or
 * escrow settles to a seller minus commission (platform revenue). Mode 'statement' posts it on its own
 * (postLedgerTransactionNow: one round trip); 'transaction' wraps it in withMoneyTransaction as a domain
 * flow does (BEGIN, ledger_post, COMMIT).
 */
export async function runOneTransfer(
  db: Database,
  userIds: readonly bigint[],
  sequence: number,
  worker: number,
  mode: TTransferMode = 'statement',
) {
  const amount = randomAmount();
  const commission = (amount * COMMISSION_RATE_PERCENT) / 100n;
  const input: TPostLedgerInput =
    sequence % 2 === 0
      ? {
          idempotencyKey: `bench:${worker}:${sequence}:${Math.random().toString(36).slice(2)}`,
          kind: 'order_payment',
          postings: [
            { account: { kind: 'user_available', userId: pick(userIds) }, amount: -amount },
            { account: { kind: 'order_escrow' }, amount },
          ],
        }
      : {
          idempotencyKey: `bench:${worker}:${sequence}:${Math.random().toString(36).slice(2)}`,
          kind: 'order_settlement',
          postings: [
            { account: { kind: 'order_escrow' }, amount: -amount },
            { account: { kind: 'user_available', userId: pick(userIds) }, amount: amount - commission },
            { account: { kind: 'platform_revenue' }, amount: commission },
          ],
        };
  if (mode === 'statement') {
    await postLedgerTransactionNow(db, input);
  } else {
    await withMoneyTransaction(db, (tx) => postLedgerTransaction(tx, input));
  }
}

/** `connections` workers running transfers until `deadline` (ms since epoch). */
export async function runTransferWorkers(
  db: Database,
  userIds: readonly bigint[],
  options: {
    connections: number;
    deadline: number;
    mode?: TTransferMode;
    onCommit?: (stats: TTransferStats) => void;
  },
): Promise<TTransferStats> {
  const stats: TTransferStats = { committed: 0, refused: 0, failed: 0 };
  const worker = async (index: number) => {
    for (let sequence = 0; Date.now() < options.deadline; sequence++) {
      try {
        await runOneTransfer(db, userIds, sequence, index, options.mode);
        stats.committed += 1;
        options.onCommit?.(stats);
      } catch (error) {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
          stats.refused += 1;
        } else {
          stats.failed += 1;
          if (stats.failed < 5) {
            console.error(error);
          }
          if (stats.failed > 100) {
            throw error;
          }
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, i) => worker(i)));
  return stats;
}

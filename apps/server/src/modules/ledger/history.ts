import { formatMoney, type TLedgerHistoryPage, type TUserAccountKind } from '@caravan/contracts';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema';

/** A user's balance history: postings on their available and held accounts, newest first. */
export async function listBalanceHistory(
  db: Executor,
  input: { userId: bigint; pageNum: number; pageSize: number; account?: TUserAccountKind | undefined },
): Promise<TLedgerHistoryPage> {
  const where = and(
    eq(ledgerAccounts.userId, input.userId),
    isNotNull(ledgerAccounts.userId),
    input.account ? eq(ledgerAccounts.kind, input.account) : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(where);
  const rows = await db
    .select({
      id: ledgerPostings.id,
      transactionId: ledgerPostings.transactionId,
      kind: ledgerTransactions.kind,
      account: ledgerAccounts.kind,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
      referenceType: ledgerTransactions.referenceType,
      referenceId: ledgerTransactions.referenceId,
      createdAt: ledgerPostings.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(where)
    .orderBy(desc(ledgerPostings.id))
    .limit(input.pageSize)
    .offset((input.pageNum - 1) * input.pageSize);
  return {
    pageList: rows.map((r) => ({
      id: String(r.id),
      transactionId: String(r.transactionId),
      kind: r.kind,
      account: r.account as TUserAccountKind,
      amount: formatMoney(r.amount),
      balanceAfter: formatMoney(r.balanceAfter),
      referenceType: r.referenceType,
      referenceId: r.referenceId,
      createdAt: r.createdAt.toISOString(),
    })),
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    total: total?.n ?? 0,
  };
}

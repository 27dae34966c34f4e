import {
  formatMoney,
  PLATFORM_ACCOUNT_KINDS,
  parseMoney,
  type TLedgerBreach,
  type TLedgerCheckReport,
} from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Database, openDatabase, type Tx } from '../../db/client';

/** At most this many breaches of each kind are listed; breachCount counts them all. */
const BREACH_LIST_LIMIT = 50;

type TRow = Record<string, string | number | null>;

async function rows<T extends TRow>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await tx.execute<T>(query);
  return result.rows as T[];
}

function money(value: string | number | null | undefined): string {
  return formatMoney(parseMoney(String(value ?? '0')));
}

/**
 * Proves the ledger invariants of ARCHITECTURE.md on one consistent snapshot (REPEATABLE READ, read
 * only): every transaction has two or more non-zero postings that sum to zero; every account balance
 * equals the sum of its postings; no user balance is negative; all balances together sum to zero.
 */
export async function checkLedger(db: Database): Promise<TLedgerCheckReport> {
  return db.transaction(
    async (tx) => {
      const breaches: TLedgerBreach[] = [];
      let breachCount = 0;
      const add = (found: TLedgerBreach[], total: number) => {
        breachCount += total;
        breaches.push(...found.slice(0, BREACH_LIST_LIMIT));
      };

      const unbalanced = await rows<{ id: string; n: number; total: string }>(
        tx,
        sql`select t.id::text as id, count(p.id)::int as n, coalesce(sum(p.amount), 0)::text as total
            from ledger_transactions t left join ledger_postings p on p.transaction_id = t.id
            group by t.id
            having count(p.id) < 2 or coalesce(sum(p.amount), 0) <> 0
            order by t.id`,
      );
      add(
        unbalanced.map((r) => ({
          kind: Number(r.n) < 2 ? 'transaction_too_few_postings' : 'transaction_unbalanced',
          transactionId: r.id,
          accountId: null,
          amount: money(r.total),
          detail: `${r.n} postings summing to ${money(r.total)}`,
        })),
        unbalanced.length,
      );

      const zero = await rows<{ id: string; transaction_id: string; account_id: string }>(
        tx,
        sql`select id::text as id, transaction_id::text as transaction_id, account_id::text as account_id
            from ledger_postings where amount = 0 order by id`,
      );
      add(
        zero.map((r) => ({
          kind: 'posting_zero_amount',
          transactionId: r.transaction_id,
          accountId: r.account_id,
          amount: '0.00',
          detail: `posting ${r.id} has amount 0`,
        })),
        zero.length,
      );

      const mismatched = await rows<{ id: string; balance: string; total: string }>(
        tx,
        sql`select a.id::text as id, a.balance::text as balance, coalesce(s.total, 0)::text as total
            from ledger_accounts a
            left join (select account_id, sum(amount) as total from ledger_postings group by account_id) s
              on s.account_id = a.id
            where a.balance <> coalesce(s.total, 0)
            order by a.id`,
      );
      add(
        mismatched.map((r) => ({
          kind: 'balance_mismatch',
          transactionId: null,
          accountId: r.id,
          amount: formatMoney(parseMoney(r.balance) - parseMoney(r.total)),
          detail: `balance ${money(r.balance)} but postings sum to ${money(r.total)}`,
        })),
        mismatched.length,
      );

      const negative = await rows<{ id: string; balance: string; kind: string; user_id: string }>(
        tx,
        sql`select id::text as id, balance::text as balance, kind, user_id::text as user_id
            from ledger_accounts where user_id is not null and balance < 0 order by id`,
      );
      add(
        negative.map((r) => ({
          kind: 'negative_user_balance',
          transactionId: null,
          accountId: r.id,
          amount: money(r.balance),
          detail: `${r.kind} of user ${r.user_id} is ${money(r.balance)}`,
        })),
        negative.length,
      );

      const [totals] = await rows<{
        transactions: number;
        postings: number;
        accounts: number;
        all_total: string;
        user_total: string;
      }>(
        tx,
        sql`select (select count(*)::int from ledger_transactions) as transactions,
                   (select count(*)::int from ledger_postings) as postings,
                   (select count(*)::int from ledger_accounts) as accounts,
                   (select coalesce(sum(balance), 0)::text from ledger_accounts) as all_total,
                   (select coalesce(sum(balance), 0)::text from ledger_accounts where user_id is not null) as user_total`,
      );
      if (totals && parseMoney(String(totals.all_total)) !== 0n) {
        add(
          [
            {
              kind: 'ledger_total_nonzero',
              transactionId: null,
              accountId: null,
              amount: money(totals.all_total),
              detail: `all balances sum to ${money(totals.all_total)} instead of 0`,
            },
          ],
          1,
        );
      }

      const platform = await rows<{ kind: string; total: string }>(
        tx,
        sql`select kind, sum(balance)::text as total from ledger_accounts where user_id is null group by kind`,
      );
      const platformBalances: Record<string, string> = Object.fromEntries(
        PLATFORM_ACCOUNT_KINDS.map((kind) => [kind, '0.00']),
      );
      for (const row of platform) {
        platformBalances[row.kind] = money(row.total);
      }

      return {
        isOk: breachCount === 0,
        checkedAt: new Date().toISOString(),
        transactionCount: Number(totals?.transactions ?? 0),
        postingCount: Number(totals?.postings ?? 0),
        accountCount: Number(totals?.accounts ?? 0),
        userTotal: money(totals?.user_total),
        platformBalances,
        breaches,
        breachCount,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The report as text for the terminal. */
export function formatLedgerReport(report: TLedgerCheckReport): string {
  const lines = [
    `Ledger check at ${report.checkedAt}: ${report.isOk ? 'OK' : `${report.breachCount} BREACH(ES)`}`,
    `  transactions ${report.transactionCount}, postings ${report.postingCount}, accounts ${report.accountCount}`,
    `  user balances total ${report.userTotal} USDT`,
    ...Object.entries(report.platformBalances).map(([kind, total]) => `  ${kind.padEnd(18)} ${total}`),
    '  invariants: every transaction has >= 2 non-zero postings summing to 0; every balance equals its postings;',
    '              no user balance is negative; all balances sum to 0',
  ];
  for (const breach of report.breaches) {
    lines.push(
      `  BREACH ${breach.kind}${breach.transactionId ? ` transaction ${breach.transactionId}` : ''}${
        breach.accountId ? ` account ${breach.accountId}` : ''
      }: ${breach.detail}`,
    );
  }
  return lines.join('\n');
}

/** Checks the configured database (DATABASE_URL or DATA_DIR) and prints the report; true when it is clean. */
export async function checkConfiguredLedger(config: Config): Promise<boolean> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
  });
  try {
    const report = await checkLedger(database.db);
    console.log(formatLedgerReport(report));
    return report.isOk;
  } finally {
    await database.close();
  }
}

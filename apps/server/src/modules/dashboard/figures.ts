import {
  ADMIN_DASHBOARD_QUEUES,
  formatMoney,
  parseMoney,
  type TAdminDashboard,
  type TAdminDashboardFigures,
  type TAdminDashboardQueue,
  type TMoney,
} from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

type TRange = { from: string; to: string; utcOffsetMinutes: number };

const DAY_MS = 86_400_000;

/** The instants that bound the viewer's days from..to (inclusive), as UTC dates. */
export function rangeBounds(range: TRange): { start: Date; end: Date } {
  const offsetMs = range.utcOffsetMinutes * 60_000;
  return {
    start: new Date(Date.parse(`${range.from}T00:00:00Z`) - offsetMs),
    end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS - offsetMs),
  };
}

function listDays(range: TRange): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

type TDayRow = { day: string; value: string };

async function rowsOf(db: Executor, query: ReturnType<typeof sql>): Promise<TDayRow[]> {
  const result = await db.execute(query);
  return result.rows as TDayRow[];
}

/** The viewer's calendar day of a timestamp column. */
function dayOf(column: ReturnType<typeof sql>, offsetMinutes: number) {
  return sql`to_char((${column} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;
}

/**
 * Money per day from the ledger: the sum of postings on `accountKind` with the given sign, in
 * transactions of `transactionKind`. Every figure of money on the dashboard is read this way, so it
 * agrees with the ledger by construction.
 */
function ledgerSum(
  range: TRange,
  bounds: { start: Date; end: Date },
  transactionKind: string,
  accountKind: string,
  sign: 'credit' | 'debit',
) {
  const day = dayOf(sql`t.created_at`, range.utcOffsetMinutes);
  return sql`select ${day} as day, (${sign === 'credit' ? sql`sum(p.amount)` : sql`-sum(p.amount)`})::text as value
    from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id
    join ledger_accounts a on a.id = p.account_id
    where t.kind = ${transactionKind} and a.kind = ${accountKind}
      and ${sign === 'credit' ? sql`p.amount > 0` : sql`p.amount < 0`}
      and t.created_at >= ${bounds.start.toISOString()}::timestamptz and t.created_at < ${bounds.end.toISOString()}::timestamptz
    group by 1`;
}

function countPerDay(range: TRange, bounds: { start: Date; end: Date }, table: string, extra = sql``) {
  const day = dayOf(sql`created_at`, range.utcOffsetMinutes);
  return sql`select ${day} as day, count(*)::text as value from ${sql.identifier(table)}
    where created_at >= ${bounds.start.toISOString()}::timestamptz and created_at < ${bounds.end.toISOString()}::timestamptz ${extra}
    group by 1`;
}

const EMPTY: TAdminDashboardFigures = {
  gmv: '0.00',
  deposits: '0.00',
  withdrawals: '0.00',
  refunds: '0.00',
  orders: 0,
  paidOrders: 0,
  payingBuyers: 0,
  newBuyers: 0,
  newSellers: 0,
};

/** Figures of the range, per day and in total (the distinct-buyer total is counted over the whole range). */
export async function getDashboardFigures(
  db: Executor,
  range: TRange,
): Promise<Pick<TAdminDashboard, 'from' | 'to' | 'utcOffsetMinutes' | 'totals' | 'days'>> {
  const bounds = rangeBounds(range);
  const payDay = dayOf(sql`t.created_at`, range.utcOffsetMinutes);
  const inRange = sql`t.created_at >= ${bounds.start.toISOString()}::timestamptz and t.created_at < ${bounds.end.toISOString()}::timestamptz`;
  const payingBuyers = sql`select ${payDay} as day, count(distinct a.user_id)::text as value
    from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id
    join ledger_accounts a on a.id = p.account_id
    where t.kind = 'order_payment' and a.kind = 'user_available' and ${inRange}
    group by 1`;
  const paidOrders = sql`select ${payDay} as day, count(*)::text as value from ledger_transactions t
    where t.kind = 'order_payment' and ${inRange} group by 1`;
  const [gmv, deposits, withdrawals, refunds, orders, paid, buyers, newBuyers, newSellers, buyersTotal] =
    await Promise.all([
      rowsOf(db, ledgerSum(range, bounds, 'order_payment', 'order_escrow', 'credit')),
      rowsOf(db, ledgerSum(range, bounds, 'deposit', 'user_available', 'credit')),
      rowsOf(db, ledgerSum(range, bounds, 'withdraw_settle', 'user_held', 'debit')),
      rowsOf(db, ledgerSum(range, bounds, 'order_refund', 'user_available', 'credit')),
      rowsOf(db, countPerDay(range, bounds, 'orders')),
      rowsOf(db, paidOrders),
      rowsOf(db, payingBuyers),
      rowsOf(db, countPerDay(range, bounds, 'users')),
      rowsOf(db, countPerDay(range, bounds, 'stores')),
      rowsOf(
        db,
        sql`select 'all' as day, count(distinct a.user_id)::text as value
          from ledger_transactions t
          join ledger_postings p on p.transaction_id = t.id
          join ledger_accounts a on a.id = p.account_id
          where t.kind = 'order_payment' and a.kind = 'user_available' and ${inRange}`,
      ),
    ]);
  const days = listDays(range).map((day) => ({ day, ...EMPTY }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  const moneyTotals: Record<'gmv' | 'deposits' | 'withdrawals' | 'refunds', TMoney> = {
    gmv: 0n,
    deposits: 0n,
    withdrawals: 0n,
    refunds: 0n,
  };
  const fillMoney = (key: keyof typeof moneyTotals, rows: TDayRow[]) => {
    for (const row of rows) {
      const value = parseMoney(row.value);
      moneyTotals[key] += value;
      const target = byDay.get(row.day);
      if (target) {
        target[key] = formatMoney(value);
      }
    }
  };
  const countTotals = { orders: 0, paidOrders: 0, payingBuyers: 0, newBuyers: 0, newSellers: 0 };
  const fillCount = (key: keyof typeof countTotals, rows: TDayRow[]) => {
    for (const row of rows) {
      const value = Number.parseInt(row.value, 10);
      countTotals[key] += value;
      const target = byDay.get(row.day);
      if (target) {
        target[key] = value;
      }
    }
  };
  fillMoney('gmv', gmv);
  fillMoney('deposits', deposits);
  fillMoney('withdrawals', withdrawals);
  fillMoney('refunds', refunds);
  fillCount('orders', orders);
  fillCount('paidOrders', paid);
  fillCount('payingBuyers', buyers);
  fillCount('newBuyers', newBuyers);
  fillCount('newSellers', newSellers);
  return {
    from: range.from,
    to: range.to,
    utcOffsetMinutes: range.utcOffsetMinutes,
    totals: {
      gmv: formatMoney(moneyTotals.gmv),
      deposits: formatMoney(moneyTotals.deposits),
      withdrawals: formatMoney(moneyTotals.withdrawals),
      refunds: formatMoney(moneyTotals.refunds),
      ...countTotals,
      // A buyer paying on two days counts once in the range.
      payingBuyers: Number.parseInt(buyersTotal[0]?.value ?? '0', 10),
    },
    days,
  };
}

/** A module that owns a queue adds its counter here (see queues.ts). */
export type TQueueCounter = (db: Executor) => Promise<number>;

export async function countQueues(
  db: Executor,
  counters: Record<TAdminDashboardQueue, TQueueCounter>,
): Promise<TAdminDashboard['queues']> {
  const values = await Promise.all(ADMIN_DASHBOARD_QUEUES.map((key) => counters[key](db)));
  return Object.fromEntries(
    ADMIN_DASHBOARD_QUEUES.map((key, i) => [key, values[i] ?? 0]),
  ) as TAdminDashboard['queues'];
}

import {
  formatMoney,
  parseMoney,
  type TLanguage,
  type TMoney,
  type TSettlementLine,
  type TSettlementStatement,
} from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { toSpreadsheetCsv } from '../../http/csv';
import { serverText } from '../../i18n/messages';
import type { TSeller } from './products';

type TRawRow = Record<string, unknown>;
const rowsOf = (result: unknown): TRawRow[] =>
  Array.isArray(result) ? (result as TRawRow[]) : ((result as { rows: TRawRow[] }).rows ?? []);

/** [start, end) of a calendar month in UTC. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map((x) => Number.parseInt(x, 10));
  return { from: new Date(Date.UTC(y!, m! - 1, 1)), to: new Date(Date.UTC(y!, m!, 1)) };
}

/**
 * The seller's settlement of one month, every figure read from the ledger: for each order whose money
 * reached or left the seller's wallet in the month, the order's amount (what the escrow held for the seller, a
 * part refunded from it before settlement counted in and shown again as a refund: the amount released alone, 580.96
 * less a 100.555 return, matched no figure of the order), the platform's
 * commission less what it gave back with refunds, refunds taken back after settlement (as much as the buyer got:
 * the seller's part and the commission given back), and the net on the seller's wallet. Every line and the total
 * reconcile, goods - commission - refunds = net; the net is exactly the movement of the seller's wallet by order
 * settlements and refunds in that month. (Refunds counted at the seller's part alone took the commission given back
 * off twice.) A line's settled time is the order's settled_at, on the clock of the order's other times (the test clock
 * too, QA seller 13); the ledger's own time only for an order without one.
 */
function linesSql(seller: TSeller, month: string) {
  const { from, to } = monthRange(month);
  return sql`with seller_account as (
      select id from ledger_accounts where kind = 'user_available' and user_id = ${seller.id}
    ), moves as (
      select t.id as transaction_id, t.kind, t.reference_id::bigint as order_id, t.created_at,
        (select coalesce(sum(p.amount), 0) from ledger_postings p where p.transaction_id = t.id
          and p.account_id in (select id from seller_account)) as seller_amount,
        (select coalesce(sum(p.amount), 0) from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where p.transaction_id = t.id and a.kind = 'platform_revenue') as revenue_amount,
        (select coalesce(sum(p.amount), 0) from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where p.transaction_id = t.id and a.kind = 'order_escrow') as escrow_amount
      from ledger_transactions t
      where t.reference_type = 'order' and t.kind in ('order_settlement', 'order_refund')
        and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
        and exists (select 1 from ledger_postings p where p.transaction_id = t.id
          and p.account_id in (select id from seller_account))
    ), refunded_before as (
      select t.reference_id::bigint as order_id, sum(-p.amount) as amount
      from ledger_transactions t
      join ledger_postings p on p.transaction_id = t.id
      join ledger_accounts a on a.id = p.account_id and a.kind = 'order_escrow'
      where t.reference_type = 'order' and t.kind = 'order_refund' and p.amount < 0
        and t.reference_id in (select order_id::text from moves where kind = 'order_settlement')
      group by t.reference_id
    )
    select o.order_no, coalesce(o.settled_at, min(m.created_at)) as settled_at, o.commission_rate,
      (sum(case when m.kind = 'order_settlement' then -m.escrow_amount else 0 end)
        + coalesce(max(b.amount), 0))::text as goods_amount,
      sum(case when m.kind = 'order_settlement' then m.revenue_amount else 0 end)::text as commission,
      sum(case when m.kind = 'order_refund' then m.revenue_amount else 0 end)::text as commission_reversed,
      (sum(case when m.kind = 'order_refund' then -(m.seller_amount + m.revenue_amount) else 0 end)
        + coalesce(max(b.amount), 0))::text as refunds,
      sum(m.seller_amount)::text as net
    from moves m join orders o on o.id = m.order_id and o.store_id = ${seller.storeId}
    left join refunded_before b on b.order_id = o.id
    group by o.order_no, o.settled_at, o.commission_rate`;
}

function toLine(r: TRawRow): TSettlementLine {
  const commission = parseMoney(String(r.commission)) + parseMoney(String(r.commission_reversed));
  return {
    orderNo: String(r.order_no),
    settledAt: new Date(String(r.settled_at)).toISOString(),
    goodsAmount: formatMoney(parseMoney(String(r.goods_amount))),
    commissionRate: String(r.commission_rate ?? '0'),
    commission: formatMoney(commission),
    refunds: formatMoney(parseMoney(String(r.refunds))),
    net: formatMoney(parseMoney(String(r.net))),
  };
}

export async function getSettlementStatement(
  db: Database,
  seller: TSeller,
  query: { month: string; pageNum: number; pageSize: number },
): Promise<TSettlementStatement> {
  const lines = linesSql(seller, query.month);
  const [page, totals] = await Promise.all([
    db.execute(sql`${lines} order by settled_at desc, order_no limit ${query.pageSize}
      offset ${(query.pageNum - 1) * query.pageSize}`),
    db.execute(sql`select count(*)::int as n, coalesce(sum(goods_amount::numeric), 0)::text as goods,
        coalesce(sum(commission::numeric + commission_reversed::numeric), 0)::text as commission,
        coalesce(sum(refunds::numeric), 0)::text as refunds, coalesce(sum(net::numeric), 0)::text as net
      from (${lines}) l`),
  ]);
  const t = rowsOf(totals)[0] ?? {};
  const total = Number(t.n ?? 0);
  const money = (v: unknown): string => formatMoney(parseMoney(String(v ?? '0')));
  return {
    month: query.month,
    orders: total,
    goodsAmount: money(t.goods),
    commission: money(t.commission),
    refunds: money(t.refunds),
    net: money(t.net),
    lines: { pageList: rowsOf(page).map(toLine), pageNum: query.pageNum, pageSize: query.pageSize, total },
  };
}

/**
 * The month's statement as CSV: one line per order and a total line. Headers and the total's label in the reader's
 * language; the figures plain decimals in USDT (1234.56, no grouping) and the times ISO 8601 in UTC, as the headers
 * say, so a program reads the file as well as a person.
 */
export async function settlementCsv(
  db: Database,
  seller: TSeller,
  month: string,
  lang: TLanguage,
): Promise<string> {
  const rows = rowsOf(await db.execute(sql`${linesSql(seller, month)} order by settled_at, order_no`)).map(
    toLine,
  );
  const sum = (pick: (l: TSettlementLine) => string): string =>
    formatMoney(rows.reduce<TMoney>((s, l) => s + parseMoney(pick(l)), 0n));
  const head = (key: string) => serverText(lang, `statementCsv.${key}`);
  return toSpreadsheetCsv([
    ['orderNo', 'settledAt', 'goodsAmount', 'commissionRate', 'commission', 'refunds', 'net'].map(head),
    ...rows.map((l) => [
      l.orderNo,
      l.settledAt,
      l.goodsAmount,
      l.commissionRate,
      l.commission,
      l.refunds,
      l.net,
    ]),
    [
      head('total'),
      month,
      sum((l) => l.goodsAmount),
      '',
      sum((l) => l.commission),
      sum((l) => l.refunds),
      sum((l) => l.net),
    ],
  ]);
}

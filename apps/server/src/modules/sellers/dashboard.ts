import {
  formatMoney,
  parseMoney,
  type TDashboardRange,
  type TLanguage,
  type TLocalizedText,
  type TSellerDashboard,
} from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pickText, rowsOf } from '../catalog';
import { lowStockConditionSql, lowStockThresholdSql, type TSeller } from './products';

const DAYS: Record<TDashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
const PAID = sql`o.paid_at is not null`;

function ratio(part: number, whole: number): string | null {
  return whole === 0 ? null : (part / whole).toFixed(4);
}

/**
 * The shop's figures for today (UTC), 7 or 30 days: GMV and orders of paid orders, units, product views,
 * conversion (orders per view), refund rate (refunded orders per paid order), GMV per day, top products,
 * and the work waiting (to ship, refund requests, reminders, low stock, unanswered reviews).
 */
export async function getSellerDashboard(
  db: Database,
  seller: TSeller,
  lang: TLanguage,
  range: TDashboardRange,
  now = new Date(),
): Promise<TSellerDashboard> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (DAYS[range] - 1) * 86_400_000);
  const fromSql = sql`${from.toISOString()}::timestamptz`;
  const store = seller.storeId;
  const [totals, units, views, byDay, top, pending] = await Promise.all([
    // GMV is what the paid orders are worth to the shop: the buyer's total and the coupon the platform paid (the
    // admin dashboard's figure; without the coupon the two consoles disagreed on the same orders).
    db.execute(sql`select count(*)::int as orders, coalesce(sum(o.total + o.discount), 0)::text as gmv,
        count(*) filter (where o.refund_status = 'success')::int as refunded
      from orders o where o.store_id = ${store} and ${PAID} and o.paid_at >= ${fromSql}`),
    db.execute(sql`select coalesce(sum(i.quantity), 0)::int as units from order_items i
      join orders o on o.id = i.order_id where o.store_id = ${store} and ${PAID} and o.paid_at >= ${fromSql}`),
    db.execute(sql`select count(*)::int as views from product_views v join products p on p.id = v.product_id
      where p.store_id = ${store} and v.viewed_at >= ${fromSql}`),
    db.execute(sql`select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(o.total + o.discount), 0)::text as gmv,
        count(o.id)::int as orders
      from generate_series(${fromSql}, ${today.toISOString()}::timestamptz, interval '1 day') as d(day)
      left join orders o on o.store_id = ${store} and ${PAID}
        and o.paid_at >= d.day and o.paid_at < d.day + interval '1 day'
      group by d.day order by d.day`),
    db.execute(sql`select i.product_id::text as product_id, p.names, p.lang, sum(i.quantity)::int as units,
        sum(i.line_total)::text as gmv
      from order_items i join orders o on o.id = i.order_id left join products p on p.id = i.product_id
      where o.store_id = ${store} and ${PAID} and o.paid_at >= ${fromSql}
      group by i.product_id, p.names, p.lang order by units desc, i.product_id limit 5`),
    db.execute(sql`select
        (select count(*)::int from orders o where o.store_id = ${store} and o.status in (1, 2)
          and o.refund_status <> 'refunding') as to_ship,
        (select count(*)::int from orders o where o.store_id = ${store} and o.refund_status = 'refunding') as refunds,
        (select count(*)::int from orders o where o.store_id = ${store} and o.status in (1, 2)
          and o.reminded_at is not null) as reminders,
        (select count(*)::int from product_stock_levels s join products p on p.id = s.product_id
          where s.store_id = ${store} and p.deleted_at is null
            and ${lowStockConditionSql(lowStockThresholdSql(store))}) as low_stock,
        (select count(*)::int from reviews r where r.store_id = ${store} and r.reply is null) as unreplied`),
  ]);
  const t = rowsOf(totals)[0] ?? {};
  const orders = Number(t.orders ?? 0);
  const viewCount = Number(rowsOf(views)[0]?.views ?? 0);
  const p = rowsOf(pending)[0] ?? {};
  const money = (v: unknown) => formatMoney(parseMoney(String(v ?? '0')));
  return {
    range,
    gmv: money(t.gmv),
    orders,
    units: Number(rowsOf(units)[0]?.units ?? 0),
    productViews: viewCount,
    conversion: ratio(Math.min(orders, viewCount), viewCount),
    refundRate: ratio(Number(t.refunded ?? 0), orders),
    gmvByDay: rowsOf(byDay).map((r) => ({ day: String(r.day), gmv: money(r.gmv), orders: Number(r.orders) })),
    topProducts: rowsOf(top).map((r) => ({
      productId: String(r.product_id),
      // The catalogue's fallback (reader's language, English, the product's own), or the id of a deleted product.
      name: pickText(r.names as TLocalizedText | null, lang, String(r.lang)) || String(r.product_id),
      units: Number(r.units),
      gmv: money(r.gmv),
    })),
    pending: {
      toShip: Number(p.to_ship ?? 0),
      refundRequests: Number(p.refunds ?? 0),
      reminders: Number(p.reminders ?? 0),
      lowStock: Number(p.low_stock ?? 0),
      unrepliedReviews: Number(p.unreplied ?? 0),
    },
  };
}

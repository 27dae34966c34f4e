import { formatMoney, lineAmount, parseMoney, type TMoney } from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { TCheckoutGroup } from './checkout';
import type { TOrderEvent } from './logs';
import { S } from './state';

export type TInsertedOrder = { id: bigint; orderNo: string; total: TMoney; buyerUserId: bigint };

/**
 * A PostgreSQL array literal for one bound parameter: every element quoted (backslash and double quote
 * escaped), null as NULL. Arrays rather than VALUES lists keep the statement text the same for any
 * number of orders and lines, so it is prepared once per connection.
 */
export function textArray(values: (string | null)[]): string {
  const quoted = values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`));
  return `{${quoted.join(',')}}`;
}

export type TInsertOrdersInput = {
  userId: bigint;
  addressId: bigint | null;
  groups: (TCheckoutGroup & { orderNo: string })[];
  isPaid: boolean;
  now: Date;
};

/**
 * The orders of one checkout, their lines, their first history entries and the address snapshot as
 * data-modifying CTEs (addr, o, i, l) to follow WITH: `o` returns (id, order_no, total). Without such an
 * address `o` inserts nothing.
 */
export function orderInsertCtes(input: TInsertOrdersInput): SQL {
  const { userId, now, isPaid } = input;
  const status = isPaid ? S.paid : S.pendingPayment;
  const events: TOrderEvent[] = isPaid ? ['placed', 'paid'] : ['placed'];
  const lines = input.groups.flatMap((g) => g.lines.map((l) => ({ orderNo: g.orderNo, ...l })));
  const money = (values: TMoney[]) => sql`${textArray(values.map((v) => formatMoney(v, 0)))}::numeric[]`;
  const eventRows = events.map((e, i) => sql`(${i}::int, ${e})`);
  return sql`addr as (
      select jsonb_build_object('consignee', a.consignee, 'areaCode', a.area_code, 'phone', a.phone,
        'email', u.email, 'country', a.country, 'countryName', a.country_name, 'state', a.state,
        'stateName', a.state_name, 'city', a.city, 'postcode', a.postcode, 'detail', a.detail) as snapshot
      from addresses a join users u on u.id = a.user_id
      where a.user_id = ${userId}::bigint ${input.addressId === null ? sql`` : sql`and a.id = ${input.addressId}::bigint`}
      order by a.is_default desc, a.id
      limit 1
    ), o as (
      insert into orders (order_no, buyer_user_id, store_id, seller_user_id, status, items_amount, dispatch_fee,
        long_distance_fee, delivery_fee, tax, handling_fee, discount, total, paid_amount, paid_at, payment_method,
        address, remark, created_at, updated_at)
      select v.order_no, ${userId}::bigint, v.store_id, v.seller_user_id, ${status}::smallint, v.items_amount,
        v.dispatch_fee, v.long_distance_fee, v.delivery_fee, v.tax, v.handling_fee, v.discount, v.total,
        ${isPaid ? sql`v.total` : sql`0`}, ${isPaid ? now : null}::timestamptz, ${isPaid ? 'balance' : null}::text,
        addr.snapshot, v.remark, ${now}::timestamptz, ${now}::timestamptz
      from addr cross join unnest(${textArray(input.groups.map((g) => g.orderNo))}::text[],
        ${textArray(input.groups.map((g) => g.storeId.toString()))}::bigint[],
        ${textArray(input.groups.map((g) => g.sellerUserId.toString()))}::bigint[],
        ${money(input.groups.map((g) => g.amounts.itemsAmount))}, ${money(input.groups.map((g) => g.amounts.dispatchFee))},
        ${money(input.groups.map((g) => g.amounts.longDistanceFee))},
        ${money(input.groups.map((g) => g.amounts.deliveryFee))}, ${money(input.groups.map((g) => g.amounts.tax))},
        ${money(input.groups.map((g) => g.amounts.handlingFee))}, ${money(input.groups.map((g) => g.amounts.discount))},
        ${money(input.groups.map((g) => g.amounts.total))}, ${textArray(input.groups.map((g) => g.remark))}::text[])
        as v(order_no, store_id, seller_user_id, items_amount, dispatch_fee, long_distance_fee, delivery_fee, tax,
          handling_fee, discount, total, remark)
      returning id, order_no, total
    ), i as (
      insert into order_items (order_id, product_id, variant_id, name, specification, name_for_seller,
        specification_for_seller, img_url, unit_price, quantity, line_total)
      select o.id, x.product_id, x.variant_id, x.name, x.specification, x.name_for_seller, x.specification_for_seller,
        x.img_url, x.unit_price, x.quantity, x.line_total
      from o join unnest(${textArray(lines.map((l) => l.orderNo))}::text[],
        ${textArray(lines.map((l) => l.item.productId.toString()))}::bigint[],
        ${textArray(lines.map((l) => l.item.variantId?.toString() ?? null))}::bigint[],
        ${textArray(lines.map((l) => l.item.name))}::text[], ${textArray(lines.map((l) => l.item.specification))}::text[],
        ${textArray(lines.map((l) => l.item.nameForSeller))}::text[],
        ${textArray(lines.map((l) => l.item.specificationForSeller))}::text[],
        ${textArray(lines.map((l) => l.item.imgUrl))}::text[], ${money(lines.map((l) => l.item.unitPrice))},
        ${textArray(lines.map((l) => String(l.quantity)))}::int[],
        ${money(lines.map((l) => lineAmount(l.item.unitPrice, l.quantity)))})
        as x(order_no, product_id, variant_id, name, specification, name_for_seller, specification_for_seller, img_url,
          unit_price, quantity, line_total)
        on x.order_no = o.order_no
    ), l as (
      insert into order_logs (order_id, event, params, created_at)
      select o.id, e.event, '{}'::jsonb, ${now}::timestamptz
      from o cross join (values ${sql.join(eventRows, sql`, `)}) as e(n, event)
      order by o.id, e.n
    )`;
}

/**
 * Writes the orders of one checkout in ONE statement (orderInsertCtes): each round trip to the database
 * costs more than the work, and checkout is the hottest write path. Refuses ADDRESS_NOT_SET /
 * ADDRESS_NOT_FOUND when the buyer has no such address (nothing is written then).
 */
export async function insertOrders(tx: Executor, input: TInsertOrdersInput): Promise<TInsertedOrder[]> {
  const result = await tx.execute<{ id: string; order_no: string; total: string }>(sql`
    with ${orderInsertCtes(input)}
    select id::text as id, order_no, total::text as total from o order by id`);
  if (result.rows.length === 0) {
    throw new AppError(input.addressId === null ? 'ADDRESS_NOT_SET' : 'ADDRESS_NOT_FOUND');
  }
  return result.rows.map((r) => ({
    id: BigInt(r.id),
    orderNo: r.order_no,
    total: parseMoney(r.total),
    buyerUserId: input.userId,
  }));
}

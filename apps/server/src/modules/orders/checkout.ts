import { randomInt } from 'node:crypto';
import {
  chargeAtRate,
  chargeOf,
  formatMoney,
  lineAmount,
  parseMoney,
  type TCheckoutPreview,
  type TLanguage,
  type TMoney,
  type ZCheckoutRequest,
} from '@caravan/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { findPgError } from '../../db/pg-error';
import { executePrepared } from '../../db/prepared';
import { cartItems } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findAddress, findDefaultAddress } from '../addresses';
import { priceCoupon, type TAppliedCoupon, useCoupon } from '../coupons';
import { withMoneyTransaction } from '../ledger';
import {
  findPurchasable,
  isUnavailable,
  orderStockSql,
  type TPurchasable,
  type TUnavailable,
  takeOrderStock,
} from './catalog-port';
import { insertOrders, orderInsertCtes, textArray } from './insert-orders';
import { orderPaymentsCte, postOrderPayment } from './order-money';
import { withInsufficientBalanceLink } from './recharge-link';
import { getOrderSettings, type TOrderSettings } from './settings';

export type TCheckoutInput = z.output<typeof ZCheckoutRequest>;

type TLine = { item: TPurchasable; quantity: number; cartItemId: bigint | null };

export type TGroupAmounts = {
  itemsAmount: TMoney;
  dispatchFee: TMoney;
  longDistanceFee: TMoney;
  deliveryFee: TMoney;
  tax: TMoney;
  handlingFee: TMoney;
  discount: TMoney;
  total: TMoney;
};

export type TCheckoutGroup = {
  storeId: bigint;
  storeName: string;
  sellerUserId: bigint;
  lines: TLine[];
  amounts: TGroupAmounts;
  remark: string;
};

/**
 * Freight = dispatch + long-distance + delivery fee (SPEC §9), each the product's own fee counted once
 * per order line; tax and handling fee are platform rates on the goods amount.
 */
export function computeGroupAmounts(lines: TLine[], settings: TOrderSettings): TGroupAmounts {
  let itemsAmount = 0n;
  let dispatchFee = 0n;
  let longDistanceFee = 0n;
  let deliveryFee = 0n;
  for (const line of lines) {
    itemsAmount += lineAmount(line.item.unitPrice, line.quantity);
    dispatchFee += line.item.dispatchFee;
    longDistanceFee += line.item.longDistanceFee;
    deliveryFee += line.item.deliveryFee;
  }
  // Every part in whole cents, so the total is too (CHARGE_DECIMALS).
  const tax = chargeAtRate(itemsAmount, settings.taxRate);
  const handlingFee = chargeAtRate(itemsAmount, settings.handlingFeeRate);
  const discount = 0n;
  const freight = {
    dispatchFee: chargeOf(dispatchFee),
    longDistanceFee: chargeOf(longDistanceFee),
    deliveryFee: chargeOf(deliveryFee),
  };
  const total =
    itemsAmount +
    freight.dispatchFee +
    freight.longDistanceFee +
    freight.deliveryFee +
    tax +
    handlingFee -
    discount;
  return { itemsAmount, ...freight, tax, handlingFee, discount, total };
}

export function formatAmounts(a: TGroupAmounts) {
  return {
    itemsAmount: formatMoney(a.itemsAmount),
    dispatchFee: formatMoney(a.dispatchFee),
    longDistanceFee: formatMoney(a.longDistanceFee),
    deliveryFee: formatMoney(a.deliveryFee),
    freight: formatMoney(a.dispatchFee + a.longDistanceFee + a.deliveryFee),
    tax: formatMoney(a.tax),
    handlingFee: formatMoney(a.handlingFee),
    discount: formatMoney(a.discount),
    total: formatMoney(a.total),
  };
}

/** Checks one line against the rules of SPEC §5 and §8; throws the matching code. */
export function checkLine(
  found: TPurchasable | TUnavailable,
  quantity: number,
  settings: TOrderSettings,
  buyerUserId: bigint,
  details: Record<string, unknown>,
): TPurchasable {
  if (isUnavailable(found)) {
    throw new AppError(found.code, details);
  }
  const item = found;
  if (item.sellerUserId === buyerUserId) {
    throw new AppError('OWN_STORE_GOODS', details);
  }
  if (quantity < item.buyMin) {
    throw new AppError('BELOW_MIN_PURCHASE', { ...details, buyMin: item.buyMin }, { min: item.buyMin });
  }
  // The seller's own maximum per order, when set, narrows the platform's.
  const maxBuy = item.buyMax === null ? settings.maxBuy : Math.min(settings.maxBuy, item.buyMax);
  if (quantity > maxBuy) {
    throw new AppError('ABOVE_MAX_PURCHASE', { ...details, maxBuy }, { max: maxBuy });
  }
  return item;
}

async function resolveLines(
  db: Executor,
  userId: bigint,
  input: TCheckoutInput,
  settings: TOrderSettings,
  lang: TLanguage,
): Promise<TLine[]> {
  const wanted: {
    productId: bigint;
    variantId: bigint | null;
    quantity: number;
    cartItemId: bigint | null;
  }[] = [];
  if (input.cartItemIds) {
    const ids = [...new Set(input.cartItemIds)].map((id) => BigInt(id));
    const rows = await db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)));
    for (const row of rows) {
      wanted.push({
        productId: row.productId,
        variantId: row.variantId,
        quantity: row.quantity,
        cartItemId: row.id,
      });
    }
  } else {
    const merged = new Map<string, { productId: bigint; variantId: bigint | null; quantity: number }>();
    for (const line of input.items ?? []) {
      const productId = BigInt(line.productId);
      const variantId = line.variantId ? BigInt(line.variantId) : null;
      const key = `${productId}:${variantId ?? ''}`;
      const found = merged.get(key);
      if (found) {
        found.quantity += line.quantity;
      } else {
        merged.set(key, { productId, variantId, quantity: line.quantity });
      }
    }
    for (const line of merged.values()) {
      wanted.push({ ...line, cartItemId: null });
    }
  }
  if (wanted.length === 0) {
    throw new AppError('NO_PRODUCT_SELECTED');
  }
  const lines: TLine[] = [];
  for (const w of wanted) {
    const details = { productId: w.productId.toString(), variantId: w.variantId?.toString() ?? null };
    const item = checkLine(
      await findPurchasable(db, w.productId, w.variantId, lang),
      w.quantity,
      settings,
      userId,
      details,
    );
    if (item.stock < w.quantity) {
      throw new AppError('INSUFFICIENT_STOCK', { ...details, stock: item.stock });
    }
    lines.push({ item, quantity: w.quantity, cartItemId: w.cartItemId });
  }
  return lines;
}

function groupLines(
  lines: TLine[],
  settings: TOrderSettings,
  remarks: Record<string, string>,
): TCheckoutGroup[] {
  const byStore = new Map<bigint, TLine[]>();
  for (const line of lines) {
    const list = byStore.get(line.item.storeId) ?? [];
    list.push(line);
    byStore.set(line.item.storeId, list);
  }
  return [...byStore.entries()].map(([storeId, group]) => ({
    storeId,
    storeName: group[0]!.item.storeName,
    sellerUserId: group[0]!.item.sellerUserId,
    lines: group,
    amounts: computeGroupAmounts(group, settings),
    remark: remarks[storeId.toString()] ?? '',
  }));
}

export type TCheckout = {
  groups: TCheckoutGroup[];
  total: TMoney;
  settings: TOrderSettings;
  /** Coupons chosen for the sellers' orders, each with the discount it gives (already in the amounts). */
  coupons: (TAppliedCoupon & { storeId: bigint })[];
};

/**
 * One coupon per seller's order (SPEC §5 coupons): checks each choice and takes its discount off that
 * order's amounts. The coupon itself is taken by the write (useCoupon), where a race is decided.
 */
async function applyCoupons(
  db: Executor,
  userId: bigint,
  groups: TCheckoutGroup[],
  choices: NonNullable<TCheckoutInput['coupons']>,
) {
  const storeIds = new Set(choices.map((c) => c.storeId));
  const couponIds = new Set(choices.map((c) => c.couponId));
  if (storeIds.size !== choices.length || couponIds.size !== choices.length) {
    throw new AppError('COUPON_ONE_PER_ORDER');
  }
  const applied: TCheckout['coupons'] = [];
  for (const choice of choices) {
    const group = groups.find((g) => g.storeId.toString() === choice.storeId);
    if (!group) {
      throw new AppError('COUPON_NOT_FOUND', { storeId: choice.storeId });
    }
    const coupon = await priceCoupon(db, {
      userId,
      couponId: BigInt(choice.couponId),
      goodsAmount: group.amounts.itemsAmount,
    });
    group.amounts = {
      ...group.amounts,
      discount: coupon.discount,
      total: group.amounts.total - coupon.discount,
    };
    applied.push({ ...coupon, storeId: group.storeId });
  }
  return applied;
}

/** Builds the per-seller groups with their money; writes nothing. */
export async function buildCheckout(
  db: Executor,
  userId: bigint,
  input: TCheckoutInput,
  lang: TLanguage,
): Promise<TCheckout> {
  const settings = await getOrderSettings(db);
  const lines = await resolveLines(db, userId, input, settings, lang);
  const groups = groupLines(lines, settings, input.remarks ?? {});
  const coupons = input.coupons?.length ? await applyCoupons(db, userId, groups, input.coupons) : [];
  const total = groups.reduce((sum, g) => sum + g.amounts.total, 0n);
  if (total <= 0n) {
    throw new AppError('ZERO_TOTAL');
  }
  return { groups, total, settings, coupons };
}

export async function previewCheckout(
  db: Executor,
  userId: bigint,
  input: TCheckoutInput,
  lang: TLanguage,
): Promise<TCheckoutPreview> {
  const checkout = await buildCheckout(db, userId, input, lang);
  let addressId: string | null = null;
  if (input.addressId) {
    addressId = (await findAddress(db, userId, BigInt(input.addressId))).id.toString();
  } else {
    addressId = (await findDefaultAddress(db, userId))?.id.toString() ?? null;
  }
  return {
    groups: checkout.groups.map((g) => ({
      seller: { id: g.storeId.toString(), name: g.storeName },
      items: g.lines.map(toItemView),
      amounts: formatAmounts(g.amounts),
      remark: g.remark,
    })),
    total: formatMoney(checkout.total),
    addressId,
    paymentMethods: checkout.settings.paymentMethods,
  };
}

function toItemView(line: TLine) {
  return {
    productId: line.item.productId.toString(),
    variantId: line.item.variantId?.toString() ?? null,
    name: line.item.name,
    specification: line.item.specification,
    imgUrl: line.item.imgUrl,
    unitPrice: formatMoney(line.item.unitPrice),
    quantity: line.quantity,
    lineTotal: formatMoney(lineAmount(line.item.unitPrice, line.quantity)),
  };
}

/** Public order number: UTC date, then 12 random digits; unguessable, unique by index. */
export function newOrderNo(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random = `${randomInt(0, 1_000_000).toString().padStart(6, '0')}${randomInt(0, 1_000_000)
    .toString()
    .padStart(6, '0')}`;
  return `${date}${random}`;
}

export type TPlacedOrder = { id: bigint; orderNo: string; total: TMoney };

/** Failures after which the one-statement checkout hands over to the transactional one (nothing was written). */
const HAND_OVER_CODES = new Set([
  // caravan_assert: short stock or no such address
  'P0004',
  // the user-balance CHECK: not enough money
  '23514',
  // serialisation failure, deadlock
  '40001',
  '40P01',
]);

type TPlaceOptions = { userId: bigint; input: TCheckoutInput; now: Date; isPaid: boolean };

function cartIdsOf(checkout: TCheckout): bigint[] {
  return checkout.groups.flatMap((g) => g.lines).flatMap((l) => (l.cartItemId ? [l.cartItemId] : []));
}

function stockLinesOf(checkout: TCheckout) {
  return checkout.groups
    .flatMap((g) => g.lines)
    .map((l) => ({ productId: l.item.productId, variantId: l.item.variantId, quantity: l.quantity }));
}

/**
 * The whole write of a checkout read before as ONE statement, so one round trip and its own atomic
 * transaction: take the stock (variants, then products, each in id order), insert the orders,
 * pay them through ledger_post (buyer's account and an escrow shard, locked last), delete the bought cart
 * lines. caravan_assert aborts it all unless every stock line, order and payment happened; null then
 * (nothing written) and the caller runs the transactional path, which names the exact refusal.
 */
async function placeInOneStatement(
  db: Database,
  checkout: TCheckout,
  options: TPlaceOptions,
): Promise<TPlacedOrder[] | null> {
  const { userId, input, now, isPaid } = options;
  const groups = checkout.groups.map((g) => ({ ...g, orderNo: newOrderNo(now) }));
  const stock = orderStockSql(stockLinesOf(checkout));
  const payments = isPaid
    ? orderPaymentsCte(
        userId,
        groups.map((g) => ({ orderNo: g.orderNo, total: g.amounts.total })),
      )
    : { cte: sql`pay as (select null::bigint as o_transaction_id where false)`, count: 0 };
  const cartIds = cartIdsOf(checkout);
  const cartCte =
    cartIds.length > 0
      ? sql`, cart as (delete from cart_items
          where user_id = ${userId}::bigint and id = any(${textArray(cartIds.map(String))}::bigint[]))`
      : sql``;
  const orderCtes = orderInsertCtes({
    userId,
    addressId: input.addressId ? BigInt(input.addressId) : null,
    groups,
    isPaid,
    now,
  });
  // Left to right: the stock first (its locks), then the orders, then the payments.
  const statement = sql`with ${stock.ctes}, ${orderCtes}, ${payments.cte}${cartCte}
    select caravan_assert(${stock.isComplete}
        and (select count(*) from o) = ${groups.length}::int
        and (select count(*) from pay) = ${payments.count}::int, 'checkout') as ok,
      (select json_agg(json_build_object('id', id::text, 'orderNo', order_no, 'total', total::text) order by id)
        from o) as orders`;
  try {
    const rows = await executePrepared<{ orders: { id: string; orderNo: string; total: string }[] }>(
      db,
      statement,
    );
    return (rows[0]?.orders ?? []).map((o) => ({
      id: BigInt(o.id),
      orderNo: o.orderNo,
      total: parseMoney(o.total),
    }));
  } catch (error) {
    const code = findPgError(error)?.code;
    if (code && HAND_OVER_CODES.has(code)) {
      return null;
    }
    throw error;
  }
}

/** The same checkout as one database transaction of several statements, refusing with the exact code. */
async function placeInTransaction(db: Database, options: TPlaceOptions, lang: TLanguage) {
  const { userId, input, now, isPaid } = options;
  return withMoneyTransaction(db, async (tx) => {
    const checkout = await buildCheckout(tx, userId, input, lang);
    const groups = checkout.groups.map((g) => ({ ...g, orderNo: newOrderNo(now) }));
    const inserted = await insertOrders(tx, {
      userId,
      addressId: input.addressId ? BigInt(input.addressId) : null,
      groups,
      isPaid,
      now,
    });
    const groupOf = (orderNo: string) => groups.find((g) => g.orderNo === orderNo);
    for (const coupon of checkout.coupons) {
      const order = inserted.find((o) => groupOf(o.orderNo)?.storeId === coupon.storeId);
      await useCoupon(tx, coupon, order!.id, userId);
    }
    // Stock rows and balances are locked last, so they are held for the shortest time.
    await takeOrderStock(tx, stockLinesOf(checkout));
    if (isPaid) {
      for (const order of inserted) {
        await postOrderPayment(tx, { ...order, discount: groupOf(order.orderNo)?.amounts.discount ?? 0n });
      }
    }
    const cartIds = cartIdsOf(checkout);
    if (cartIds.length > 0) {
      await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, cartIds)));
    }
    return inserted.map((o) => ({ id: o.id, orderNo: o.orderNo, total: o.total }));
  });
}

/**
 * Places one order per seller, all or nothing: takes the stock, writes the orders with their frozen
 * prices and the address snapshot, clears the bought cart lines. With `isPaid` the orders are paid from
 * the wallet at once ("buy now and pay"): if the balance is short, nothing is placed and no stock is
 * taken. Check the transaction password before.
 *
 * Fast path: read (prices, stock, settings), then write everything in one statement: two round trips
 * instead of seven. Reading before the write, outside a transaction, sees what a READ COMMITTED
 * transaction would; the write itself re-checks stock row by row. Any refusal in the write (short stock,
 * no address, short balance) or a deadlock hands over to the transactional path, which decides again and
 * refuses with the exact error code and details.
 */
export async function placeOrders(
  db: Database,
  userId: bigint,
  input: TCheckoutInput,
  lang: TLanguage,
  now = new Date(),
  options: { isPaid?: boolean } = {},
): Promise<TPlacedOrder[]> {
  const place: TPlaceOptions = { userId, input, now, isPaid: options.isPaid === true };
  return withInsufficientBalanceLink(async () => {
    const checkout = await buildCheckout(db, userId, input, lang);
    // With a coupon the transactional path takes it, so two orders racing for one coupon are decided there.
    const placed = checkout.coupons.length > 0 ? null : await placeInOneStatement(db, checkout, place);
    return placed ?? placeInTransaction(db, place, lang);
  });
}

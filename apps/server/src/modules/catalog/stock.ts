import {
  chargedUnitPrice,
  parseMoney,
  type TImage,
  type TLanguage,
  type TLocalizedText,
  type TMoney,
} from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import type { TProductAttributeDef } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { pickText, rowsOf, toDate, toInt } from './present';

export type TPurchasableItem = {
  productId: string;
  variantId: string | null;
  storeId: string;
  storeName: string;
  sellerUserId: string;
  name: string;
  /** Chosen variant in the request language, e.g. "Red / XL"; empty without variant. */
  variantName: string;
  /** The name and the variant in the language the seller wrote the product in. */
  nameInProductLanguage: string;
  variantNameInProductLanguage: string;
  image: TImage | null;
  /** chargedUnitPrice at this moment. */
  unitPrice: TMoney;
  stock: number;
  buyMin: number;
  /** The seller's maximum per order; null: only the platform's limit applies. */
  buyMax: number | null;
  dispatchFee: TMoney;
  longDistanceFee: TMoney;
  deliveryFee: TMoney;
};

/** A variant's values in one language, e.g. "Red / XL". */
function variantNameOf(
  attributes: TProductAttributeDef[],
  attrs: Record<string, string>,
  language: TLanguage,
  fallback: TLanguage,
): string {
  return attributes
    .map((a) => {
      const value = a.values.find((v) => v.code === attrs[a.code]);
      return value ? pickText(value.names, language, fallback) : '';
    })
    .filter((n) => n)
    .join(' / ');
}

/** What names goods that can no longer be sold: enough for a buyer to recognise them in the cart. */
export type TGoodsLabel = {
  name: string;
  /** The variant in the request language; empty without one, or when the seller deleted it. */
  variantName: string;
  image: TImage | null;
  storeId: string;
  storeName: string;
};

/**
 * Name, variant, picture and shop of goods whatever their state (off shelf, deleted, of a closed shop), in the
 * request language: a cart line that cannot be bought any more still says what it was. Null for an unknown product.
 */
export async function getGoodsLabel(
  db: Executor,
  productId: bigint | string,
  variantId: bigint | string | null,
  lang: TLanguage,
): Promise<TGoodsLabel | null> {
  const rows = rowsOf(
    await db.execute(sql`select p.lang, p.names, p.images->0 as image, p.attributes, p.store_id::text as store_id,
      s.name as store_name,
      (select v.attrs from product_variants v where v.id = ${variantId === null ? null : String(variantId)}::bigint
        and v.product_id = p.id) as variant_attrs
    from products p join stores s on s.id = p.store_id where p.id = ${String(productId)}::bigint`),
  );
  const row = rows[0];
  if (!row) {
    return null;
  }
  const fallback = String(row.lang) as TLanguage;
  const attrs = row.variant_attrs as Record<string, string> | null;
  return {
    name: pickText(row.names as TLocalizedText, lang, fallback),
    variantName: attrs ? variantNameOf(row.attributes as TProductAttributeDef[], attrs, lang, fallback) : '',
    image: (row.image as TImage | null) ?? null,
    storeId: String(row.store_id),
    storeName: String(row.store_name),
  };
}

/**
 * What the cart and checkout need to sell one item, read inside the caller's transaction. Refuses
 * unknown goods or variants (PRODUCT_NOT_FOUND), goods off shelf or of a closed store (GOODS_OFF_SHELF),
 * and a product with variants asked without one (PARAMETER_ERROR).
 */
export async function getPurchasableItem(
  tx: Executor,
  productId: bigint | string,
  variantId?: bigint | string | null,
  lang: TLanguage = 'en',
): Promise<TPurchasableItem> {
  // Prepared: checkout reads every line through here before its one-statement write.
  const rows = await executePrepared<Record<string, unknown>>(
    tx,
    sql`select p.id::text as id, p.store_id::text as store_id, s.name as store_name,
      s.owner_user_id::text as owner_user_id, s.status as store_status, p.lang, p.names, p.images->0 as image,
      p.attributes, p.selling_price::text as selling_price, p.discount_price::text as discount_price,
      p.is_discounted, p.discount_ends_at, p.stock, p.buy_min, p.buy_max, p.is_on_shelf,
      p.dispatch_fee::text as dispatch_fee, p.long_distance_fee::text as long_distance_fee,
      p.delivery_fee::text as delivery_fee,
      (select count(*)::int from product_variants v where v.product_id = p.id) as variant_count
    from products p join stores s on s.id = p.store_id where p.id = ${String(productId)}::bigint`,
  );
  const row = rows[0];
  if (!row) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  if (row.is_on_shelf !== true || row.store_status !== 'active') {
    throw new AppError('GOODS_OFF_SHELF');
  }
  const priced = {
    sellingPrice: parseMoney(String(row.selling_price)),
    discountPrice: row.discount_price === null ? null : parseMoney(String(row.discount_price)),
    isDiscounted: row.is_discounted === true,
    discountEndsAt: toDate(row.discount_ends_at),
  };
  const fallback = String(row.lang) as TLanguage;
  let variant: { id: string; price: TMoney | null; stock: number; attrs: Record<string, string> } | null =
    null;
  if (toInt(row.variant_count) > 0) {
    if (variantId === undefined || variantId === null) {
      throw new AppError('PARAMETER_ERROR', { field: 'variantId' });
    }
    const found = await executePrepared<Record<string, unknown>>(
      tx,
      sql`select id::text as id, price::text as price, stock, attrs
      from product_variants where id = ${String(variantId)}::bigint and product_id = ${String(productId)}::bigint`,
    );
    const v = found[0];
    if (!v) {
      throw new AppError('PRODUCT_NOT_FOUND', { variantId: String(variantId) });
    }
    variant = {
      id: String(v.id),
      price: v.price === null ? null : parseMoney(String(v.price)),
      stock: toInt(v.stock),
      attrs: v.attrs as Record<string, string>,
    };
  }
  const attributes = row.attributes as TProductAttributeDef[];
  const variantNameIn = (language: TLanguage) =>
    variant ? variantNameOf(attributes, variant.attrs, language, fallback) : '';
  return {
    productId: String(row.id),
    variantId: variant?.id ?? null,
    storeId: String(row.store_id),
    storeName: String(row.store_name),
    sellerUserId: String(row.owner_user_id),
    name: pickText(row.names as TLocalizedText, lang, fallback),
    variantName: variantNameIn(lang),
    nameInProductLanguage: pickText(row.names as TLocalizedText, fallback, fallback),
    variantNameInProductLanguage: variantNameIn(fallback),
    image: (row.image as TImage | null) ?? null,
    unitPrice: chargedUnitPrice(priced, variant),
    stock: variant ? variant.stock : toInt(row.stock),
    buyMin: toInt(row.buy_min),
    buyMax: row.buy_max === null || row.buy_max === undefined ? null : toInt(row.buy_max),
    dispatchFee: parseMoney(String(row.dispatch_fee)),
    longDistanceFee: parseMoney(String(row.long_distance_fee)),
    deliveryFee: parseMoney(String(row.delivery_fee)),
  };
}

export type TStockItem = { productId: bigint | string; variantId?: bigint | string | null; quantity: number };

function sortItems(items: TStockItem[]): TStockItem[] {
  for (const item of items) {
    if (!Number.isInteger(item.quantity) || item.quantity <= 0) {
      throw new AppError('PARAMETER_ERROR', { field: 'quantity' });
    }
  }
  // A fixed lock order keeps two orders of the same goods from deadlocking each other.
  return [...items].sort((a, b) => {
    const pa = BigInt(String(a.productId));
    const pb = BigInt(String(b.productId));
    if (pa !== pb) {
      return pa < pb ? -1 : 1;
    }
    const va = BigInt(String(a.variantId ?? 0));
    const vb = BigInt(String(b.variantId ?? 0));
    return va < vb ? -1 : va > vb ? 1 : 0;
  });
}

/** A PostgreSQL array literal of decimal digits (ids, quantities) for one bound parameter. */
function idArray(values: string[]): string {
  return `{${values.join(',')}}`;
}

type TStockPlan = {
  /** Variant lines, summed per variant, in lock order. */
  variants: { id: string; productId: string; n: number }[];
  /** Product lines (variant lines count on their product too), summed per product, in lock order. */
  products: { id: string; n: number }[];
};

function planStock(items: TStockItem[]): TStockPlan {
  const variants = new Map<string, { id: string; productId: string; n: number }>();
  const products = new Map<string, { id: string; n: number }>();
  for (const item of sortItems(items)) {
    // Through BigInt: only digits reach the array literals.
    const productId = BigInt(String(item.productId)).toString();
    if (item.variantId !== undefined && item.variantId !== null) {
      const id = BigInt(String(item.variantId)).toString();
      const found = variants.get(id);
      if (found) {
        found.n += item.quantity;
      } else {
        variants.set(id, { id, productId, n: item.quantity });
      }
    }
    const found = products.get(productId);
    if (found) {
      found.n += item.quantity;
    } else {
      products.set(productId, { id: productId, n: item.quantity });
    }
  }
  return { variants: [...variants.values()], products: [...products.values()] };
}

export type TStockTakingSql = {
  /** CTE definitions (stock_v, stock_p, stock_t) to put after WITH, before the caller's own. */
  ctes: SQL;
  /**
   * True when every line got its stock. Evaluate it before anything else the statement locks:
   * variants, then products are locked, each in ascending id order.
   */
  isComplete: SQL;
};

/**
 * Variant lines' update as a CTE body returning (id, product_id, n); an empty one when there are none.
 * Here and in the products' updates, `id = any(ids)` repeats the join with unnest as a condition the
 * primary key can answer: a generic plan cannot know how many lines the arrays hold and would otherwise
 * hash-join them against a scan of the whole table.
 */
function variantStockSql(plan: TStockPlan, change: SQL, onlyIfEnough: boolean, lockCte: string): SQL {
  if (plan.variants.length === 0) {
    return sql`select null::bigint as id, null::bigint as product_id, null::int as n where false`;
  }
  return sql`update product_variants v set stock = ${change}
    from unnest(${idArray(plan.variants.map((v) => v.id))}::bigint[],
      ${idArray(plan.variants.map((v) => v.productId))}::bigint[],
      ${idArray(plan.variants.map((v) => String(v.n)))}::int[]) as x(id, product_id, n)
    where v.id = x.id and v.id = any(${idArray(plan.variants.map((v) => v.id))}::bigint[])
      and v.product_id = x.product_id ${onlyIfEnough ? sql`and v.stock >= x.n` : sql``}
      and (select count(*) from ${sql.raw(lockCte)}) >= 0
    returning v.id, v.product_id, x.n`;
}

/**
 * Row locks in ascending id order, taken before an UPDATE ... FROM changes the rows: the UPDATE itself
 * locks rows in whatever order its plan visits them (a bitmap scan goes by their place on disk), so two
 * statements could lock the same rows in opposite orders and deadlock (the sales fold did, issue 10
 * defect 11). `after` names a CTE that must run first. FOR NO KEY UPDATE is the lock the UPDATE takes.
 */
function orderedLockSql(table: 'product_variants' | 'products', ids: string[], after?: string): SQL {
  if (ids.length === 0) {
    return sql`select null::bigint as id where false`;
  }
  return sql`select l.id from ${sql.raw(table)} l where l.id = any(${idArray(ids)}::bigint[])
    ${after ? sql`and (select count(*) from ${sql.raw(after)}) >= 0` : sql``}
    order by l.id for no key update`;
}

/** The sold quantities of the updated rows (sign: +1 sold, -1 given back) appended to sales_tally. */
function tallySql(variants: string, products: string, sign: 1 | -1): SQL {
  return sql`insert into sales_tally (product_id, variant_id, store_id, quantity)
    select p.id, null, p.store_id, ${sign}::int * p.n from ${sql.raw(products)} p
    union all
    select v.product_id, v.id, p.store_id, ${sign}::int * v.n
    from ${sql.raw(variants)} v join ${sql.raw(products)} p on p.id = v.product_id
    returning 1`;
}

/**
 * Taking stock for all lines as CTEs of ONE statement (checkout's hot path): each row is decremented only
 * if enough remains (`stock >= n` in the UPDATE itself), so concurrent orders never oversell. Rows
 * without enough stock are simply not updated, so the caller must abort the statement (or transaction)
 * unless `isComplete` holds. Only `stock` changes on the rows (a HOT update, no index written); the sold
 * quantities go to sales_tally (see foldSalesTally).
 */
export function stockTakingSql(items: TStockItem[]): TStockTakingSql {
  const plan = planStock(items);
  // Arrays, not VALUES lists: the statement text stays the same for any number of lines (prepared once).
  const ctes = sql`stock_lv as (${orderedLockSql(
    'product_variants',
    plan.variants.map((v) => v.id),
  )}),
    stock_v as (${variantStockSql(plan, sql`v.stock - x.n`, true, 'stock_lv')}),
    -- Reading stock_v here runs it first: variants are locked before products.
    stock_lp as (${orderedLockSql(
      'products',
      plan.products.map((p) => p.id),
      'stock_v',
    )}),
    stock_p as (
      update products p set stock = p.stock - x.n
      from unnest(${idArray(plan.products.map((p) => p.id))}::bigint[],
        ${idArray(plan.products.map((p) => String(p.n)))}::int[]) as x(id, n)
      where p.id = x.id and p.id = any(${idArray(plan.products.map((p) => p.id))}::bigint[]) and p.stock >= x.n
        and (select count(*) from stock_lp) >= 0
      returning p.id, p.store_id, x.n
    ),
    stock_t as (${tallySql('stock_v', 'stock_p', 1)})`;
  return {
    ctes,
    isComplete: sql`((select count(*) from stock_v) = ${plan.variants.length}::int
      and (select count(*) from stock_p) = ${plan.products.length}::int)`,
  };
}

/**
 * Takes stock for an order inside the caller's transaction, in one statement (see stockTakingSql); the
 * sold quantities go to sales_tally. Throws INSUFFICIENT_STOCK naming the first short line in lock order
 * (the caller's transaction then rolls back everything, including the rows this statement did update).
 */
export async function takeStock(tx: Executor, items: TStockItem[]): Promise<void> {
  if (items.length === 0) {
    return;
  }
  const taking = stockTakingSql(items);
  const result = await tx.execute(sql`with ${taking.ctes}
    select coalesce((select array_agg(id::text) from stock_v), '{}') as variants,
      coalesce((select array_agg(id::text) from stock_p), '{}') as products`);
  const row = rowsOf(result)[0];
  const takenVariants = new Set((row?.variants as string[] | undefined) ?? []);
  const takenProducts = new Set((row?.products as string[] | undefined) ?? []);
  for (const item of sortItems(items)) {
    const productId = String(item.productId);
    if (
      item.variantId !== undefined &&
      item.variantId !== null &&
      !takenVariants.has(String(item.variantId))
    ) {
      throw new AppError('INSUFFICIENT_STOCK', { productId, variantId: String(item.variantId) });
    }
    if (!takenProducts.has(productId)) {
      throw new AppError('INSUFFICIENT_STOCK', { productId });
    }
  }
}

/**
 * Puts stock back (cancelled or refunded order) and takes the quantities off the sold counts (through
 * sales_tally; counts never go below zero); one statement, locking in the same order as takeStock.
 */
export async function returnStock(tx: Executor, items: TStockItem[]): Promise<void> {
  if (items.length === 0) {
    return;
  }
  const plan = planStock(items);
  await tx.execute(sql`with back_lv as (${orderedLockSql(
    'product_variants',
    plan.variants.map((v) => v.id),
  )}),
    back_v as (${variantStockSql(plan, sql`v.stock + x.n`, false, 'back_lv')}),
    -- Reading back_v here runs it first: variants are locked before products, as in takeStock.
    back_lp as (${orderedLockSql(
      'products',
      plan.products.map((p) => p.id),
      'back_v',
    )}),
    back_p as (
      update products p set stock = p.stock + x.n
      from unnest(${idArray(plan.products.map((p) => p.id))}::bigint[],
        ${idArray(plan.products.map((p) => String(p.n)))}::int[]) as x(id, n)
      where p.id = x.id and p.id = any(${idArray(plan.products.map((p) => p.id))}::bigint[])
        and (select count(*) from back_lp) >= 0
      returning p.id, p.store_id, x.n
    )
    ${tallySql('back_v', 'back_p', -1)}`);
}

import {
  formatMoney,
  isDiscountActive,
  LANGUAGE_NAMES,
  parseMoney,
  SELLER_LIST_MAX_OFFSET,
  type TBulkProductsRequest,
  type TImage,
  type TLocalizedText,
  type TMoney,
  type TProductRequest,
  type TProductRequestParsed,
  type TSellerProductDetail,
  type TSellerProductRow,
  type TSellerProductSort,
  type TSellerProductState,
  type TSellerProductsQueryParsed,
  type TSellerProductsResponse,
  V,
  ZBulkProductsRequest,
  ZProductRequest,
} from '@caravan/contracts';
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { uniqueViolation } from '../../db/pg-error';
import { executeNamed } from '../../db/prepared';
import {
  products,
  productVariants,
  stockAdjustments,
  stores,
  type TProductAttributeDef,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { clearCatalogCache, foldedContainsSql, readMaxBuy } from '../catalog';
import { resolveSellerImages } from './images';
import { iso, pickName } from './present';

export type TSeller = { id: bigint; storeId: bigint };

/** Written as the reason of a stock change made by saving the editor (the web shows it translated). */
export const EDITOR_STOCK_REASON = '@editor';
export const IMPORT_STOCK_REASON = '@import';

// Each order is the order of one index (see products_seller_*_idx and product_stock_levels_store_idx), so a
// page is read by walking that index and stopping after it. Those indexes are DESC NULLS LAST (drizzle-kit's
// `.desc()`), and a plain `desc` means NULLS FIRST: written out, or the planner sorts the whole shop instead.
const SORTS: Record<TSellerProductSort, SQL> = {
  newest: sql`p.created_at desc nulls last, p.id desc nulls last`,
  oldest: sql`p.created_at asc nulls first, p.id asc nulls first`,
  stockAsc: sql`s.stock asc, s.product_id asc`,
  sales: sql`p.sold_count desc nulls last, p.id desc nulls last`,
  priceAsc: sql`p.price asc, p.id asc`,
  priceDesc: sql`p.price desc, p.id desc`,
};

/**
 * Rows after the cursor row in each order: a row comparison on the order's index columns, which PostgreSQL
 * turns into the start of the index walk, so a page deep in the list costs what the first one does.
 */
function afterCursor(sort: TSellerProductSort, storeId: bigint, id: bigint): SQL {
  // Another shop's id matches no row: the comparison is then null and the page empty.
  const keysOf = (columns: SQL) =>
    sql`(select ${columns} from products c where c.id = ${id} and c.store_id = ${storeId})`;
  switch (sort) {
    case 'newest':
      return sql`(p.created_at, p.id) < ${keysOf(sql`c.created_at, c.id`)}`;
    case 'oldest':
      return sql`(p.created_at, p.id) > ${keysOf(sql`c.created_at, c.id`)}`;
    case 'sales':
      return sql`(p.sold_count, p.id) < ${keysOf(sql`c.sold_count, c.id`)}`;
    case 'priceAsc':
      return sql`(p.price, p.id) > ${keysOf(sql`c.price, c.id`)}`;
    case 'priceDesc':
      return sql`(p.price, p.id) < ${keysOf(sql`c.price, c.id`)}`;
    case 'stockAsc':
      return sql`(s.stock, s.product_id) > (select c.stock, c.product_id from product_stock_levels c
        where c.product_id = ${id} and c.store_id = ${storeId})`;
  }
}

/**
 * A product (alias `p`) is low on stock when its stock or any of its variants' is at or below the shop's
 * threshold: a variant nearly sold out cannot be sold much longer although the product's total looks healthy.
 * Read live, for the list's flag and to re-check a row the stock table's index found.
 */
export function isLowStockSql(threshold: SQL): SQL {
  return sql`(p.stock <= ${threshold} or exists (select 1 from product_variants v
    where v.product_id = p.id and v.stock <= ${threshold}))`;
}

/**
 * The low-stock filter of the list and the dashboard's count: the stock table `s` (product_stock_levels, its
 * least_stock index) finds the candidates, which trail checkouts by the sales fold's few seconds; each is
 * re-checked against the live stock.
 */
export function lowStockConditionSql(threshold: SQL): SQL {
  return sql`s.least_stock <= ${threshold} and ${isLowStockSql(threshold)}`;
}

/** The shop's low-stock threshold, read inside the statement (one round trip, not two). */
export function lowStockThresholdSql(storeId: bigint): SQL {
  return sql`(select st.low_stock_threshold from stores st where st.id = ${storeId})`;
}

/**
 * The list's total is counted only up to this many rows past the page's start (the pager can always offer the
 * next pages); beyond it the answer says "at least" (isTotalExact false). An exact count read every row of a large
 * shop on every page (50,000 rows: most of each request's time).
 */
export const SELLER_LIST_COUNT_WINDOW = 200;

function stateOf(row: { isOnShelf: boolean; takenDownAt: unknown }): TSellerProductState {
  if (row.takenDownAt) {
    return 'takenDown';
  }
  return row.isOnShelf ? 'onShelf' : 'offShelf';
}

type TRawRow = Record<string, unknown>;
const rowsOf = (result: unknown): TRawRow[] =>
  Array.isArray(result) ? (result as TRawRow[]) : ((result as { rows: TRawRow[] }).rows ?? []);

async function storeOf(db: Executor, storeId: bigint) {
  const [store] = await db
    .select({ lang: stores.lang, lowStockThreshold: stores.lowStockThreshold })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) {
    throw new AppError('NOT_A_SELLER');
  }
  return store;
}

/** The shop's products (never another shop's, never deleted ones), filtered, sorted and paged. */
export async function listSellerProducts(
  db: Database,
  seller: TSeller,
  lang: string,
  query: TSellerProductsQueryParsed,
): Promise<TSellerProductsResponse> {
  const threshold = lowStockThresholdSql(seller.storeId);
  const conditions: SQL[] = [sql`p.store_id = ${seller.storeId}`, sql`p.deleted_at is null`];
  if (query.categoryId) {
    // A first- or second-level category takes in everything under it, as the filter's tree offers it (QA: "Clothing"
    // listed nothing, its goods being in its leaves); the levels are the products' own denormalised columns.
    conditions.push(
      sql`(p.category_id = ${query.categoryId}::bigint or p.category_l1 = ${query.categoryId}::bigint or p.category_l2 = ${query.categoryId}::bigint)`,
    );
  }
  if (query.state === 'onShelf') {
    conditions.push(sql`p.is_on_shelf`);
  } else if (query.state === 'offShelf') {
    conditions.push(sql`not p.is_on_shelf and p.taken_down_at is null`);
  } else if (query.state === 'takenDown') {
    conditions.push(sql`p.taken_down_at is not null`);
  }
  if (query.keyword) {
    // Names fold like the storefront search (accents, case); codes only by case.
    const codePattern = containsPattern(query.keyword.toLowerCase());
    conditions.push(
      sql`(${foldedContainsSql(sql`p.search_text`, query.keyword)} or lower(p.code) like ${codePattern})`,
    );
  }
  const after = query.after === undefined ? null : BigInt(query.after);
  if (after !== null) {
    conditions.push(afterCursor(query.sort, seller.storeId, after));
  }
  const where = sql.join(conditions, sql` and `);
  const offset = after === null ? (query.pageNum - 1) * query.pageSize : 0;
  // An offset walks every row before the page: page numbers stop here, the cursor goes on (see `after`).
  if (offset >= SELLER_LIST_MAX_OFFSET) {
    throw new AppError(
      'PAGE_TOO_DEEP',
      { field: 'pageNum', max: String(SELLER_LIST_MAX_OFFSET) },
      { max: String(SELLER_LIST_MAX_OFFSET) },
    );
  }
  // Stock order and the low-stock filter read the narrow stock table's indexes (products.stock is kept out of
  // the product indexes); it trails checkouts by the sales fold's few seconds, so a shown row is checked
  // against the current stock too.
  const isByStock = query.sort === 'stockAsc' || query.isLowStock === true;
  const from = isByStock
    ? sql`product_stock_levels s join products p on p.id = s.product_id and s.store_id = ${seller.storeId}`
    : sql`products p`;
  const stockCondition = query.isLowStock ? sql` and ${lowStockConditionSql(threshold)}` : sql``;
  const countLimit = offset + SELLER_LIST_COUNT_WINDOW + 1;
  // One walk of the index serves the page and the count (one statement, planned once): the matching ids are
  // numbered in the list's order up to the count window, the page is a slice of them.
  // Named and prepared: planning this statement over a table with two dozen indexes cost more than running it.
  const rows = await executeNamed<TRawRow>(
    db,
    sql`with w as (
      select p.id, row_number() over (order by ${SORTS[query.sort]}) as rn
      from ${from} where ${where}${stockCondition} order by ${SORTS[query.sort]} limit ${countLimit})
    select t.n, t.threshold, p.id::text as id, p.names, p.lang, p.code, p.images->0 as image,
        p.category_id::text as category_id, p.price::text as price, p.stock, p.sold_count, p.is_on_shelf,
        p.taken_down_reason, p.taken_down_at, p.updated_at,
        (select count(*)::int from product_variants v where v.product_id = p.id) as variant_count,
        ${isLowStockSql(sql`t.threshold`)} as is_low_stock
      from (select count(*)::int as n, ${threshold} as threshold from w) t
      left join (w join products p on p.id = w.id)
        on w.rn > ${offset} and w.rn <= ${offset + query.pageSize}
      order by w.rn`,
  );
  const n = Number(rows[0]?.n ?? 0);
  const lowStockThreshold = Number(rows[0]?.threshold ?? 0);
  const isTotalExact = n < countLimit;
  const page = rows.filter((r) => r.id !== null && r.id !== undefined);
  const hasMore = n > offset + page.length;
  return {
    pageList: page.map(
      (r): TSellerProductRow => ({
        id: String(r.id),
        name: pickName(r.names as TLocalizedText, lang, String(r.lang)),
        code: String(r.code),
        image: (r.image as TImage | null) ?? null,
        categoryId: String(r.category_id),
        price: formatMoney(parseMoney(String(r.price))),
        stock: Number(r.stock),
        soldCount: Number(r.sold_count),
        variantCount: Number(r.variant_count),
        state: stateOf({ isOnShelf: r.is_on_shelf === true, takenDownAt: r.taken_down_at }),
        takenDownReason: (r.taken_down_reason as string | null) ?? null,
        isLowStock: r.is_low_stock === true,
        updatedAt: iso(r.updated_at as Date | string)!,
      }),
    ),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: isTotalExact ? n : n - 1,
    isTotalExact,
    nextCursor: hasMore && page.length > 0 ? String(page[page.length - 1]!.id) : null,
    lowStockThreshold,
  };
}

/** A product of the seller's own shop, locked when `forUpdate`; any other shop's is "not found". */
export async function findOwnProduct(db: Executor, seller: TSeller, productId: bigint, forUpdate = false) {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, seller.storeId), isNull(products.deletedAt)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  return row;
}

/** A variant's attribute values in a language, in the product's attribute order ("" for one it lacks). */
export function variantValues(
  attributes: TProductAttributeDef[],
  attrs: Record<string, string>,
  lang: string,
): string[] {
  return attributes.map((a) => {
    const value = a.values.find((v) => v.code === attrs[a.code]);
    return value ? pickName(value.names, lang, lang) : '';
  });
}

export async function getSellerProduct(
  db: Database,
  seller: TSeller,
  productId: bigint,
): Promise<TSellerProductDetail> {
  const row = await findOwnProduct(db, seller, productId);
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.sort, productVariants.id);
  const lang = row.lang;
  return {
    id: String(row.id),
    categoryId: String(row.categoryId),
    names: row.names as Record<string, string>,
    descriptions: row.descriptions as Record<string, string>,
    images: row.images,
    code: row.code,
    sellingPrice: formatMoney(row.sellingPrice),
    retailPrice: formatMoney(row.retailPrice),
    originalPrice: formatMoney(row.originalPrice),
    discountPrice: row.discountPrice === null ? null : formatMoney(row.discountPrice),
    discountEndsAt: row.discountEndsAt ? row.discountEndsAt.toISOString() : null,
    stock: row.stock,
    buyMin: row.buyMin,
    buyMax: row.buyMax,
    dispatchFee: formatMoney(row.dispatchFee),
    longDistanceFee: formatMoney(row.longDistanceFee),
    deliveryFee: formatMoney(row.deliveryFee),
    weightGrams: row.weightGrams,
    isOnShelf: row.isOnShelf,
    state: stateOf(row),
    takenDownReason: row.takenDownReason,
    attributes: row.attributes.map((a) => ({
      name: pickName(a.names, lang, lang),
      values: a.values.map((v) => pickName(v.names, lang, lang)),
    })),
    variants: variants.map((v) => ({
      id: String(v.id),
      values: variantValues(row.attributes, v.attrs, lang),
      price: v.price === null ? null : formatMoney(v.price),
      stock: v.stock,
      code: v.sku,
    })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function cleanTexts(texts: Partial<Record<string, string>>): TLocalizedText {
  const out: Record<string, string> = {};
  for (const [lang, text] of Object.entries(texts)) {
    if (text && text.trim().length > 0) {
      out[lang] = text.trim();
    }
  }
  return out as TLocalizedText;
}

export type TPreparedProduct = {
  values: Omit<typeof products.$inferInsert, 'storeId' | 'images'> & { images?: TImage[] };
  variants: {
    key: string;
    attrs: Record<string, string>;
    price: TMoney | null;
    stock: number;
    sku: string;
  }[];
};

/** Leaf categories (no children), loaded once per call. */
/** Every category's id, and those of the lowest level (no children): a product goes in one of the latter. */
export type TCategoryIds = { all: Set<string>; leaves: Set<string> };

export async function loadCategoryIds(db: Executor): Promise<TCategoryIds> {
  const result = await db.execute(sql`select c.id::text as id,
    not exists (select 1 from categories k where k.parent_id = c.id) as leaf from categories c`);
  const rows = rowsOf(result);
  return {
    all: new Set(rows.map((r) => String(r.id))),
    leaves: new Set(rows.filter((r) => r.leaf === true).map((r) => String(r.id))),
  };
}

/**
 * SPEC §5 rules of a product, without the database except for the leaf categories: texts in the shop's
 * language, prices, discount, purchase limits, attributes and variants. Throws a field-specific AppError.
 */
export function prepareProduct(
  body: TProductRequestParsed,
  shopLang: string,
  categoryIds: TCategoryIds,
  /** The platform's largest quantity of one item per order (mall_max_goods_number_in_order). */
  platformMaxBuy: number,
  now = new Date(),
): TPreparedProduct {
  const names = cleanTexts(body.names);
  const descriptions = cleanTexts(body.descriptions);
  if (!(names as Record<string, string>)[shopLang]) {
    // Named as the editor names it beside the field ("English"), not by its code.
    throw new AppError(
      'PRODUCT_TEXT_REQUIRED',
      { field: `names.${shopLang}` },
      { lang: (LANGUAGE_NAMES as Record<string, string>)[shopLang] ?? shopLang },
    );
  }
  // An id of no category is told so: "choose a category of the lowest level" sent the seller looking for
  // children of a category that is not there (QA).
  if (!categoryIds.all.has(body.categoryId)) {
    throw new AppError('CATEGORY_NOT_FOUND', { field: 'categoryId' });
  }
  if (!categoryIds.leaves.has(body.categoryId)) {
    throw new AppError('CATEGORY_NOT_LEAF', { field: 'categoryId' });
  }
  const sellingPrice = parseMoney(body.sellingPrice);
  if (sellingPrice <= 0n) {
    throw new AppError('PRICE_INVALID', { field: 'sellingPrice' });
  }
  const discountPrice = body.discountPrice === null ? null : parseMoney(body.discountPrice);
  const discountEndsAt = body.discountEndsAt ? new Date(body.discountEndsAt) : null;
  if (discountPrice !== null && (discountPrice <= 0n || discountPrice >= sellingPrice)) {
    throw new AppError('DISCOUNT_INVALID', { field: 'discountPrice' });
  }
  if (discountEndsAt && (discountPrice === null || discountEndsAt.getTime() <= now.getTime())) {
    throw new AppError('DISCOUNT_INVALID', { field: 'discountEndsAt' });
  }
  if (discountPrice !== null && body.variants.length > 0 && body.variants.every((v) => v.price !== null)) {
    // The discount lowers the product's price, which a variant with a price of its own does not use: it was saved,
    // the storefront said "Sale", and every variant sold at its full price.
    throw new AppError('DISCOUNT_NOT_APPLICABLE', { field: 'discountPrice' });
  }
  if (body.buyMax !== null && body.buyMax < body.buyMin) {
    throw new AppError('BUY_LIMITS_INVALID', { field: 'buyMax' });
  }
  // Checkout takes at most the platform's limit: a minimum above it made a product nobody could buy (every quantity
  // was either below the minimum or above the limit), and a maximum above it promised what checkout refuses.
  if (body.buyMin > platformMaxBuy || (body.buyMax !== null && body.buyMax > platformMaxBuy)) {
    throw new AppError(
      'BUY_LIMIT_ABOVE_PLATFORM',
      { field: body.buyMin > platformMaxBuy ? 'buyMin' : 'buyMax', max: platformMaxBuy },
      { max: platformMaxBuy },
    );
  }
  const attributes: TProductAttributeDef[] = [];
  const attributeNames = new Set<string>();
  for (const [i, a] of body.attributes.entries()) {
    const key = a.name.toLowerCase();
    if (attributeNames.has(key)) {
      // Named at the field, in the reader's language: "Each variant needs one value of every attribute" said
      // nothing about the repeated name.
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ field: `attributes.${i}.name`, message: V.attributeNameTaken }],
      });
    }
    attributeNames.add(key);
    const values = a.values.map((v) => v.trim());
    if (new Set(values.map((v) => v.toLowerCase())).size !== values.length) {
      throw new AppError('VARIANT_DUPLICATE', { field: `attributes.${i}.values` });
    }
    attributes.push({
      code: `a${i + 1}`,
      names: { [shopLang]: a.name } as TLocalizedText,
      values: values.map((v, j) => ({ code: `v${j + 1}`, names: { [shopLang]: v } as TLocalizedText })),
    });
  }
  if ((attributes.length === 0) !== (body.variants.length === 0)) {
    throw new AppError('VARIANTS_INVALID', { field: 'variants' });
  }
  const seen = new Set<string>();
  const variants: TPreparedProduct['variants'] = [];
  for (const [i, v] of body.variants.entries()) {
    if (v.values.length !== attributes.length) {
      throw new AppError('VARIANTS_INVALID', { field: `variants.${i}` });
    }
    const attrs: Record<string, string> = {};
    for (const [j, a] of attributes.entries()) {
      const wanted = v.values[j]!.trim().toLowerCase();
      const value = a.values.find(
        (x) => (x.names as Record<string, string>)[shopLang]!.toLowerCase() === wanted,
      );
      if (!value) {
        throw new AppError('VARIANTS_INVALID', { field: `variants.${i}` });
      }
      attrs[a.code] = value.code;
    }
    const key = v.values.map((x) => x.trim().toLowerCase()).join('\u0001');
    if (seen.has(key)) {
      throw new AppError('VARIANT_DUPLICATE', { field: `variants.${i}` });
    }
    seen.add(key);
    const sku = v.code.trim();
    if (sku !== '' && body.variants.some((other, j) => j < i && other.code.trim() === sku)) {
      // A variant's code names it in the seller's own stock-keeping; two sharing one cannot be told apart.
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ field: `variants.${i}.code`, message: V.variantCodeTaken }],
      });
    }
    const price = v.price === null ? null : parseMoney(v.price);
    if (price !== null && price <= 0n) {
      throw new AppError('PRICE_INVALID', { field: `variants.${i}.price` });
    }
    variants.push({ key, attrs, price, stock: v.stock, sku: v.code });
  }
  const stock = variants.length > 0 ? variants.reduce((sum, v) => sum + v.stock, 0) : body.stock;
  const priced = { sellingPrice, discountPrice, isDiscounted: discountPrice !== null, discountEndsAt };
  const isDiscounted = isDiscountActive(priced, now);
  return {
    values: {
      categoryId: BigInt(body.categoryId),
      lang: shopLang,
      names,
      descriptions,
      attributes,
      code: body.code,
      price: isDiscounted ? discountPrice! : sellingPrice,
      sellingPrice,
      retailPrice: body.retailPrice === null ? sellingPrice : parseMoney(body.retailPrice),
      originalPrice: body.originalPrice === null ? sellingPrice : parseMoney(body.originalPrice),
      discountPrice,
      isDiscounted: discountPrice !== null,
      discountEndsAt,
      stock,
      buyMin: body.buyMin,
      buyMax: body.buyMax,
      dispatchFee: parseMoney(body.dispatchFee),
      longDistanceFee: parseMoney(body.longDistanceFee),
      deliveryFee: parseMoney(body.deliveryFee),
      weightGrams: body.weightGrams,
      isOnShelf: body.isOnShelf,
    },
    variants,
  };
}

type TVariantValues = {
  attrs: Record<string, string>;
  price: TMoney | null;
  stock: number;
  sku: string;
  sort: number;
};

/** What saving `variants` over a product's `existing` ones writes (syncVariants, and the import's batches). */
export type TVariantSync = {
  /** A combination already there keeps its id (carts point at it); `oldStock` tells whether its stock changed. */
  kept: { id: bigint; oldStock: number; values: TVariantValues }[];
  added: TVariantValues[];
  removed: bigint[];
};

export function planVariantSync(
  existing: (typeof productVariants.$inferSelect)[],
  oldAttributes: TProductAttributeDef[],
  shopLang: string,
  variants: TPreparedProduct['variants'],
): TVariantSync {
  const byKey = new Map(
    existing.map((v) => [
      variantValues(oldAttributes, v.attrs, shopLang)
        .map((x) => x.toLowerCase())
        .join('\u0001'),
      v,
    ]),
  );
  const plan: TVariantSync = { kept: [], added: [], removed: [] };
  const keptIds = new Set<bigint>();
  for (const [sort, v] of variants.entries()) {
    const values = { attrs: v.attrs, price: v.price, stock: v.stock, sku: v.sku, sort };
    const old = byKey.get(v.key);
    if (old && !keptIds.has(old.id)) {
      keptIds.add(old.id);
      plan.kept.push({ id: old.id, oldStock: old.stock, values });
    } else {
      plan.added.push(values);
    }
  }
  plan.removed = existing.filter((v) => !keptIds.has(v.id)).map((v) => v.id);
  return plan;
}

/** Writes the variants of a product as planVariantSync plans them, with a stock record for each stock changed. */
async function syncVariants(
  tx: Executor,
  seller: TSeller,
  productId: bigint,
  oldAttributes: TProductAttributeDef[],
  shopLang: string,
  variants: TPreparedProduct['variants'],
  reason: string,
): Promise<void> {
  const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const plan = planVariantSync(existing, oldAttributes, shopLang, variants);
  for (const { id, oldStock, values } of plan.kept) {
    await tx.update(productVariants).set(values).where(eq(productVariants.id, id));
    if (oldStock !== values.stock) {
      await tx.insert(stockAdjustments).values({
        storeId: seller.storeId,
        productId,
        variantId: id,
        delta: values.stock - oldStock,
        stockAfter: values.stock,
        reason,
        userId: seller.id,
      });
    }
  }
  if (plan.added.length > 0) {
    await tx.insert(productVariants).values(plan.added.map((values) => ({ ...values, productId })));
  }
  if (plan.removed.length > 0) {
    await tx.delete(productVariants).where(inArray(productVariants.id, plan.removed));
  }
}

/** The shop's products (not deleted) holding any of `codes`, with their codes, the newest first. */
export async function findShopProductsByCode(
  db: Executor,
  storeId: bigint,
  codes: string[],
): Promise<{ id: bigint; code: string }[]> {
  if (codes.length === 0) {
    return [];
  }
  return db
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(and(eq(products.storeId, storeId), isNull(products.deletedAt), inArray(products.code, codes)))
    .orderBy(desc(products.id));
}

export async function adjustStoreGoodsCount(tx: Executor, storeId: bigint): Promise<void> {
  await tx.execute(sql`update stores set goods_count = (select count(*)::int from products
      where store_id = ${storeId} and is_on_shelf) where id = ${storeId}`);
}

/**
 * A product code names one product of its shop (the import updates the product its code names); another product's
 * code is refused beside the field. The unique index `products_store_code_key` decides between two saves at once
 * (saveWithCodeGuard).
 */
async function assertProductCodeFree(db: Database, storeId: bigint, code: string, productId: bigint | null) {
  if (code === '') {
    return;
  }
  const [other] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        eq(products.code, code),
        isNull(products.deletedAt),
        productId === null ? undefined : ne(products.id, productId),
      ),
    )
    .limit(1);
  if (other) {
    throw new AppError('PRODUCT_CODE_TAKEN', { field: 'code' });
  }
}

/** Runs a write of products, answering a clash on a shop's product code as PRODUCT_CODE_TAKEN. */
export async function saveWithCodeGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'products_store_code_key') {
      throw new AppError('PRODUCT_CODE_TAKEN', { field: 'code' });
    }
    throw error;
  }
}

export async function saveSellerProduct(
  db: Database,
  uploadDir: string,
  seller: TSeller,
  input: TProductRequest,
  productId: bigint | null,
  stockReason = EDITOR_STOCK_REASON,
): Promise<TSellerProductDetail> {
  const body = ZProductRequest.parse(input);
  const store = await storeOf(db, seller.storeId);
  const prepared = prepareProduct(body, store.lang, await loadCategoryIds(db), await readMaxBuy(db));
  const currentImages =
    productId === null
      ? []
      : ((
          await db
            .select({ images: products.images })
            .from(products)
            .where(and(eq(products.id, productId), eq(products.storeId, seller.storeId)))
        )[0]?.images ?? []);
  const images = await resolveSellerImages(
    db,
    uploadDir,
    { userId: seller.id },
    body.images,
    new Set(currentImages.map((i) => i.url)),
  );
  await assertProductCodeFree(db, seller.storeId, prepared.values.code ?? '', productId);
  const id = await saveWithCodeGuard(() =>
    db.transaction(async (tx) => {
      let savedId: bigint;
      if (productId === null) {
        const [row] = await tx
          .insert(products)
          .values({ ...prepared.values, images, storeId: seller.storeId })
          .returning({ id: products.id });
        savedId = row!.id;
        await syncVariants(tx, seller, savedId, [], store.lang, prepared.variants, stockReason);
      } else {
        const current = await findOwnProduct(tx, seller, productId, true);
        if (current.takenDownAt && prepared.values.isOnShelf) {
          throw new AppError('PRODUCT_TAKEN_DOWN', { field: 'isOnShelf' });
        }
        await tx
          .update(products)
          .set({ ...prepared.values, images, updatedAt: new Date() })
          .where(eq(products.id, productId));
        if (prepared.variants.length === 0 && current.stock !== prepared.values.stock) {
          await tx.insert(stockAdjustments).values({
            storeId: seller.storeId,
            productId,
            delta: (prepared.values.stock ?? 0) - current.stock,
            stockAfter: prepared.values.stock ?? 0,
            reason: stockReason,
            userId: seller.id,
          });
        }
        await syncVariants(
          tx,
          seller,
          productId,
          current.attributes,
          store.lang,
          prepared.variants,
          stockReason,
        );
        savedId = productId;
      }
      await adjustStoreGoodsCount(tx, seller.storeId);
      return savedId;
    }),
  );
  clearCatalogCache(db);
  return getSellerProduct(db, seller, id);
}

/**
 * On shelf, off shelf or delete several of the shop's products. Deleting keeps the row (orders keep
 * their history) but takes it off shelf for good. A product taken down by staff cannot go on shelf.
 */
export async function bulkUpdateProducts(
  db: Database,
  seller: TSeller,
  input: TBulkProductsRequest,
): Promise<number> {
  const body = ZBulkProductsRequest.parse(input);
  const ids = [...new Set(body.ids)].map(BigInt);
  const changed = await db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: products.id, takenDownAt: products.takenDownAt })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.storeId, seller.storeId), isNull(products.deletedAt)))
      .for('update');
    if (owned.length !== ids.length) {
      throw new AppError('PRODUCT_NOT_FOUND');
    }
    if (body.action === 'onShelf' && owned.some((p) => p.takenDownAt)) {
      throw new AppError('PRODUCT_TAKEN_DOWN');
    }
    const now = new Date();
    const set =
      body.action === 'delete'
        ? { isOnShelf: false, deletedAt: now, updatedAt: now }
        : { isOnShelf: body.action === 'onShelf', updatedAt: now };
    const rows = await tx
      .update(products)
      .set(set)
      .where(inArray(products.id, ids))
      .returning({ id: products.id });
    await adjustStoreGoodsCount(tx, seller.storeId);
    return rows.length;
  });
  clearCatalogCache(db);
  return changed;
}

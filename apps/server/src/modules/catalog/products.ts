import {
  chargedUnitPrice,
  formatMoney,
  isDiscountActive,
  MONEY_SCALE,
  parseMoney,
  type TImage,
  type TLanguage,
  type TLocalizedText,
  type TProductDetail,
  type TProductListQuery,
  type TProductPage,
  type TProductSort,
} from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import type { TProductAttributeDef } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { CACHE_TTL, catalogCache, clearCatalogCache } from './cache';
import { findCategoryPath, findDescendantIds, loadCategoryIndex } from './categories';
import { getMaxBuy } from './params';
import {
  cardColumns,
  money,
  pickText,
  rowsOf,
  type TRow,
  toCard,
  toDate,
  toInt,
  toIso,
  toStoreCard,
} from './present';
import { resolveProductKeyword } from './search-sql';

/**
 * With a filter over several deep categories the sort keys are wrapped so the planner cannot walk a
 * global sort index (it would skip over most rows); it reads the categories from the covering listing
 * index and sorts those narrow entries instead.
 */
const CATEGORY_SORT_SQL: Record<TProductSort, SQL> = {
  newest: sql`(p.created_at + interval '0 s') desc, (p.id + 0) desc`,
  sales: sql`(p.sold_count + 0) desc, (p.id + 0) desc`,
  priceAsc: sql`(p.price + 0) asc, (p.id + 0) asc`,
  priceDesc: sql`(p.price + 0) desc, (p.id + 0) desc`,
};

export const SORT_SQL: Record<TProductSort, SQL> = {
  // NULLS LAST as in the indexes (the columns are NOT NULL), so the planner walks the index in order.
  newest: sql`p.created_at desc nulls last, p.id desc nulls last`,
  sales: sql`p.sold_count desc nulls last, p.id desc nulls last`,
  priceAsc: sql`p.price asc, p.id asc`,
  priceDesc: sql`p.price desc, p.id desc`,
};

/** Goods a visitor may see: on shelf, in an active store. */
export const VISIBLE = sql`p.is_on_shelf and s.status = 'active'`;
/** The same without joining stores (the listing index covers store_id). */
export const VISIBLE_INDEXED = sql`p.is_on_shelf and p.store_id in (select id from stores where status = 'active')`;
/** A list's conditions with the visibility every public list has. */
function visibleWhere(where: readonly SQL[]): SQL {
  return sql.join([VISIBLE_INDEXED, ...where], sql` and `);
}

export const ACTIVE_DISCOUNT = sql`p.is_discounted and p.discount_price is not null and (p.discount_ends_at is null or p.discount_ends_at > now())`;

const DISCOUNT_REFRESH_MS = 30_000;
const lastDiscountRefresh = new WeakMap<object, number>();

/**
 * The stored `price` (used to filter and sort) is the discount price while a discount runs. Discounts
 * that ended are folded back into it here, at most every 30 s per process, before lists are read.
 */
export async function refreshExpiredDiscounts(db: Database, force = false): Promise<void> {
  const now = Date.now();
  if (!force && now - (lastDiscountRefresh.get(db) ?? 0) < DISCOUNT_REFRESH_MS) {
    return;
  }
  lastDiscountRefresh.set(db, now);
  const result = await db.execute(sql`update products set price = selling_price, is_discounted = false,
      updated_at = now()
    where is_discounted and discount_ends_at <= now() returning id`);
  if (rowsOf(result).length > 0) {
    // Every process's copies, and the pages shared through Redis, showed the old prices.
    clearCatalogCache(db);
  }
}

export type TPageRequest = {
  lang: TLanguage;
  where: SQL[];
  orderBy: SQL;
  pageNum: number;
  pageSize: number;
  /** Cache key of the filter (without page): totals are reused across pages for a while. */
  totalKey: string | null;
  /** Known total (from the per-category counts); no count query then. */
  knownTotal?: Promise<number> | undefined;
};

async function countProducts(db: Executor, where: SQL): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from products p where ${where}`);
  return toInt(rowsOf(result)[0]?.n ?? 0);
}

/**
 * One page of product cards and the total: two queries whatever the page size. The page's ids are
 * chosen first from narrow columns (index-only where the listing index covers the filter), then only
 * those rows are read from the wide table.
 */
export async function queryProductPage(
  db: Database,
  request: TPageRequest,
  executor: Executor = db,
): Promise<TProductPage> {
  const where = visibleWhere(request.where);
  const offset = (request.pageNum - 1) * request.pageSize;
  const loadRows = () =>
    executor.execute(sql`select ${cardColumns(request.lang)}
      from (select p.id from products p where ${where}
        order by ${request.orderBy} limit ${request.pageSize} offset ${offset}) page
      join products p on p.id = page.id
      join stores s on s.id = p.store_id
      order by ${request.orderBy}`);
  const loadTotal = () => loadProductTotal(db, request, executor);
  // Inside a transaction (one connection; PGlite would wait on itself) the two queries run one after another.
  const [rows, total] =
    executor === db ? await Promise.all([loadRows(), loadTotal()]) : [await loadRows(), await loadTotal()];
  const now = new Date();
  return {
    pageList: rowsOf(rows).map((r) => toCard(r, now)),
    pageNum: request.pageNum,
    pageSize: request.pageSize,
    total,
  };
}

/** The total of a list: known, counted and kept under its totalKey, or counted. */
export function loadProductTotal(
  db: Database,
  request: Pick<TPageRequest, 'where' | 'totalKey' | 'knownTotal'>,
  executor: Executor = db,
): Promise<number> {
  const where = visibleWhere(request.where);
  return request.knownTotal
    ? request.knownTotal
    : request.totalKey === null
      ? countProducts(executor, where)
      : catalogCache(db).getOrLoad(`total:${request.totalKey}`, CACHE_TTL.total, () =>
          countProducts(executor, where),
        );
}

/**
 * The ids of `limit` visible goods of a list from `offset`, in its order (the same in every language); with
 * `isCounted`, also how many goods the list has, from the same read. Use that only where the order reads every
 * match anyway (a ranking): a window count makes the database read them all even when an index could stop at
 * the page.
 */
export async function queryProductIds(
  db: Database,
  request: Pick<TPageRequest, 'where' | 'orderBy'>,
  window: { offset: number; limit: number; isCounted: boolean },
): Promise<{ ids: string[]; total: number | undefined }> {
  const where = visibleWhere(request.where);
  if (!window.isCounted) {
    const result = await db.execute(sql`select p.id::text as id from products p where ${where}
      order by ${request.orderBy} limit ${window.limit} offset ${window.offset}`);
    return { ids: rowsOf(result).map((row) => String(row.id)), total: undefined };
  }
  // Numbered first, then counted: counting over the ordered rows themselves kept every match's whole row (the
  // texts the order is computed from) in memory, and cost more than a second query.
  const result = await db.execute(sql`select m.id::text as id, count(*) over ()::int as total
    from (select p.id, row_number() over (order by ${request.orderBy}) as n from products p where ${where}) m
    order by m.n limit ${window.limit} offset ${window.offset}`);
  const rows = rowsOf(result);
  const ids = rows.map((row) => String(row.id));
  const first = rows[0];
  // No row at the start of a list means it has no goods; past the start it says nothing about the total.
  return { ids, total: first ? toInt(first.total) : window.offset === 0 ? 0 : undefined };
}

/** The cards of these goods in this order, in a language; goods no longer visible are left out. */
export async function queryProductCards(
  db: Database,
  lang: TLanguage,
  ids: readonly string[],
): Promise<TProductPage['pageList']> {
  if (ids.length === 0) {
    return [];
  }
  const result = await db.execute(sql`select ${cardColumns(lang)}
    from products p join stores s on s.id = p.store_id
    where ${VISIBLE} and p.id in (${sql.join(
      ids.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})`);
  const now = new Date();
  const byId = new Map(rowsOf(result).map((row) => [String(row.id), toCard(row, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Visible goods of one category with their price in one whole unit: the unit, how many, how many at exactly it. */
type TPriceBucket = { unit: number; n: number; atUnit: number };

/**
 * Visible goods per category and whole price unit, one grouped index-only scan of the price index per cache
 * period, shared by every list. It gives the exact total of a category list, and of one narrowed to a price
 * range with whole-unit bounds (the page's presets and any typed whole amount): counting those in SQL read
 * every matching index entry, 60-90 ms for a first-level category at a million products, once per category
 * and range (issue 11, speed at scale).
 */
function loadPriceBuckets(db: Database): Promise<Map<string, TPriceBucket[]>> {
  return catalogCache(db).getOrLoad('category-price-buckets', CACHE_TTL.total, async () => {
    const result = await db.execute(sql`select p.category_id::text as id, floor(p.price)::float8 as unit,
        count(*)::int as n, count(*) filter (where p.price = floor(p.price))::int as at_unit
      from products p where ${VISIBLE_INDEXED} group by 1, 2`);
    const byCategory = new Map<string, TPriceBucket[]>();
    for (const r of rowsOf(result)) {
      const id = String(r.id);
      const buckets = byCategory.get(id) ?? [];
      buckets.push({ unit: Number(r.unit), n: toInt(r.n), atUnit: toInt(r.at_unit) });
      byCategory.set(id, buckets);
    }
    return byCategory;
  });
}

const MONEY_UNIT = 10n ** BigInt(MONEY_SCALE);

/** A whole number of units as a number, or null for an amount with cents (counted in SQL then). */
function wholeUnits(amount: bigint | undefined): number | null | undefined {
  if (amount === undefined) {
    return undefined;
  }
  return amount % MONEY_UNIT === 0n ? Number(amount / MONEY_UNIT) : null;
}

/**
 * Visible goods of the categories (all when null) priced within [min, max] whole units: a price is at least
 * `min` exactly when its whole units are, and at most `max` when its whole units are below it or it is `max`.
 */
export function countInPriceRange(
  buckets: Map<string, TPriceBucket[]>,
  categoryIds: string[] | null,
  min: number | undefined,
  max: number | undefined,
): number {
  let total = 0;
  for (const id of categoryIds ?? buckets.keys()) {
    for (const bucket of buckets.get(id) ?? []) {
      if (min !== undefined && bucket.unit < min) {
        continue;
      }
      if (max === undefined || bucket.unit < max) {
        total += bucket.n;
      } else if (bucket.unit === max) {
        total += bucket.atUnit;
      }
    }
  }
  return total;
}

/**
 * Rows a list keeps at once: the first five pages of 20 (the web's page size) are one cache entry, and so is
 * each following run of 100 rows. Visitors mostly read a list's first pages, and every distinct page was its
 * own cache entry and query; at a million products a fifth to a quarter of the catalogue bench's list
 * requests were the first of their page and waited for the database (issue 11, speed at scale). A window is
 * read behind the pages (see listProducts), so no visitor waits for more than their own page's rows.
 */
export const LIST_WINDOW_ROWS = 100;

/** A run of LIST_WINDOW_ROWS cards of one list, its total and the pages already cut from it. */
type TListWindow = {
  cards: TProductPage['pageList'];
  total: number;
  /** `pageNum:pageSize` -> the page, made once and frozen, so its JSON text is made once too (serializer.ts). */
  pages: Map<string, TProductPage>;
};

/**
 * Where a page lies in the LIST_WINDOW_ROWS runs of its list: the run's first row and the page's first row in it;
 * null for a page across two runs (page sizes that do not divide 100).
 */
export function windowPlaceOf(
  pageNum: number,
  pageSize: number,
): { windowStart: number; from: number } | null {
  const offset = (pageNum - 1) * pageSize;
  const windowStart = offset - (offset % LIST_WINDOW_ROWS);
  return offset + pageSize > windowStart + LIST_WINDOW_ROWS
    ? null
    : { windowStart, from: offset - windowStart };
}

const queryKey = (value: object) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * A page of a product list. A page whose window is loaded (or loading) is cut from it. Otherwise the page is
 * read alone (its own rows, cached on its own) and answered, and the window is read behind it when it is a
 * list's first (the pages visitors read next) or when a second page of a later window misses within a list
 * lifetime. A single miss deeper in a list (the cache-busting bench spreads over 50 pages and many price
 * ranges) then never pays for 100 rows: reading the window for every miss made the busting mix's
 * /commodity p95 310 -> 486 ms at a million products.
 */
export async function listProducts(
  db: Database,
  lang: TLanguage,
  query: TProductListQuery,
): Promise<TProductPage> {
  const { pageNum, pageSize, ...list } = query;
  const cache = catalogCache(db);
  const pageKey = `list:${lang}:${queryKey(query)}`;
  const readPage = () =>
    cache.getOrLoad(pageKey, CACHE_TTL.list, async () =>
      queryProductPage(db, { ...(await buildListRequest(db, lang, query)), pageNum, pageSize }),
    );
  const place = windowPlaceOf(pageNum, pageSize);
  if (!place) {
    // A page across two windows (page sizes that do not divide 100): read on its own.
    return readPage();
  }
  const { windowStart, from } = place;
  const windowKey = `list-window:${lang}:${windowStart}:${queryKey(list)}`;
  const loadWindow = () =>
    cache.getOrLoad(windowKey, CACHE_TTL.list, async (): Promise<TListWindow> => {
      const page = await queryProductPage(db, {
        ...(await buildListRequest(db, lang, query)),
        pageNum: windowStart / LIST_WINDOW_ROWS + 1,
        pageSize: LIST_WINDOW_ROWS,
      });
      return { cards: page.pageList, total: page.total, pages: new Map() };
    });
  if (!cache.has(windowKey)) {
    // A page read alone before is this page again, not a second page of the window.
    if (!cache.has(pageKey)) {
      const missKey = `list-window-miss:${windowKey}`;
      if (windowStart === 0 || cache.has(missKey)) {
        // Nobody waits for it; a failure only means the pages keep being read alone.
        loadWindow().catch(() => undefined);
      } else {
        void cache.getOrLoad(missKey, CACHE_TTL.list, async () => true);
      }
    }
    return readPage();
  }
  const window = await loadWindow();
  const cutKey = `${pageNum}:${pageSize}`;
  let page = window.pages.get(cutKey);
  if (!page) {
    page = Object.freeze({
      pageList: Object.freeze(window.cards.slice(from, from + pageSize)) as TProductPage['pageList'],
      pageNum,
      pageSize,
      total: window.total,
    });
    window.pages.set(cutKey, page);
  }
  return page;
}

/** The filter, order and total of a product list (everything but the page). */
async function buildListRequest(
  db: Database,
  lang: TLanguage,
  query: TProductListQuery,
): Promise<Omit<TPageRequest, 'pageNum' | 'pageSize'>> {
  const where: SQL[] = [];
  const categoryIndex = query.categoryId ? await loadCategoryIndex(db) : null;
  const category = query.categoryId ? categoryIndex?.byId.get(query.categoryId) : undefined;
  if (query.categoryId && !category) {
    throw new AppError('CATEGORY_NOT_FOUND');
  }
  // A whole first- or second-level branch is one equality on a denormalised column with ordered indexes.
  const categoryIds =
    query.categoryId && categoryIndex ? findDescendantIds(categoryIndex, query.categoryId)! : null;
  const isOrderedByIndex = !category || category.level <= 2 || categoryIds?.length === 1;
  if (category?.level === 1) {
    where.push(sql`p.category_l1 = ${category.id}::bigint`);
  } else if (category?.level === 2) {
    where.push(sql`p.category_l2 = ${category.id}::bigint`);
  } else if (categoryIds) {
    where.push(
      sql`p.category_id in (${sql.join(
        categoryIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
    );
  }
  if (query.storeId) {
    where.push(sql`p.store_id = ${query.storeId}::bigint`);
  }
  if (query.minPrice !== undefined) {
    where.push(sql`p.price >= ${formatMoney(query.minPrice, 0)}::numeric`);
  }
  if (query.maxPrice !== undefined) {
    where.push(sql`p.price <= ${formatMoney(query.maxPrice, 0)}::numeric`);
  }
  if (query.isDiscounted === true) {
    where.push(ACTIVE_DISCOUNT);
  } else if (query.isDiscounted === false) {
    where.push(sql`not (${ACTIVE_DISCOUNT})`);
  }
  if (query.keyword) {
    where.push((await resolveProductKeyword(db, query.keyword)).where);
  }
  const { pageNum: _pageNum, pageSize: _pageSize, sort, ...filter } = query;
  const min = wholeUnits(query.minPrice);
  const max = wholeUnits(query.maxPrice);
  const isCountedFromBuckets =
    min !== null &&
    max !== null &&
    Object.entries(filter).every(
      ([k, v]) => k === 'categoryId' || k === 'minPrice' || k === 'maxPrice' || v === undefined,
    );
  return {
    lang,
    where,
    orderBy: isOrderedByIndex ? SORT_SQL[sort] : CATEGORY_SORT_SQL[sort],
    totalKey: `list:${queryKey(filter)}`,
    knownTotal: isCountedFromBuckets
      ? loadPriceBuckets(db).then((buckets) => countInPriceRange(buckets, categoryIds, min, max))
      : undefined,
  };
}

type TPublicDetail = Omit<TProductDetail, 'isFavourite'>;

async function loadPublicDetail(db: Database, lang: TLanguage, id: string): Promise<TPublicDetail> {
  // A named statement: with two dozen indexes on products, planning this key lookup cost more than running
  // it; the session plans it a few times and then keeps the generic plan (prepared.ts).
  const rows = await executeNamed<TRow>(
    db,
    sql`select p.id::text as id, p.lang, p.names, p.descriptions, p.images,
      p.attributes, p.category_id::text as category_id, p.price::text as price,
      p.selling_price::text as selling_price, p.original_price::text as original_price,
      p.retail_price::text as retail_price, p.discount_price::text as discount_price,
      p.is_discounted, p.discount_ends_at, p.stock, p.sold_count, p.page_views, p.buy_min, p.buy_max, p.is_on_shelf,
      p.dispatch_fee::text as dispatch_fee, p.long_distance_fee::text as long_distance_fee,
      p.delivery_fee::text as delivery_fee, p.evaluation_num, p.good_count, p.medium_count, p.bad_count,
      p.photo_count, p.created_at, s.status as store_status, s.lang as store_lang,
      json_build_object('id', s.id::text, 'name', s.name, 'logo', s.logo, 'description', s.description,
        'followers_count', s.followers_count, 'sold_count', s.sold_count, 'page_views', s.page_views,
        'good_reviews', s.good_reviews, 'total_reviews', s.total_reviews,
        'is_recommended', s.is_recommended) as store,
      coalesce((select json_agg(json_build_object('id', v.id::text, 'attrs', v.attrs,
        'price', v.price::text, 'stock', v.stock) order by v.sort, v.id)
        from product_variants v where v.product_id = p.id), '[]'::json) as variants
    from products p join stores s on s.id = p.store_id
    where p.id = ${id}::bigint`,
  );
  const row = rows[0];
  if (!row) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  if (row.is_on_shelf !== true || row.store_status !== 'active') {
    throw new AppError('GOODS_OFF_SHELF');
  }
  const fallback = (row.lang ?? row.store_lang ?? 'en') as TLanguage;
  const names = row.names as TLocalizedText;
  const descriptions = row.descriptions as TLocalizedText;
  // The description in the language the name is shown in (pickText's order: the reader's, English, the product's).
  const byLanguage = names as Record<string, string | undefined>;
  const shownLang = byLanguage[lang] !== undefined ? lang : byLanguage.en !== undefined ? 'en' : fallback;
  const priced = {
    sellingPrice: parseMoney(String(row.selling_price)),
    discountPrice: row.discount_price === null ? null : parseMoney(String(row.discount_price)),
    isDiscounted: row.is_discounted === true,
    discountEndsAt: toDate(row.discount_ends_at),
  };
  const now = new Date();
  const attributes = (row.attributes as TProductAttributeDef[]).map((a) => ({
    code: a.code,
    name: pickText(a.names, lang, fallback),
    values: a.values.map((v) => ({ code: v.code, name: pickText(v.names, lang, fallback) })),
  }));
  const valueNames = new Map<string, string>();
  for (const a of attributes) {
    for (const v of a.values) {
      valueNames.set(`${a.code}:${v.code}`, v.name);
    }
  }
  const variants = (row.variants as TRow[]).map((v) => {
    const attrs = v.attrs as Record<string, string>;
    const own = v.price === null ? null : parseMoney(String(v.price));
    return {
      id: String(v.id),
      attrs,
      name: attributes.map((a) => valueNames.get(`${a.code}:${attrs[a.code]}`) ?? '').join(' / '),
      price: formatMoney(chargedUnitPrice(priced, { price: own }, now)),
      stock: toInt(v.stock),
    };
  });
  const fees = [row.dispatch_fee, row.long_distance_fee, row.delivery_fee].map((f) => parseMoney(String(f)));
  const index = await loadCategoryIndex(db);
  const good = toInt(row.good_count);
  const medium = toInt(row.medium_count);
  const bad = toInt(row.bad_count);
  return {
    id: String(row.id),
    name: pickText(names, lang, fallback),
    description: pickText(descriptions, shownLang, fallback),
    textLang: shownLang,
    images: row.images as TImage[],
    categoryId: String(row.category_id),
    categoryPath: findCategoryPath(index, String(row.category_id), lang),
    price: formatMoney(chargedUnitPrice(priced, null, now)),
    retailPrice: money(row.retail_price),
    originalPrice: money(row.original_price),
    sellingPrice: formatMoney(priced.sellingPrice),
    discountPrice: priced.discountPrice === null ? null : formatMoney(priced.discountPrice),
    isDiscounted: isDiscountActive(priced, now),
    discountEndsAt: priced.discountEndsAt ? priced.discountEndsAt.toISOString() : null,
    freight: {
      dispatchFee: formatMoney(fees[0]!),
      longDistanceFee: formatMoney(fees[1]!),
      deliveryFee: formatMoney(fees[2]!),
      total: formatMoney(fees[0]! + fees[1]! + fees[2]!),
    },
    stock: toInt(row.stock),
    soldCount: toInt(row.sold_count),
    pageViews: toInt(row.page_views),
    buyMin: toInt(row.buy_min),
    // The seller's own maximum per order narrows the platform's.
    maxBuy: Math.min(
      await getMaxBuy(db),
      row.buy_max === null ? Number.MAX_SAFE_INTEGER : toInt(row.buy_max),
    ),
    isOnShelf: true,
    attributes,
    variants,
    store: toStoreCard(row.store as TRow),
    evaluationNum: toInt(row.evaluation_num),
    reviewCounts: { all: good + medium + bad, good, medium, bad, photo: toInt(row.photo_count) },
    createdAt: toIso(row.created_at),
  };
}

/**
 * Product detail with the visitor's favourite flag. Both forms of the answer (favourite or not) are cached
 * as they are sent, so a cached detail is one shared object whose JSON is made once (http/serializer.ts).
 */
export async function getProductDetail(
  db: Database,
  lang: TLanguage,
  id: string,
  userId: bigint | null,
): Promise<TProductDetail> {
  const [forms, isFavourite] = await Promise.all([
    catalogCache(db).getOrLoad(`detail:${lang}:${id}`, CACHE_TTL.detail, async () => {
      const detail = await loadPublicDetail(db, lang, id);
      return { plain: { ...detail, isFavourite: false }, favourite: { ...detail, isFavourite: true } };
    }),
    userId === null
      ? Promise.resolve(false)
      : db
          .execute(
            sql`select 1 from favourites where user_id = ${String(userId)}::bigint and product_id = ${id}::bigint`,
          )
          .then((r) => rowsOf(r).length > 0),
  ]);
  return isFavourite ? forms.favourite : forms.plain;
}

/** Counts a page view and remembers it for guess-you-like; cheap: two single-row writes. */
export async function recordProductView(
  db: Database,
  id: string,
  viewer: string | null,
  isCounted = true,
): Promise<number> {
  const result = await db.execute(
    isCounted
      ? sql`update products set page_views = page_views + 1
    where id = ${id}::bigint and is_on_shelf returning page_views, category_id::text as category_id`
      : sql`select page_views, category_id::text as category_id from products where id = ${id}::bigint and is_on_shelf`,
  );
  const row = rowsOf(result)[0];
  if (!row) {
    const exists = await db.execute(sql`select 1 from products where id = ${id}::bigint`);
    throw new AppError(rowsOf(exists).length > 0 ? 'GOODS_OFF_SHELF' : 'PRODUCT_NOT_FOUND');
  }
  if (viewer && isCounted) {
    await db.execute(sql`insert into product_views (viewer, product_id, category_id, viewed_at)
      values (${viewer}, ${id}::bigint, ${String(row.category_id)}::bigint, now())
      on conflict (viewer, product_id) do update set viewed_at = excluded.viewed_at`);
  }
  return toInt(row.page_views);
}

/** How long a buyer's recently viewed goods are kept (the "guess you like" list reads the recent ones). */
export const PRODUCT_VIEWS_KEPT_DAYS = 90;

/** Deletes product views older than PRODUCT_VIEWS_KEPT_DAYS (timed job `catalog-prune-product-views`). */
export async function pruneProductViews(db: Database): Promise<void> {
  await db.execute(
    sql`delete from product_views where viewed_at < now() - make_interval(days => ${PRODUCT_VIEWS_KEPT_DAYS}::int)`,
  );
}

import type { TImage, TLocalizedText } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, ref, tstz, updatedAt } from '../columns';
import { users } from './accounts';
import { stores } from './stores';

/** Maintained by the products_search trigger (migration 'catalog_search'); never written by code. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: ref('parent_id'),
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
    /**
     * The icon's picture: an upload reference (`/uploads/img/<xx>/<hash>-<width>.webp`, its smallest size), which is
     * also its public address; '' for none (the check below, migration 0051 cleared the old glyph names).
     */
    icon: text('icon').notNull().default(''),
    isRecommended: boolean('is_recommended').notNull().default(false),
    /** Hidden by staff: left out of the storefront tree and the seller's choice of category. */
    isHidden: boolean('is_hidden').notNull().default(false),
    names: jsonb('names').$type<TLocalizedText>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('categories_parent_idx').on(t.parentId, t.sort),
    check('categories_level_range', sql`${t.level} between 1 and 5`),
    // UPLOAD_REF_PATTERN of the contracts, written without backslashes.
    check(
      'categories_icon_upload_ref',
      sql`${t.icon} = '' or ${t.icon} ~ '^/uploads/img/[0-9a-f]{2}/[0-9a-f]{32}-[0-9]{1,5}[.]webp$'`,
    ),
  ],
);

/** Attribute of a product (colour, size, ...) with its values; variants refer to the codes. */
export type TProductAttributeDef = {
  code: string;
  names: TLocalizedText;
  values: { code: string; names: TLocalizedText }[];
};

export const products = pgTable(
  'products',
  {
    id: id(),
    storeId: ref('store_id')
      .notNull()
      .references(() => stores.id),
    categoryId: ref('category_id')
      .notNull()
      .references(() => categories.id),
    /** Level-1 and level-2 ancestors of category_id (trigger products_category_levels): lists of a whole branch walk one index. */
    categoryL1: ref('category_l1'),
    categoryL2: ref('category_l2'),
    /** Language the seller wrote in; names and descriptions fall back to it. */
    lang: text('lang').notNull().default('en'),
    names: jsonb('names').$type<TLocalizedText>().notNull(),
    descriptions: jsonb('descriptions').$type<TLocalizedText>().notNull().default({}),
    images: jsonb('images').$type<TImage[]>().notNull().default([]),
    attributes: jsonb('attributes').$type<TProductAttributeDef[]>().notNull().default([]),
    /** Current charged price without variant (discount price while on discount): filters and sorts. */
    price: money('price').notNull(),
    sellingPrice: money('selling_price').notNull(),
    originalPrice: money('original_price').notNull(),
    retailPrice: money('retail_price').notNull(),
    discountPrice: money('discount_price'),
    isDiscounted: boolean('is_discounted').notNull().default(false),
    discountEndsAt: tstz('discount_ends_at'),
    stock: integer('stock').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    pageViews: integer('page_views').notNull().default(0),
    dispatchFee: money('dispatch_fee').notNull().default(sql`0`),
    longDistanceFee: money('long_distance_fee').notNull().default(sql`0`),
    deliveryFee: money('delivery_fee').notNull().default(sql`0`),
    buyMin: integer('buy_min').notNull().default(1),
    isOnShelf: boolean('is_on_shelf').notNull().default(true),
    isRecommended: boolean('is_recommended').notNull().default(false),
    evaluationNum: integer('evaluation_num').notNull().default(0),
    goodCount: integer('good_count').notNull().default(0),
    mediumCount: integer('medium_count').notNull().default(0),
    badCount: integer('bad_count').notNull().default(0),
    photoCount: integer('photo_count').notNull().default(0),
    /** '|name1|name2|' lower-cased and unaccented over every language (trigger). */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector'),
    // Seller panel (issue 12). A deleted product stays (orders keep their history) but is off shelf for good;
    // a product taken down by staff is off shelf until staff restore it.
    code: text('code').notNull().default(''),
    buyMax: integer('buy_max'),
    weightGrams: integer('weight_grams').notNull().default(0),
    deletedAt: tstz('deleted_at'),
    takenDownReason: text('taken_down_reason'),
    takenDownAt: tstz('taken_down_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_store_idx').on(t.storeId, t.createdAt.desc()),
    // The seller panel's list (newest first, any page) and its count read this index alone.
    index('products_seller_list_idx')
      .on(t.storeId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // The seller panel's other views walk an index in their own order and stop after the page (and the
    // capped count): none of these columns changes at checkout, so checkout's stock update stays HOT.
    // Stock is the exception and has its own narrow table (productStockLevels below).
    index('products_seller_on_shelf_idx')
      .on(t.storeId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.isOnShelf}`),
    index('products_seller_off_shelf_idx')
      .on(t.storeId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and not ${t.isOnShelf}`),
    index('products_seller_sales_idx')
      .on(t.storeId, t.soldCount.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('products_seller_price_idx').on(t.storeId, t.price, t.id).where(sql`${t.deletedAt} is null`),
    // The console's product list sorted by price or sales, either way (db/list-sort.ts); not by stock (see
    // ADMIN_PRODUCT_SORTS).
    // A product code names one product of its shop: the import updates the product its code names, and two sharing
    // one had a file's rows of the first overwrite the second (QA seller #1). Empty is no code.
    uniqueIndex('products_store_code_key')
      .on(t.storeId, t.code)
      .where(sql`${t.deletedAt} is null and ${t.code} <> ''`),
    index('products_admin_price_idx').on(t.price, t.id).where(sql`${t.deletedAt} is null`),
    index('products_admin_sales_idx').on(t.soldCount, t.id).where(sql`${t.deletedAt} is null`),
    // The list indexes end in (price, store_id) though they never sort by them: a list filtered by price
    // in an active shop then reads the index alone. Without them a price range that matches few goods
    // read every product row of the category (85 ms instead of 3 ms at 100,000 products).
    index('products_category_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc(), t.price, t.storeId),
    index('products_newest_idx')
      .on(t.createdAt.desc(), t.id.desc(), t.price, t.storeId)
      .where(sql`${t.isOnShelf}`),
    index('products_sales_idx')
      .on(t.soldCount.desc(), t.id.desc(), t.price, t.storeId)
      .where(sql`${t.isOnShelf}`),
    index('products_price_idx').on(t.price, t.id, t.storeId).where(sql`${t.isOnShelf}`),
    index('products_discounted_idx').on(t.createdAt.desc()).where(sql`${t.isOnShelf} and ${t.isDiscounted}`),
    index('products_l1_newest_idx')
      .on(t.categoryL1, t.createdAt.desc(), t.id.desc(), t.price, t.storeId)
      .where(sql`${t.isOnShelf}`),
    index('products_l1_sales_idx')
      .on(t.categoryL1, t.soldCount.desc(), t.id.desc(), t.price, t.storeId)
      .where(sql`${t.isOnShelf}`),
    index('products_l1_price_idx').on(t.categoryL1, t.price, t.id, t.storeId).where(sql`${t.isOnShelf}`),
    index('products_l2_newest_idx')
      .on(t.categoryL2, t.createdAt.desc(), t.id.desc(), t.price, t.storeId)
      .where(sql`${t.isOnShelf}`),
    index('products_l2_sales_idx')
      .on(t.categoryL2, t.soldCount.desc(), t.id.desc(), t.price, t.storeId)
      .where(sql`${t.isOnShelf}`),
    index('products_l2_price_idx').on(t.categoryL2, t.price, t.id, t.storeId).where(sql`${t.isOnShelf}`),
    index('products_leaf_sales_idx')
      .on(t.categoryId, t.soldCount.desc(), t.id.desc(), t.price, t.storeId)
      .where(sql`${t.isOnShelf}`),
    // A leaf's newest first: products_category_idx holds off-shelf goods too, so walking it read every
    // product row to test is_on_shelf (1,000 row reads for page 50 of a leaf, cold from disk at a million).
    index('products_leaf_newest_idx')
      .on(t.categoryId, t.createdAt.desc(), t.id.desc(), t.price, t.storeId)
      .where(sql`${t.isOnShelf}`),
    index('products_leaf_price_idx').on(t.categoryId, t.price, t.id, t.storeId).where(sql`${t.isOnShelf}`),
    index('products_recommended_idx')
      .on(t.soldCount.desc())
      .where(sql`${t.isOnShelf} and ${t.isRecommended}`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_buy_min_positive', sql`${t.buyMin} >= 1`),
    check(
      'products_prices_nonnegative',
      sql`${t.price} >= 0 and ${t.sellingPrice} >= 0 and ${t.originalPrice} >= 0 and ${t.retailPrice} >= 0 and coalesce(${t.discountPrice}, 0) >= 0`,
    ),
    check(
      'products_counters_nonnegative',
      sql`${t.soldCount} >= 0 and ${t.evaluationNum} >= 0 and ${t.goodCount} >= 0 and ${t.mediumCount} >= 0 and ${t.badCount} >= 0 and ${t.photoCount} >= 0`,
    ),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** attribute code -> value code, e.g. { colour: 'red', size: 'xl' } */
    attrs: jsonb('attrs').$type<Record<string, string>>().notNull(),
    sku: text('sku').notNull().default(''),
    /** Own price; null means the product's price applies. */
    price: money('price'),
    stock: integer('stock').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.sort),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_variants_price_nonnegative', sql`coalesce(${t.price}, 0) >= 0`),
  ],
);

/**
 * The stock of each live (not deleted) product, kept apart from `products` so the seller panel can sort and
 * filter by stock through an index without putting `stock` in an index of `products` (which would end the HOT
 * update checkout makes on every order). Written by the trigger products_stock_levels (migration
 * 'seller_list_views', deferred to commit since 'low_stock_variants' so the variants written after their product
 * are read) on insert, on seller changes (they set updated_at) and on the sales fold (it sets sold_count), so it
 * trails checkouts by at most the fold's period; never written by code.
 */
export const productStockLevels = pgTable(
  'product_stock_levels',
  {
    productId: ref('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: ref('store_id').notNull(),
    stock: integer('stock').notNull(),
    /**
     * The lowest of the product's stock and its variants' (the low-stock filter and the dashboard's count read
     * it: a product with one variant nearly sold out is low on stock although its total is not).
     */
    leastStock: integer('least_stock').notNull().default(0),
  },
  (t) => [
    index('product_stock_levels_store_idx').on(t.storeId, t.stock, t.productId),
    index('product_stock_levels_least_idx').on(t.storeId, t.leastStock, t.productId),
  ],
);

/** Product reviews; the orders team links order_id when a review comes from an order. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: ref('store_id')
      .notNull()
      .references(() => stores.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    orderId: ref('order_id'),
    variantId: ref('variant_id'),
    rating: text('rating', { enum: ['good', 'medium', 'bad'] }).notNull(),
    content: text('content').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    /** The seller's one reply, shown under the review. */
    reply: text('reply'),
    repliedAt: tstz('replied_at'),
    hasPhotos: boolean('has_photos').notNull().generatedAlwaysAs(sql`cardinality(images) > 0`),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt.desc(), t.id.desc()),
    index('reviews_product_rating_idx').on(t.productId, t.rating, t.createdAt.desc()),
    index('reviews_product_photo_idx').on(t.productId, t.createdAt.desc()).where(sql`${t.hasPhotos}`),
    check('reviews_images_max', sql`cardinality(${t.images}) <= 9`),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    titles: jsonb('titles').$type<TLocalizedText>().notNull().default({}),
    /** Second line of text over the picture, per language. */
    subtitles: jsonb('subtitles').$type<TLocalizedText>().notNull().default({}),
    image: jsonb('image').$type<TImage>().notNull(),
    /** A picture for one language instead of `image` (e.g. Arabic only). */
    images: jsonb('images').$type<Partial<Record<string, TImage>>>().notNull().default({}),
    /** Shown only in these languages when not empty. */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: tstz('starts_at'),
    endsAt: tstz('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [index('banners_sort_idx').on(t.sort)],
);

export const HOME_PIN_SECTIONS = [
  'recommendGoods',
  'recommendStores',
  'newGoods',
  'hotGoods',
  'discountGoods',
  'recommendCategories',
] as const;

/** Home sections pinned by staff; the rest of each section is filled automatically. */
export const homePins = pgTable(
  'home_pins',
  {
    id: id(),
    section: text('section', { enum: HOME_PIN_SECTIONS }).notNull(),
    targetId: ref('target_id').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('home_pins_section_target_key').on(t.section, t.targetId)],
);

/** The current activity (activity/lottery!getCurrentActivity): the one active row whose schedule holds now. */
export const activities = pgTable('activities', {
  id: id(),
  titles: jsonb('titles').$type<TLocalizedText>().notNull().default({}),
  detailUrl: text('detail_url').notNull(),
  startsAt: tstz('starts_at'),
  endsAt: tstz('ends_at'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Last view per viewer and product: the guess-you-like signal. viewer is 'u<userId>' or 'v<visitorId>'. */
export const productViews = pgTable(
  'product_views',
  {
    viewer: text('viewer').notNull(),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: ref('category_id').notNull(),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_views_key').on(t.viewer, t.productId),
    index('product_views_recent_idx').on(t.viewer, t.viewedAt.desc()),
  ],
);

/**
 * Sold quantities (negative when an order is cancelled or refunded) not yet added to the sold counts of
 * products, variants and stores. Checkout appends here instead of raising the counters: raising them
 * rewrote every sales index of the product and waited on the shop's row, on the hottest write path. The
 * job catalog-fold-sales adds them up every few seconds (foldSalesTally). variant_id is set on the
 * variant's own line; the product line of the same sale has it null, so stores count each sale once.
 */
export const salesTally = pgTable('sales_tally', {
  // No key: rows are only appended and folded away in any order (by ctid), so an index would be pure cost.
  productId: ref('product_id').notNull(),
  variantId: ref('variant_id'),
  storeId: ref('store_id').notNull(),
  quantity: integer('quantity').notNull(),
});

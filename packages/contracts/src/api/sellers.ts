import { z } from 'zod';
import { PAGE_SIZE, STOCK_MAX } from '../constants';
import { LANGUAGES } from '../languages';
import { zSortQuery } from '../list-sort';
import { isMoneyString } from '../money';
import {
  requiredOrInvalid,
  V,
  withoutPhoneSeparators,
  zId,
  zInstant,
  zPageQuery,
  zWhole,
} from '../validation';
import { zPageOf } from './admin';
import { ZImage } from './catalog';
import { zUploadRef } from './upload-ref';

/**
 * Merchants and the seller panel: applications to open a shop, their review by staff, the seller's
 * products, stock, shop settings, review replies, settlement and dashboard (issue 12).
 */

export const PRODUCT_IMAGES_MAX = 9;
export const MERCHANT_DOCUMENTS_MAX = 9;
export const PRODUCT_ATTRIBUTES_MAX = 3;
export const ATTRIBUTE_VALUES_MAX = 30;
export const PRODUCT_VARIANTS_MAX = 200;
export const PRODUCT_TEXT_MAX = { name: 200, description: 10_000 } as const;
/** Prices are entered with at most this many decimals (USDT cents and hundredths of cents). */
export const PRICE_DECIMALS = 4;
/** Largest price or fee a seller may set (whole USDT): keeps totals far from the column's range. */
export const PRICE_MAX = 100_000_000;
export const IMPORT_ROWS_MAX = 20_000;
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
/**
 * What an XLSX may hold once unpacked: a CSV's limit of data with room for the spreadsheet's XML around each cell.
 * A zip of whitespace (1 MB unpacking to 1 GB) was read for seconds and written to a temporary file whole.
 */
export const IMPORT_XLSX_CONTENT_MAX_BYTES = 160 * 1024 * 1024;
/** Wider than any template (63 columns with every language): a wider sheet is refused before its rows are read. */
export const IMPORT_COLUMNS_MAX = 200;
export const BULK_IDS_MAX = 200;
export const LOW_STOCK_DEFAULT = 5;

/** Text without NUL or other C0 control characters except tab and newlines. */
const hasNoControlChars = (v: string) =>
  ![...v].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 32 && code !== 9 && code !== 10 && code !== 13;
  });
const zText = (max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .max(max, { error: V.tooLong })
    // Its own message: "This field is required" was said of a filled description holding an invisible U+0001.
    .refine(hasNoControlChars, { error: V.controlCharacter });
const zRequired = (max: number) => zText(max).refine((v) => v.length > 0, { error: V.required });

const zPriceText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(24, { error: V.priceTooHigh, abort: true })
    // "1,234.50" from a spreadsheet was told "at most 4 decimals", which did not say what was wrong.
    .refine((v) => /^-?\d*(\.\d*)?$/.test(v), { error: V.priceFormat, abort: true })
    .refine((v) => isMoneyString(v, PRICE_DECIMALS) && !v.startsWith('-'), { error: message, abort: true })
    .refine((v) => Number(v) <= PRICE_MAX, { error: V.priceTooHigh, abort: true });

/** A fee or a reference price: 0 or more. */
export const zPriceInput = zPriceText(V.price);
/**
 * What a buyer pays (a selling or a variant's price): above 0. "-1" said "at least 0", and 0 was then refused as
 * "above 0" by the server.
 */
export const zSalePriceInput = zPriceText(V.salePrice).refine((v) => Number(v) > 0, { error: V.salePrice });

/**
 * A stock count: its limit is checked first, so 10^20 (no longer a whole number to JavaScript) is "too high" rather
 * than "not a whole number", and above the limit is never "required" (zod's own message has no translation).
 */
const zStockCount = z
  .number({ error: V.integer })
  .max(STOCK_MAX, { error: V.stockTooHigh, abort: true })
  .int({ error: V.integer })
  .min(0, { error: V.stock });

const zLang = z.enum(LANGUAGES);
const zLocalized = (max: number) =>
  z.partialRecord(zLang, zText(max)).refine((r) => Object.keys(r).length <= LANGUAGES.length);

// ---------------------------------------------------------------- merchant applications

const SHOP_PHONE_PATTERN = /^\+?\d{8,15}$/;
/** Room for 15 digits written with spaces, dashes or brackets ("+49 (151) 1234-5678"). */
export const SHOP_PHONE_MAX_LENGTH = 24;

/** A shop's contact phone as the API takes it: 8 to 15 digits, spaces, dashes, dots and brackets left out. */
export function isShopPhone(value: string): boolean {
  return SHOP_PHONE_PATTERN.test(withoutPhoneSeparators(value.trim()));
}

export const MERCHANT_APPLICATION_STATUSES = ['submitted', 'reviewing', 'approved', 'rejected'] as const;
export type TMerchantApplicationStatus = (typeof MERCHANT_APPLICATION_STATUSES)[number];

export const ZMerchantApplicationRequest = z.strictObject({
  shopName: zRequired(64).refine((v) => v.length >= 2, { error: V.required }),
  logo: zUploadRef.nullable().default(null),
  categoryIds: z.array(zId).min(1, { error: V.required }).max(20),
  contactEmail: z
    .string({ error: requiredOrInvalid })
    .trim()
    .toLowerCase()
    .max(64, { error: V.tooLong })
    .regex(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/, { error: V.email }),
  contactPhone: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: V.required, abort: true })
    .max(SHOP_PHONE_MAX_LENGTH, { error: V.mobile })
    .overwrite(withoutPhoneSeparators)
    .regex(SHOP_PHONE_PATTERN, { error: V.mobile }),
  country: z
    .string({ error: requiredOrInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: requiredOrInvalid }),
  description: zText(2000).default(''),
  /** Ids of the applicant's own private documents (`POST /api/v1/merchant/documents`), not upload addresses. */
  documents: z.array(zId).min(1, { error: V.required }).max(MERCHANT_DOCUMENTS_MAX),
});
export type TMerchantApplicationRequest = z.input<typeof ZMerchantApplicationRequest>;

/**
 * An identity or business-licence picture of a merchant application: kept private by the server (never under
 * /uploads), read through `GET /api/v1/merchant/documents/:id` by its owner and
 * `GET /api/v1/admin/merchant-documents/:id` by staff with merchants.review.
 */
export const ZMerchantDocument = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TMerchantDocument = z.infer<typeof ZMerchantDocument>;

export const ZMerchantApplication = z.object({
  id: z.string(),
  status: z.enum(MERCHANT_APPLICATION_STATUSES),
  shopName: z.string(),
  logo: ZImage.nullable(),
  categoryIds: z.array(z.string()),
  contactEmail: z.string(),
  contactPhone: z.string(),
  country: z.string(),
  description: z.string(),
  documents: z.array(ZMerchantDocument),
  rejectReason: z.string().nullable(),
  storeId: z.string().nullable(),
  /** When the applicant last sent it (a rejected application is sent again on its own row). */
  submittedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TMerchantApplication = z.infer<typeof ZMerchantApplication>;

export const ZMyMerchantApplicationResponse = z.object({
  application: ZMerchantApplication.nullable(),
  /** The account already owns a shop (then it logs in to /seller). */
  hasStore: z.boolean(),
});
export type TMyMerchantApplicationResponse = z.infer<typeof ZMyMerchantApplicationResponse>;

/** What /merchantSettled shows: the promotion page if configured, otherwise the platform's terms. */
export const ZMerchantInfoResponse = z.object({
  promoUrl: z.string().nullable(),
  commissionRate: z.string(),
  settleDays: z.number().int(),
});
export type TMerchantInfoResponse = z.infer<typeof ZMerchantInfoResponse>;

export const ZAdminMerchantApplication = ZMerchantApplication.extend({
  userId: z.string(),
  username: z.string(),
  /**
   * Documents sent before they were kept private: public upload pictures, shown to staff as they are. Empty for
   * every application sent (or sent again) since.
   */
  legacyDocuments: z.array(ZImage),
});
export type TAdminMerchantApplication = z.infer<typeof ZAdminMerchantApplication>;

/**
 * What the console's application queue filters by: a status, or `waiting` (submitted or reviewing: every
 * application without a decision, its default view; opening an application marks it reviewing).
 */
export const MERCHANT_APPLICATION_FILTERS = ['waiting', ...MERCHANT_APPLICATION_STATUSES] as const;
export type TMerchantApplicationFilter = (typeof MERCHANT_APPLICATION_FILTERS)[number];

/** The application queue sorts by when an application was (last) sent; by default the latest change first. */
export const MERCHANT_APPLICATION_SORTS = ['submittedAt'] as const;
export type TMerchantApplicationSort = (typeof MERCHANT_APPLICATION_SORTS)[number];

export const ZAdminMerchantApplicationsQuery = zPageQuery(PAGE_SIZE.list).extend({
  status: z.enum(MERCHANT_APPLICATION_FILTERS).optional(),
  ...zSortQuery(MERCHANT_APPLICATION_SORTS),
});
export type TAdminMerchantApplicationsQuery = z.input<typeof ZAdminMerchantApplicationsQuery>;
export type TAdminMerchantApplicationsQueryParsed = z.output<typeof ZAdminMerchantApplicationsQuery>;
export const ZAdminMerchantApplicationsResponse = zPageOf(ZAdminMerchantApplication);
export type TAdminMerchantApplicationsResponse = z.infer<typeof ZAdminMerchantApplicationsResponse>;

/** A moderation reason, shown to the seller. */
export const MODERATION_REASON_MAX = 500;
export const ZReasonRequest = z.strictObject({ reason: zRequired(MODERATION_REASON_MAX) });
export type TReasonRequest = z.input<typeof ZReasonRequest>;

export const STORE_STATUS_VALUES = ['pending', 'active', 'suspended'] as const;
/** The console's shop list sorts by these; by default newest first (by id). */
export const ADMIN_STORE_SORTS = ['createdAt', 'goodsCount'] as const;
export type TAdminStoreSort = (typeof ADMIN_STORE_SORTS)[number];

export const ZAdminStoresQuery = zPageQuery(PAGE_SIZE.list).extend({
  keyword: zText(64).optional(),
  status: z.enum(STORE_STATUS_VALUES).optional(),
  ...zSortQuery(ADMIN_STORE_SORTS),
});
export type TAdminStoresQuery = z.input<typeof ZAdminStoresQuery>;
export type TAdminStoresQueryParsed = z.output<typeof ZAdminStoresQuery>;
export const ZAdminStore = z.object({
  id: z.string(),
  name: z.string(),
  ownerUsername: z.string(),
  status: z.enum(STORE_STATUS_VALUES),
  suspendedReason: z.string().nullable(),
  goodsCount: z.number().int(),
  createdAt: z.string(),
});
export type TAdminStore = z.infer<typeof ZAdminStore>;
export const ZAdminStoresResponse = zPageOf(ZAdminStore);
export type TAdminStoresResponse = z.infer<typeof ZAdminStoresResponse>;

/**
 * The console's product list sorts by these (sales: the sold count); by default newest first (by id). Not by stock:
 * an index on products.stock would cost checkout its HOT update ("The seller's product list" in docs/decisions.md),
 * and without one the sort reads every product.
 */
export const ADMIN_PRODUCT_SORTS = ['price', 'sales'] as const;
export type TAdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export const ZAdminProductsQuery = zPageQuery(PAGE_SIZE.list).extend({
  keyword: zText(64).optional(),
  storeId: zId.optional(),
  isTakenDown: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...zSortQuery(ADMIN_PRODUCT_SORTS),
});
export type TAdminProductsQuery = z.input<typeof ZAdminProductsQuery>;
export type TAdminProductsQueryParsed = z.output<typeof ZAdminProductsQuery>;
export const ZAdminProduct = z.object({
  id: z.string(),
  name: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  image: ZImage.nullable(),
  /** The price the storefront charges without a variant (products.price), as the seller's list shows it. */
  price: z.string(),
  soldCount: z.number().int(),
  isOnShelf: z.boolean(),
  takenDownReason: z.string().nullable(),
  takenDownAt: z.string().nullable(),
});
export type TAdminProduct = z.infer<typeof ZAdminProduct>;
export const ZAdminProductsResponse = zPageOf(ZAdminProduct);
export type TAdminProductsResponse = z.infer<typeof ZAdminProductsResponse>;

// ---------------------------------------------------------------- seller products

export const SELLER_PRODUCT_SORTS = [
  'newest',
  'oldest',
  'stockAsc',
  'sales',
  'priceAsc',
  'priceDesc',
] as const;
export type TSellerProductSort = (typeof SELLER_PRODUCT_SORTS)[number];
export const SELLER_PRODUCT_STATES = ['onShelf', 'offShelf', 'takenDown'] as const;
export type TSellerProductState = (typeof SELLER_PRODUCT_STATES)[number];

const zBoolQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const ZSellerProductsQuery = zPageQuery(PAGE_SIZE.list).extend({
  keyword: zText(64).optional(),
  categoryId: zId.optional(),
  state: z.enum(SELLER_PRODUCT_STATES).optional(),
  isLowStock: zBoolQuery,
  sort: z.enum(SELLER_PRODUCT_SORTS).default('newest'),
  /** The previous page's `nextCursor`: the page after it (pageNum is then not used). */
  after: zId.optional(),
});
/** Page numbers reach this many products; further pages are read with `after` (keyset), as deep as the list goes. */
export const SELLER_LIST_MAX_OFFSET = 10_000;
export type TSellerProductsQuery = z.input<typeof ZSellerProductsQuery>;
export type TSellerProductsQueryParsed = z.output<typeof ZSellerProductsQuery>;

export const ZSellerProductRow = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  image: ZImage.nullable(),
  categoryId: z.string(),
  price: z.string(),
  stock: z.number().int(),
  soldCount: z.number().int(),
  variantCount: z.number().int(),
  state: z.enum(SELLER_PRODUCT_STATES),
  takenDownReason: z.string().nullable(),
  isLowStock: z.boolean(),
  updatedAt: z.string(),
});
export type TSellerProductRow = z.infer<typeof ZSellerProductRow>;
export const ZSellerProductsResponse = zPageOf(ZSellerProductRow).extend({
  lowStockThreshold: z.number(),
  /** False when the shop has more matching products than were counted: `total` is then "at least". */
  isTotalExact: z.boolean(),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TSellerProductsResponse = z.infer<typeof ZSellerProductsResponse>;

export const ZProductAttributeInput = z.strictObject({
  name: zRequired(40),
  values: z.array(zRequired(40)).min(1, { error: V.required }).max(ATTRIBUTE_VALUES_MAX),
});
export const ZProductVariantInput = z.strictObject({
  /** One value per attribute, in the attributes' order. */
  values: z.array(zRequired(40)).min(1).max(PRODUCT_ATTRIBUTES_MAX),
  price: zSalePriceInput.nullable().default(null),
  stock: zStockCount,
  code: zText(64).default(''),
});
export type TProductVariantInput = z.input<typeof ZProductVariantInput>;

export const ZProductRequest = z.strictObject({
  categoryId: zId,
  names: zLocalized(PRODUCT_TEXT_MAX.name),
  descriptions: zLocalized(PRODUCT_TEXT_MAX.description).default({}),
  images: z.array(zUploadRef).min(1, { error: V.required }).max(PRODUCT_IMAGES_MAX),
  code: zText(64).default(''),
  sellingPrice: zSalePriceInput,
  retailPrice: zPriceInput.nullable().default(null),
  originalPrice: zPriceInput.nullable().default(null),
  discountPrice: zPriceInput.nullable().default(null),
  discountEndsAt: zInstant.nullable().default(null),
  stock: zStockCount.default(0),
  buyMin: zWhole(1, STOCK_MAX).default(1),
  buyMax: zWhole(1, STOCK_MAX).nullable().default(null),
  dispatchFee: zPriceInput.default('0'),
  longDistanceFee: zPriceInput.default('0'),
  deliveryFee: zPriceInput.default('0'),
  weightGrams: zWhole(0, 1_000_000_000).default(0),
  isOnShelf: z.boolean().default(true),
  attributes: z.array(ZProductAttributeInput).max(PRODUCT_ATTRIBUTES_MAX).default([]),
  variants: z.array(ZProductVariantInput).max(PRODUCT_VARIANTS_MAX).default([]),
});
export type TProductRequest = z.input<typeof ZProductRequest>;
export type TProductRequestParsed = z.output<typeof ZProductRequest>;

export const ZSellerProductDetail = z.object({
  id: z.string(),
  categoryId: z.string(),
  names: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  images: z.array(ZImage),
  code: z.string(),
  sellingPrice: z.string(),
  retailPrice: z.string(),
  originalPrice: z.string(),
  discountPrice: z.string().nullable(),
  discountEndsAt: z.string().nullable(),
  stock: z.number().int(),
  buyMin: z.number().int(),
  buyMax: z.number().int().nullable(),
  dispatchFee: z.string(),
  longDistanceFee: z.string(),
  deliveryFee: z.string(),
  weightGrams: z.number().int(),
  isOnShelf: z.boolean(),
  state: z.enum(SELLER_PRODUCT_STATES),
  takenDownReason: z.string().nullable(),
  attributes: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(
    z.object({
      id: z.string(),
      values: z.array(z.string()),
      price: z.string().nullable(),
      stock: z.number().int(),
      code: z.string(),
    }),
  ),
  updatedAt: z.string(),
});
export type TSellerProductDetail = z.infer<typeof ZSellerProductDetail>;

export const BULK_PRODUCT_ACTIONS = ['onShelf', 'offShelf', 'delete'] as const;
export const ZBulkProductsRequest = z.strictObject({
  ids: z.array(zId).min(1, { error: V.required }).max(BULK_IDS_MAX),
  action: z.enum(BULK_PRODUCT_ACTIONS),
});
export type TBulkProductsRequest = z.input<typeof ZBulkProductsRequest>;
export const ZBulkProductsResponse = z.object({ changed: z.number().int() });

// ---------------------------------------------------------------- stock

export const ZStockAdjustRequest = z.strictObject({
  variantId: zId.nullable().default(null),
  delta: zWhole(-STOCK_MAX, STOCK_MAX).refine((v) => v !== 0, { error: V.stockChangeZero }),
  reason: zRequired(200),
});
export type TStockAdjustRequest = z.input<typeof ZStockAdjustRequest>;

export const ZStockHistoryQuery = zPageQuery(PAGE_SIZE.list).extend({ productId: zId.optional() });
export type TStockHistoryQuery = z.input<typeof ZStockHistoryQuery>;
export type TStockHistoryQueryParsed = z.output<typeof ZStockHistoryQuery>;
export const ZStockAdjustment = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  variantId: z.string().nullable(),
  /** The variant's attribute values ("Red / M"); null for the product's own stock. `stockAfter` is the variant's. */
  variantName: z.string().nullable(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type TStockAdjustment = z.infer<typeof ZStockAdjustment>;
export const ZStockHistoryResponse = zPageOf(ZStockAdjustment);
export type TStockHistoryResponse = z.infer<typeof ZStockHistoryResponse>;
export const ZStockAdjustResponse = z.object({
  stock: z.number().int(),
  variantStock: z.number().int().nullable(),
});

// ---------------------------------------------------------------- shop settings

export const ZShopSettings = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(STORE_STATUS_VALUES),
  suspendedReason: z.string().nullable(),
  lang: z.enum(LANGUAGES),
  logo: ZImage.nullable(),
  banner: ZImage.nullable(),
  descriptions: z.record(z.string(), z.string()),
  contactEmail: z.string(),
  contactPhone: z.string(),
  shipFromCountry: z.string(),
  returnAddress: z.string(),
  lowStockThreshold: z.number().int(),
});
export type TShopSettings = z.infer<typeof ZShopSettings>;

export const ZShopSettingsRequest = z.strictObject({
  name: zRequired(64).refine((v) => v.length >= 2, { error: V.required }),
  lang: z.enum(LANGUAGES),
  logo: zUploadRef.nullable(),
  banner: zUploadRef.nullable(),
  descriptions: zLocalized(2000).default({}),
  contactEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(64, { error: V.tooLong })
    .regex(/^([^\s@]+@[^\s@]+\.[a-z]{2,})?$/, { error: V.email })
    .default(''),
  contactPhone: z
    .string()
    .trim()
    .max(SHOP_PHONE_MAX_LENGTH, { error: V.mobile })
    .overwrite(withoutPhoneSeparators)
    .refine((phone) => phone === '' || SHOP_PHONE_PATTERN.test(phone), { error: V.mobile })
    .default(''),
  shipFromCountry: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, { error: requiredOrInvalid })
    .default(''),
  returnAddress: zText(500).default(''),
  lowStockThreshold: zWhole(0, 1_000_000).default(LOW_STOCK_DEFAULT),
});
export type TShopSettingsRequest = z.input<typeof ZShopSettingsRequest>;

// ---------------------------------------------------------------- reviews

export const ZSellerReviewsQuery = zPageQuery(PAGE_SIZE.list).extend({ isReplied: zBoolQuery });
export type TSellerReviewsQuery = z.input<typeof ZSellerReviewsQuery>;
export type TSellerReviewsQueryParsed = z.output<typeof ZSellerReviewsQuery>;
export const ZSellerReview = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  rating: z.enum(['good', 'medium', 'bad']),
  content: z.string(),
  userName: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TSellerReview = z.infer<typeof ZSellerReview>;
export const ZSellerReviewsResponse = zPageOf(ZSellerReview);
export type TSellerReviewsResponse = z.infer<typeof ZSellerReviewsResponse>;
/** Most characters of a seller's reply to a review. */
export const REVIEW_REPLY_MAX = 1000;
export const ZReviewReplyRequest = z.strictObject({ content: zRequired(REVIEW_REPLY_MAX) });
export type TReviewReplyRequest = z.input<typeof ZReviewReplyRequest>;

// ---------------------------------------------------------------- settlement

export const zMonth = z
  .string({ error: requiredOrInvalid })
  .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: requiredOrInvalid });

export const ZSettlementQuery = zPageQuery(PAGE_SIZE.list).extend({ month: zMonth });
/** GET /api/v1/seller/settlement/statement.csv?month */
export const ZSettlementStatementQuery = z.strictObject({ month: zMonth, lang: z.string().optional() });
export type TSettlementQuery = z.input<typeof ZSettlementQuery>;
export const ZSettlementLine = z.object({
  orderNo: z.string(),
  settledAt: z.string(),
  goodsAmount: z.string(),
  commissionRate: z.string(),
  commission: z.string(),
  refunds: z.string(),
  net: z.string(),
});
export type TSettlementLine = z.infer<typeof ZSettlementLine>;
export const ZSettlementStatement = z.object({
  month: z.string(),
  orders: z.number().int(),
  goodsAmount: z.string(),
  commission: z.string(),
  refunds: z.string(),
  net: z.string(),
  lines: zPageOf(ZSettlementLine),
});
export type TSettlementStatement = z.infer<typeof ZSettlementStatement>;

// ---------------------------------------------------------------- dashboard

export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type TDashboardRange = (typeof DASHBOARD_RANGES)[number];
export const ZDashboardQuery = z.strictObject({
  range: z.enum(DASHBOARD_RANGES).default('7d'),
  lang: z.string().optional(),
});
export const ZSellerDashboard = z.object({
  range: z.enum(DASHBOARD_RANGES),
  gmv: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  productViews: z.number().int(),
  /** Orders per product view, "0.0000" to "1.0000"; null without views. */
  conversion: z.string().nullable(),
  /** Refunded orders per paid order; null without orders. */
  refundRate: z.string().nullable(),
  gmvByDay: z.array(z.object({ day: z.string(), gmv: z.string(), orders: z.number().int() })),
  topProducts: z.array(
    z.object({ productId: z.string(), name: z.string(), units: z.number().int(), gmv: z.string() }),
  ),
  pending: z.object({
    toShip: z.number().int(),
    refundRequests: z.number().int(),
    reminders: z.number().int(),
    lowStock: z.number().int(),
    unrepliedReviews: z.number().int(),
  }),
});
export type TSellerDashboard = z.infer<typeof ZSellerDashboard>;

// ---------------------------------------------------------------- import and export

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TImportFormat = (typeof IMPORT_FORMATS)[number];
export const ZImportFormatQuery = z.strictObject({
  format: z.enum(IMPORT_FORMATS).default('csv'),
  lang: z.string().optional(),
});
export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export const ZImportJob = z.object({
  id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  savedProducts: z.number().int(),
  /** savedProducts split: new products, and existing ones (same product code) updated. */
  createdProducts: z.number().int(),
  updatedProducts: z.number().int(),
  /**
   * Of createdProducts, those from rows without a product_code: such rows always add new products, so importing
   * the same file again adds them again (the dialog warns when this is above 0).
   */
  createdWithoutCode: z.number().int(),
  /** Rows not imported, each counted once whatever its reasons; `errors` lists at most the first 1000 reasons. */
  refusedRows: z.number().int(),
  errors: z.array(
    z.object({ row: z.number().int(), field: z.string(), code: z.string(), message: z.string() }),
  ),
  /** Set when the whole file was refused (broken quoting, wrong encoding, too many rows). */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TImportJob = z.infer<typeof ZImportJob>;

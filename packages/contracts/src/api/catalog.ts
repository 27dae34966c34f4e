import { z } from 'zod';
import { PAGE_SIZE, PAGE_SIZE_MAX, PRODUCT_SORTS } from '../constants';
import { LANGUAGES } from '../languages';
import { isMoneyString, parseMoney, type TMoney } from '../money';
import { requiredOrInvalid, V, zChoice, zId, zPageNum, zPageSize } from '../validation';
import { REVIEW_RATINGS } from './orders';

/** A picture as the web shows it: `url` is the largest variant, `srcset` lists every width. */
export const ZImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.string(),
});
export type TImage = z.infer<typeof ZImage>;

/** Texts kept per language, e.g. { en: 'Cotton T-shirt', de: 'Baumwoll-T-Shirt' }. */
export type TLocalizedText = Partial<Record<(typeof LANGUAGES)[number], string>>;

const zMoneyOut = z.string();

export const REVIEW_FILTERS = ['all', 'good', 'medium', 'bad', 'photo'] as const;
export type TReviewFilter = (typeof REVIEW_FILTERS)[number];

export const HOME_LISTS = ['recommended', 'new', 'hot', 'guess', 'discounted', 'stores'] as const;
export type THomeList = (typeof HOME_LISTS)[number];

/** Longest keyword the search looks at; longer input is cut, never refused. */
export const KEYWORD_MAX = 100;
export const SUGGEST_LIMIT = 10;

// ---------------------------------------------------------------------------------------------
// The one rule for the price that is charged.
// ---------------------------------------------------------------------------------------------

export type TPricedProduct = {
  sellingPrice: TMoney;
  discountPrice: TMoney | null;
  isDiscounted: boolean;
  discountEndsAt: Date | null;
};
export type TPricedVariant = { price: TMoney | null } | null | undefined;

/** Whether the product's discount applies at `now` (flag set, a discount price, not expired). */
export function isDiscountActive(product: TPricedProduct, now: Date = new Date()): boolean {
  return (
    product.isDiscounted &&
    product.discountPrice !== null &&
    (product.discountEndsAt === null || product.discountEndsAt.getTime() > now.getTime())
  );
}

/**
 * The unit price a buyer pays: the variant's own price when it has one, else the discount price while
 * the discount is active, else the selling price. Original and retail prices are only shown.
 */
export function chargedUnitPrice(
  product: TPricedProduct,
  variant?: TPricedVariant,
  now = new Date(),
): TMoney {
  if (variant && variant.price !== null) {
    return variant.price;
  }
  if (isDiscountActive(product, now)) {
    return product.discountPrice as TMoney;
  }
  return product.sellingPrice;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const zBoolQuery = zChoice(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const zPriceQuery = z
  .string()
  .trim()
  .refine((v) => isMoneyString(v) && !v.startsWith('-'), { error: V.amountOrZero })
  .transform((v) => parseMoney(v));

/** Removes what PostgreSQL cannot store in text (NUL) and caps the length; any script is fine. */
export const zKeyword = z.string({ error: requiredOrInvalid }).transform((v) =>
  Array.from(v.replace(/\p{Cc}/gu, ' ').trim())
    .slice(0, KEYWORD_MAX)
    .join('')
    .trim(),
);

export const zPageParams = (defaultSize: number) => ({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(defaultSize),
});

export const ZProductListQuery = z.object({
  categoryId: zId.optional(),
  storeId: zId.optional(),
  minPrice: zPriceQuery.optional(),
  maxPrice: zPriceQuery.optional(),
  isDiscounted: zBoolQuery.optional(),
  keyword: zKeyword.optional(),
  sort: zChoice(PRODUCT_SORTS).default('newest'),
  ...zPageParams(PAGE_SIZE.list),
});
export type TProductListQuery = z.output<typeof ZProductListQuery>;

export const ZHomeListParams = z.object({ list: zChoice(HOME_LISTS) });
export const ZHomeListQuery = z.object({ ...zPageParams(PAGE_SIZE.home) });

export const ZReviewListQuery = z.object({
  type: zChoice(REVIEW_FILTERS).default('all'),
  ...zPageParams(PAGE_SIZE.list),
});
export type TReviewListQuery = z.output<typeof ZReviewListQuery>;

export const ZStoreListQuery = z.object({ ...zPageParams(PAGE_SIZE.list) });
export const ZStoreProductsQuery = ZProductListQuery.omit({ storeId: true });

export const ZSearchQuery = z.object({ k: zKeyword, ...zPageParams(PAGE_SIZE.list) });
export type TSearchQuery = z.output<typeof ZSearchQuery>;
export const ZSuggestQuery = z.object({ k: zKeyword });

export const ZPageQuery = z.object({ ...zPageParams(PAGE_SIZE.list) });
export { PAGE_SIZE_MAX };

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const ZPageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    pageList: z.array(item),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export const ZCategoryNode: z.ZodType<TCategoryNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    level: z.number().int(),
    name: z.string(),
    /** The icon's picture address (an upload reference, `/uploads/img/...webp`, like an image's `url`); '' for none. */
    icon: z.string(),
    isRecommended: z.boolean(),
    children: z.array(ZCategoryNode),
  }),
);
export type TCategoryNode = {
  id: string;
  parentId: string | null;
  level: number;
  name: string;
  icon: string;
  isRecommended: boolean;
  children: TCategoryNode[];
};
export const ZCategoryTree = z.object({ categories: z.array(ZCategoryNode) });

export const ZProductCard = z.object({
  id: z.string(),
  name: z.string(),
  image: ZImage.nullable(),
  /** Charged unit price now (no variant chosen). */
  price: zMoneyOut,
  sellingPrice: zMoneyOut,
  originalPrice: zMoneyOut,
  discountPrice: zMoneyOut.nullable(),
  isDiscounted: z.boolean(),
  soldCount: z.number().int(),
  evaluationNum: z.number().int(),
  buyMin: z.number().int(),
  storeId: z.string(),
  storeName: z.string(),
  createdAt: z.string(),
});
export type TProductCard = z.infer<typeof ZProductCard>;
export const ZProductPage = ZPageOf(ZProductCard);
export type TProductPage = z.infer<typeof ZProductPage>;

export const ZStoreCard = z.object({
  id: z.string(),
  name: z.string(),
  logo: ZImage.nullable(),
  description: z.string(),
  followersCount: z.number().int(),
  soldCount: z.number().int(),
  pageViews: z.number().int(),
  /** good reviews / all reviews as a decimal string "0.9630", null before the first review. */
  favourableRate: z.string().nullable(),
  isRecommended: z.boolean(),
});
export type TStoreCard = z.infer<typeof ZStoreCard>;
export const ZStorePage = ZPageOf(ZStoreCard);

export const ZStoreDetail = ZStoreCard.extend({
  banner: ZImage.nullable(),
  lang: z.string(),
  goodsCount: z.number().int(),
  totalReviews: z.number().int(),
  isFollowed: z.boolean(),
  createdAt: z.string(),
});
export type TStoreDetail = z.infer<typeof ZStoreDetail>;

export const ZReviewCounts = z.object({
  all: z.number().int(),
  good: z.number().int(),
  medium: z.number().int(),
  bad: z.number().int(),
  photo: z.number().int(),
});
export type TReviewCounts = z.infer<typeof ZReviewCounts>;

export const ZProductAttribute = z.object({
  code: z.string(),
  name: z.string(),
  values: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const ZProductVariant = z.object({
  id: z.string(),
  /** attribute code -> value code */
  attrs: z.record(z.string(), z.string()),
  /** e.g. "Red / XL" in the request language. */
  name: z.string(),
  price: zMoneyOut,
  stock: z.number().int(),
});

export const ZProductDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Language of name and description (the request's, or the product's own when missing); LANGUAGE_TAGS for HTML. */
  textLang: z.enum(LANGUAGES),
  images: z.array(ZImage),
  categoryId: z.string(),
  categoryPath: z.array(z.object({ id: z.string(), name: z.string() })),
  price: zMoneyOut,
  retailPrice: zMoneyOut,
  originalPrice: zMoneyOut,
  sellingPrice: zMoneyOut,
  discountPrice: zMoneyOut.nullable(),
  isDiscounted: z.boolean(),
  discountEndsAt: z.string().nullable(),
  freight: z.object({
    dispatchFee: zMoneyOut,
    longDistanceFee: zMoneyOut,
    deliveryFee: zMoneyOut,
    total: zMoneyOut,
  }),
  stock: z.number().int(),
  soldCount: z.number().int(),
  pageViews: z.number().int(),
  buyMin: z.number().int(),
  maxBuy: z.number().int(),
  isOnShelf: z.boolean(),
  attributes: z.array(ZProductAttribute),
  variants: z.array(ZProductVariant),
  store: ZStoreCard,
  isFavourite: z.boolean(),
  evaluationNum: z.number().int(),
  reviewCounts: ZReviewCounts,
  createdAt: z.string(),
});
export type TProductDetail = z.infer<typeof ZProductDetail>;

export const ZReview = z.object({
  id: z.string(),
  rating: z.enum(REVIEW_RATINGS),
  content: z.string(),
  images: z.array(z.string()),
  reviewerName: z.string(),
  reviewerAvatar: z.number().int(),
  variantName: z.string().nullable(),
  createdAt: z.string(),
  /** The shop's one reply, shown under the review. */
  sellerReply: z.string().nullable().optional(),
});
export type TReview = z.infer<typeof ZReview>;
export const ZReviewPage = ZPageOf(ZReview);

export const ZBanner = z.object({
  id: z.string(),
  /** Drawn as text over the picture, in the request's language (English when that language has none). */
  title: z.string(),
  subtitle: z.string(),
  /** The picture for the request's language when one was set for it, else the common one. */
  image: ZImage,
  link: z.string(),
});

export const ZHomeResponse = z.object({
  banners: z.array(ZBanner),
  categories: z.array(ZCategoryNode),
  recommended: z.array(ZProductCard),
  new: z.array(ZProductCard),
  hot: z.array(ZProductCard),
  guess: z.array(ZProductCard),
  discounted: z.array(ZProductCard),
  stores: z.array(ZStoreCard),
});
export type THomeResponse = z.infer<typeof ZHomeResponse>;

export const ZHomeListResponse = z.object({
  products: ZProductPage.optional(),
  stores: ZStorePage.optional(),
});

export const ZSuggestResponse = z.object({
  keyword: z.string(),
  goods: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Whether to show the "search stores for <keyword>" entry. */
  storesEntry: z.boolean(),
});

/** SPEC §3 search response. */
export const ZSearchResponse = z.object({
  goodsList: z.array(z.object({ id: z.string(), name: z.string() })),
  sellerList: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

export const ZViewResponse = z.object({ pageViews: z.number().int() });

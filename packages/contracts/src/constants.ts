/** Business constants of SPEC §9. Values the platform may tune live in system parameters instead. */
export const CHAT_POLL_MS = 5_000;
export const UNREAD_POLL_MS = 30_000;
export const HEARTBEAT_MS = 5 * 60_000;
export const WEBSOCKET_RETRY_MS = 1_000;
export const REQUEST_TIMEOUT_MS = 15_000;
export const TOAST_DEBOUNCE_MS = 500;
export const RECHARGE_FAILURE_REDIRECT_MS = 2_500;
export const KEYWORD_WARNING_MS = 1_500;
export const CHAT_DIALOG = { width: 480, height: 680 } as const;

export const HEADER_SHRINK_PX = 78;
export const BACK_TO_TOP_PX = 100;
export const CART_DRAWER_PX = 400;

export const SHIP_WITHIN_HOURS = 24;
export const RETURN_WITHIN_DAYS = 7;

export const LOCKOUT_STREAK = 3;
export const LOCKOUT_MINUTES = 3;
export const LOCKOUT_DAILY_MAX = 10;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const USERNAME_MIN = 6;
export const USERNAME_MAX = 30;
export const MOBILE_MIN_DIGITS = 8;
export const EMAIL_MAX = 64;
export const CONSIGNEE_MAX = 64;
export const POSTCODE_MAX = 32;
export const REVIEW_IMAGES_MAX = 9;
export const SEARCH_HISTORY_MAX = 10;
export const MAX_BUY_DEFAULT = 500;
export const FOLLOW_LIMIT_DEFAULT = 500;
export const FAVOURITE_LIMIT_DEFAULT = 1000;
export const AVATAR_DEFAULT = 1;
export const RECHARGE_DECIMALS = 2;
export const RECHARGE_MIN = '1';
export const BOUND_WITHDRAW_ADDRESSES = 1;
export const LOAN_MIN = 100_000;
export const LOAN_MAX = 30_000_000;
export const LOAN_MAX_TERM_DAYS = 365;

export const PAGE_SIZE = { home: 12, list: 20, recharge: 8 } as const;
export const PAGE_SIZE_MAX = 100;
/** Loans of the history a page of My loans shows. */
export const MY_LOANS_PAGE_SIZE = 10;

/** Order list status codes of SPEC §3. */
export const ORDER_STATUS = {
  cancelled: -1,
  pendingPayment: 0,
  paid: 1,
  confirmed: 2,
  shipped: 3,
  received: 4,
  reviewed: 5,
  refund: 6,
} as const;

export const CANCEL_REASON_CODES = [0, 1, 2, 3, 4] as const;
export const RETURN_REASON_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/**
 * The reasons that fit an order not yet shipped (paid or confirmed): no longer needed, ordered by mistake, other.
 * The others (not as described, wrong item, damaged, missing parts, quality, arrived late) are about goods the
 * buyer has received; the form offers only these before shipping and the server refuses the rest.
 */
export const RETURN_REASON_CODES_BEFORE_SHIPPING = [7, 8, 9] as const;

/** The return reasons a refund request may give: before shipping only those in RETURN_REASON_CODES_BEFORE_SHIPPING. */
export function returnReasonCodesFor(isBeforeShipping: boolean): readonly number[] {
  return isBeforeShipping ? RETURN_REASON_CODES_BEFORE_SHIPPING : RETURN_REASON_CODES;
}

/** Sorts of the product lists; here rather than in api/catalog.ts so a page can read them without zod. */
export const PRODUCT_SORTS = ['newest', 'sales', 'priceAsc', 'priceDesc'] as const;
export type TProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The id of the JSON data block a server-rendered page carries its state in (the web app's app/server-state.ts):
 * parsed as JSON it costs the phone less than the same object as a script (compiled, then run) did.
 */
export const SERVER_STATE_ELEMENT_ID = 'caravan-state';

/**
 * The storefront's policy pages (`/privacy-policy`, ...; the path is also the web app's `pages` dictionary key,
 * camel-cased) and help topics (`/help/:topic`): the web app renders them, the server gives them routes of their
 * own (http/web.ts).
 */
export const POLICY_PAGES = [
  'privacy-policy',
  'return-policy',
  'delivery',
  'shipping-policy',
  'about',
] as const;
export const HELP_TOPICS = [
  'buyer-rules',
  'seller-policy',
  'service-policy',
  'modern-slavery',
  'news',
  'recruitment',
  'careers',
  'partners',
] as const;

/**
 * The public storefront's pages (issue 11): the server renders them, sends them without Cross-Origin-Opener-Policy
 * and gives them routes of their own (http/web.ts); the web app leaves a storefront document for any other page with
 * a new load (apps/web/src/app/opener-policy.ts). STOREFRONT_SEGMENT_PATHS take one more path segment (a search
 * keyword, a help topic).
 */
export const STOREFRONT_PATHS: readonly string[] = [
  '/index',
  '/classification',
  '/commodity',
  '/discounted',
  '/information',
  '/download',
  '/productDetails',
  '/store',
  '/searchGoods',
  '/searchStore',
  '/subscription/confirm',
  '/subscription/unsubscribe',
  ...POLICY_PAGES.map((name) => `/${name}`),
];
export const STOREFRONT_SEGMENT_PATHS: readonly string[] = ['/searchResult', '/help'];

const STOREFRONT_PATH_SET = new Set(STOREFRONT_PATHS);
const STOREFRONT_SEGMENT_PATH_SET = new Set(STOREFRONT_SEGMENT_PATHS);

/** Whether a path (without its query) is one of the storefront's pages; asked on every page request. */
export function isStorefrontPath(pathname: string): boolean {
  if (STOREFRONT_PATH_SET.has(pathname)) {
    return true;
  }
  const slash = pathname.lastIndexOf('/');
  return (
    slash > 0 && slash < pathname.length - 1 && STOREFRONT_SEGMENT_PATH_SET.has(pathname.slice(0, slash))
  );
}

const STOREFRONT_BY_LOWER_CASE = new Map(STOREFRONT_PATHS.map((page) => [page.toLowerCase(), page]));
const SEGMENT_BY_LOWER_CASE = new Map(STOREFRONT_SEGMENT_PATHS.map((page) => [page.toLowerCase(), page]));

/**
 * The storefront page a path names in another spelling (`/ProductDetails`, `/store/`, `/searchresult/wool`), spelt as
 * isStorefrontPath takes it; null for any other path. The browser's router takes such spellings (it ignores case and
 * a trailing slash), so the server sends them to the page's own address (http/web.ts).
 */
export function storefrontSpelling(pathname: string): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = STOREFRONT_BY_LOWER_CASE.get(trimmed.toLowerCase());
  if (page) {
    return page;
  }
  const slash = trimmed.lastIndexOf('/');
  const prefix = slash > 0 ? SEGMENT_BY_LOWER_CASE.get(trimmed.slice(0, slash).toLowerCase()) : undefined;
  return prefix && slash < trimmed.length - 1 ? `${prefix}${trimmed.slice(slash)}` : null;
}

/** Largest stock a product or variant may hold, and so the largest quantity a cart or order line may ask for. */
export const STOCK_MAX = 100_000_000;

/**
 * A buyer session exists (value `1`): set and cleared with the httpOnly session cookie, readable by the page, so a
 * browser whose storage lost the user info asks for its profile once instead of showing the visitor's header. It
 * proves nothing; the session cookie alone authorises.
 */
export const BUYER_SESSION_MARKER_COOKIE = 'caravan_signed_in';

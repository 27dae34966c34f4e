import {
  type TCategoryNode,
  type TLanguage,
  ZCategoryTree,
  ZHomeListParams,
  ZHomeListQuery,
  ZHomeListResponse,
  ZHomeResponse,
  ZIdParams,
  ZPageQuery,
  ZProductDetail,
  ZProductListQuery,
  ZProductPage,
  ZReviewCounts,
  ZReviewListQuery,
  ZReviewPage,
  ZSearchQuery,
  ZSearchResponse,
  ZStoreDetail,
  ZStorePage,
  ZStoreProductsQuery,
  ZSuggestQuery,
} from '@caravan/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { CACHE_TTL, deepFreeze, pageCache } from './cache';
import { getCategoryTree } from './categories';
import { getHome, getHomeList } from './home';
import { getProductDetail, listProducts } from './products';
import { getReviewCounts, listReviews } from './reviews';
import { searchAll, searchGoods, searchStores } from './search';
import { findSharedPages, loadSharedPage, type TPageCodec } from './shared-pages';
import { getStoreDetail, listStores } from './stores';

type TQuery = Record<string, string>;
type TReader = (db: Database, lang: TLanguage, match: RegExpMatchArray, query: TQuery) => Promise<unknown>;

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED');
  }
  return result.data;
}

/** asSent's answers by schema and by the answer read (the catalogue cache hands out the same object while cached). */
const sentForms = new WeakMap<z.ZodType, WeakMap<object, unknown>>();

/**
 * Whether a tree holds only what JSON writes and reads back as it is, freezing the objects on the way that are not
 * frozen yet, with their keys holding undefined dropped (as JSON.stringify leaves them out). For a tree the
 * schema's encode has just made from a frozen answer: its objects are its own, or frozen already and left as they
 * are. False for a Date, an object of a class, a number JSON cannot write, undefined in an array or in a frozen
 * object: the caller then takes the JSON round trip.
 */
function freezeAsJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') {
    return true;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) && !Object.is(value, -0);
  }
  if (typeof value !== 'object') {
    return false;
  }
  const isOwn = !Object.isFrozen(value);
  if (Array.isArray(value)) {
    if (isOwn) {
      Object.freeze(value);
    }
    return value.every((item) => item !== undefined && freezeAsJson(item));
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) {
    return false;
  }
  const record = value as Record<string, unknown>;
  if (isOwn) {
    for (const key of Object.keys(record)) {
      if (record[key] === undefined) {
        delete record[key];
      }
    }
    Object.freeze(record);
  }
  return Object.values(record).every((item) => item !== undefined && freezeAsJson(item));
}

/** A tree as JSON reads it back, frozen. */
function frozenJsonOf(value: unknown): unknown {
  return deepFreeze(JSON.parse(JSON.stringify(value)) as unknown);
}

/**
 * What the API would send: the same schema walk as the response serializer (unknown keys dropped), as JSON. Made
 * once per answer of the catalogue cache (frozen, so it cannot change) and shared, frozen too, by every page
 * rendered from it: the schema walk and the JSON round trip were 3 % of the server's CPU under the page bench
 * (issue 11). The round trip itself (2 % more, a product page's answer written and read back) is skipped where the
 * encoded answer is already what JSON would give back.
 */
export function asSent<S extends z.ZodType>(schema: S, value: unknown): unknown {
  // Only a frozen answer (the catalogue cache's) is sure to read the same next time.
  const isKeyable = typeof value === 'object' && value !== null && Object.isFrozen(value);
  let forms = sentForms.get(schema);
  const known = isKeyable ? forms?.get(value) : undefined;
  if (known !== undefined) {
    return known;
  }
  const encoded: unknown = schema.encode(value as z.output<S>);
  // From an answer that is not frozen, the encoded tree may share the caller's objects: those are not changed here.
  const sent = isKeyable && freezeAsJson(encoded) ? encoded : frozenJsonOf(encoded);
  if (isKeyable) {
    if (!forms) {
      forms = new WeakMap();
      sentForms.set(schema, forms);
    }
    forms.set(value, sent);
  }
  return sent;
}

const ANONYMOUS = { key: null, userId: null };

/** The category tree's answer, one frozen object per tree, so asSent makes its sent form once per tree. */
const categoryTreeAnswers = new WeakMap<TCategoryNode[], { categories: TCategoryNode[] }>();

function categoryTreeAnswer(tree: TCategoryNode[]): { categories: TCategoryNode[] } {
  let answer = categoryTreeAnswers.get(tree);
  if (!answer) {
    answer = Object.freeze({ categories: tree });
    categoryTreeAnswers.set(tree, answer);
  }
  return answer;
}

/**
 * The public catalogue reads a server-rendered page makes, keyed by the API path the web app's query hooks
 * call. The answers are those of the HTTP routes (routes.ts) for an anonymous visitor, so the data handed to
 * the browser equals what it would have fetched itself.
 */
const READERS: Array<[RegExp, TReader]> = [
  [/^\/catalog\/home$/, async (db, lang) => asSent(ZHomeResponse, await getHome(db, lang, ANONYMOUS))],
  [
    /^\/catalog\/home\/([^/]+)$/,
    async (db, lang, match, query) => {
      const { list } = parse(ZHomeListParams, { list: match[1] });
      const page = parse(ZHomeListQuery, query);
      return asSent(ZHomeListResponse, await getHomeList(db, lang, list, page, ANONYMOUS));
    },
  ],
  [
    /^\/catalog\/categories$/,
    async (db, lang) => asSent(ZCategoryTree, categoryTreeAnswer(await getCategoryTree(db, lang))),
  ],
  [
    /^\/catalog\/products$/,
    async (db, lang, _match, query) =>
      asSent(ZProductPage, await listProducts(db, lang, parse(ZProductListQuery, query))),
  ],
  [
    /^\/catalog\/products\/([^/]+)$/,
    async (db, lang, match) => {
      const { id } = parse(ZIdParams, { id: match[1] });
      return asSent(ZProductDetail, await getProductDetail(db, lang, id, null));
    },
  ],
  [
    /^\/catalog\/products\/([^/]+)\/reviews$/,
    async (db, lang, match, query) => {
      const { id } = parse(ZIdParams, { id: match[1] });
      return asSent(ZReviewPage, await listReviews(db, id, parse(ZReviewListQuery, query), lang));
    },
  ],
  [
    /^\/catalog\/products\/([^/]+)\/reviews\/counts$/,
    async (db, _lang, match) => {
      const { id } = parse(ZIdParams, { id: match[1] });
      return asSent(ZReviewCounts, await getReviewCounts(db, id));
    },
  ],
  [
    /^\/catalog\/stores$/,
    async (db, _lang, _match, query) => {
      const page = parse(ZPageQuery, query);
      return asSent(ZStorePage, await listStores(db, page.pageNum, page.pageSize));
    },
  ],
  [
    /^\/catalog\/stores\/([^/]+)$/,
    async (db, lang, match) => {
      const { id } = parse(ZIdParams, { id: match[1] });
      return asSent(ZStoreDetail, await getStoreDetail(db, lang, id, null));
    },
  ],
  [
    /^\/catalog\/stores\/([^/]+)\/products$/,
    async (db, lang, match, query) => {
      const { id } = parse(ZIdParams, { id: match[1] });
      const filters = parse(ZStoreProductsQuery, query);
      await getStoreDetail(db, lang, id, null);
      return asSent(ZProductPage, await listProducts(db, lang, { ...filters, storeId: id }));
    },
  ],
  [
    /^\/catalog\/search\/goods$/,
    async (db, lang, _match, query) =>
      asSent(ZProductPage, await searchGoods(db, lang, parse(ZSearchQuery, query))),
  ],
  [
    /^\/catalog\/search\/stores$/,
    async (db, _lang, _match, query) =>
      asSent(ZStorePage, await searchStores(db, parse(ZSearchQuery, query))),
  ],
  [
    /^\/catalog\/search$/,
    async (db, lang, _match, query) =>
      asSent(ZSearchResponse, await searchAll(db, lang, parse(ZSuggestQuery, query).k)),
  ],
];

/** Whether a server-rendered page can read this API path in-process (anything else loads in the browser). */
export function isPublicCatalogPath(path: string): boolean {
  return READERS.some(([pattern]) => pattern.test(path));
}

/**
 * Reads one public catalogue answer in-process for server rendering (no HTTP to ourselves). Throws AppError
 * like the route would; returns undefined for a path that is not public catalogue data.
 */
export async function readPublicCatalog(
  db: Database,
  lang: TLanguage,
  path: string,
  query: TQuery,
): Promise<unknown> {
  for (const [pattern, read] of READERS) {
    const match = path.match(pattern);
    if (match) {
      return read(db, lang, match, query);
    }
  }
  return undefined;
}

/**
 * Server-rendered public pages, cached per URL and language for a few seconds in a cache of their own (pageCache,
 * within PAGE_CACHE_MAX_BYTES by `sizeOf`), which clearCatalogCache() (any catalogue change) drops together with the
 * data they show. With REDIS_URL (and PAGE_CACHE_SHARED) a page rendered by one process serves the others too
 * (shared-pages.ts); `codec` turns it into bytes for that.
 */
export function cachePublicPage<T>(
  db: Database,
  key: string,
  render: () => Promise<T>,
  options: {
    sizeOf: (page: T) => number;
    shared?: { codec: TPageCodec<T>; onError: (error: unknown) => void };
  },
): Promise<T> {
  const { sizeOf, shared } = options;
  const store = shared && findSharedPages(db);
  if (!store || !shared) {
    return pageCache(db).getOrLoad(key, CACHE_TTL.page, render, sizeOf);
  }
  return pageCache(db).getOrLoadAged(
    key,
    CACHE_TTL.page,
    (hasStale) => loadSharedPage({ store, key, ttlMs: CACHE_TTL.page, hasStale, render, ...shared }),
    sizeOf,
  );
}

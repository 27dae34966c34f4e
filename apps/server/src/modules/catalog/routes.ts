import {
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
  ZSuggestResponse,
  ZViewResponse,
} from '@caravan/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOG_CACHE_TOPIC, forgetCatalogAnswers } from './cache';
import { getCategoryTree } from './categories';
import { getHome, getHomeList } from './home';
import { getProductDetail, listProducts, recordProductView, refreshExpiredDiscounts } from './products';
import { getReviewCounts, listReviews } from './reviews';
import { searchAll, searchGoods, searchStores, suggest } from './search';
import { attachSharedPages, SharedPageStore } from './shared-pages';
import { getStoreDetail, listStores, recordStoreView } from './stores';
import { ensureViewerKey, viewerKey } from './viewer';

const TAGS = ['catalog'];

/** One counted view per viewer per page in this window (issue 10 defect 8). */
export const VIEW_WINDOW_MS = 30 * 60_000;
/** Counted views per client IP per minute; more still answer, without counting. */
export const VIEWS_PER_IP_PER_MINUTE = 60;

/**
 * Whether a page view counts: the first of this viewer (cookie, else IP) on this page in VIEW_WINDOW_MS,
 * and within the IP's VIEWS_PER_IP_PER_MINUTE. Kept in the shared counters (Redis with REDIS_URL), so
 * reloading, a script or several processes cannot inflate the counters.
 */
async function isViewCounted(
  app: FastifyInstance,
  request: FastifyRequest,
  page: string,
  viewer: string | null,
): Promise<boolean> {
  const who = viewer ? `v:${viewer}` : `ip:${request.ip}`;
  if ((await app.counters.hit(`views-ip:${request.ip}`, 60_000)) > VIEWS_PER_IP_PER_MINUTE) {
    return false;
  }
  return app.counters.claim(`view:${page}:${who}`, VIEW_WINDOW_MS);
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Another process changed the catalogue: drop this process's cached answers too (cache.ts).
  const unsubscribe = app.bus.subscribe(CATALOG_CACHE_TOPIC, () => {
    forgetCatalogAnswers(app.deps.db);
    forgetCatalogAnswers(app.deps.readDb);
  });
  app.addHook('onClose', async () => unsubscribe());
  const { redis, config } = app.deps;
  if (redis && config.PAGE_CACHE_SHARED) {
    // Server-rendered pages are shared by the processes through Redis, under the installation's prefix.
    const store = new SharedPageStore(redis, `${config.BUS_CHANNEL_PREFIX}page:`, (error) =>
      app.log.warn({ err: error }, 'shared page cache error'),
    );
    attachSharedPages(app.deps.db, store);
    attachSharedPages(app.deps.readDb, store);
  }
  const db = () => app.deps.readDb;
  const listHook = { onRequest: async () => refreshExpiredDiscounts(app.deps.db) };

  app.get(
    '/api/v1/catalog/home',
    {
      ...listHook,
      preHandler: app.optionalUser,
      schema: {
        tags: TAGS,
        summary: 'Everything the home page shows (12 per list)',
        response: { 200: ZHomeResponse },
      },
    },
    async (request) =>
      getHome(db(), request.lang, { key: viewerKey(request), userId: request.user?.id ?? null }),
  );

  app.get(
    '/api/v1/catalog/home/:list',
    {
      ...listHook,
      preHandler: app.optionalUser,
      schema: {
        tags: TAGS,
        summary: 'One home list, paged ("more")',
        params: ZHomeListParams,
        querystring: ZHomeListQuery,
        response: { 200: ZHomeListResponse },
      },
    },
    async (request) =>
      getHomeList(db(), request.lang, request.params.list, request.query, {
        key: viewerKey(request),
        userId: request.user?.id ?? null,
      }),
  );

  app.get(
    '/api/v1/catalog/categories',
    { schema: { tags: TAGS, summary: 'Category tree', response: { 200: ZCategoryTree } } },
    async (request) => ({ categories: await getCategoryTree(db(), request.lang) }),
  );

  app.get(
    '/api/v1/catalog/products',
    {
      ...listHook,
      schema: {
        tags: TAGS,
        summary: 'Products with filters and sorts',
        querystring: ZProductListQuery,
        response: { 200: ZProductPage },
      },
    },
    async (request) => listProducts(db(), request.lang, request.query),
  );

  app.get(
    '/api/v1/catalog/products/:id',
    {
      preHandler: app.optionalUser,
      schema: { tags: TAGS, summary: 'Product detail', params: ZIdParams, response: { 200: ZProductDetail } },
    },
    async (request) => getProductDetail(db(), request.lang, request.params.id, request.user?.id ?? null),
  );

  app.post(
    '/api/v1/catalog/products/:id/view',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: TAGS,
        summary: 'Count a product page view',
        params: ZIdParams,
        response: { 200: ZViewResponse },
      },
    },
    async (request, reply) => {
      const viewer = ensureViewerKey(request, reply);
      const isCounted = await isViewCounted(app, request, `p:${request.params.id}`, viewer);
      return { pageViews: await recordProductView(app.deps.db, request.params.id, viewer, isCounted) };
    },
  );

  app.get(
    '/api/v1/catalog/products/:id/reviews',
    {
      schema: {
        tags: TAGS,
        summary: 'Reviews of a product by class',
        params: ZIdParams,
        querystring: ZReviewListQuery,
        response: { 200: ZReviewPage },
      },
    },
    async (request) => listReviews(db(), request.params.id, request.query, request.lang),
  );

  app.get(
    '/api/v1/catalog/products/:id/reviews/counts',
    {
      schema: {
        tags: TAGS,
        summary: 'Review counts per class',
        params: ZIdParams,
        response: { 200: ZReviewCounts },
      },
    },
    async (request) => getReviewCounts(db(), request.params.id),
  );

  app.get(
    '/api/v1/catalog/stores',
    {
      schema: {
        tags: TAGS,
        summary: 'Stores, recommended first',
        querystring: ZPageQuery,
        response: { 200: ZStorePage },
      },
    },
    async (request) => listStores(db(), request.query.pageNum, request.query.pageSize),
  );

  app.get(
    '/api/v1/catalog/stores/:id',
    {
      preHandler: app.optionalUser,
      schema: {
        tags: TAGS,
        summary: 'Store page header',
        params: ZIdParams,
        response: { 200: ZStoreDetail },
      },
    },
    async (request) => getStoreDetail(db(), request.lang, request.params.id, request.user?.id ?? null),
  );

  app.get(
    '/api/v1/catalog/stores/:id/products',
    {
      ...listHook,
      schema: {
        tags: TAGS,
        summary: "A store's products (in-shop search with keyword)",
        params: ZIdParams,
        querystring: ZStoreProductsQuery,
        response: { 200: ZProductPage },
      },
    },
    async (request) => {
      await getStoreDetail(db(), request.lang, request.params.id, null);
      return listProducts(db(), request.lang, { ...request.query, storeId: request.params.id });
    },
  );

  app.post(
    '/api/v1/catalog/stores/:id/view',
    {
      schema: {
        tags: TAGS,
        summary: 'Count a store page view',
        params: ZIdParams,
        response: { 200: ZViewResponse },
      },
    },
    async (request, reply) => {
      const viewer = ensureViewerKey(request, reply);
      const isCounted = await isViewCounted(app, request, `s:${request.params.id}`, viewer);
      return { pageViews: await recordStoreView(app.deps.db, request.params.id, isCounted) };
    },
  );

  app.get(
    '/api/v1/catalog/search/suggest',
    {
      schema: {
        tags: TAGS,
        summary: 'Suggestions while typing',
        querystring: ZSuggestQuery,
        response: { 200: ZSuggestResponse },
      },
    },
    async (request) => suggest(db(), request.lang, request.query.k),
  );

  app.get(
    '/api/v1/catalog/search/goods',
    {
      ...listHook,
      schema: {
        tags: TAGS,
        summary: 'Goods matching a keyword',
        querystring: ZSearchQuery,
        response: { 200: ZProductPage },
      },
    },
    async (request) => searchGoods(db(), request.lang, request.query),
  );

  app.get(
    '/api/v1/catalog/search/stores',
    {
      schema: {
        tags: TAGS,
        summary: 'Stores matching a keyword',
        querystring: ZSearchQuery,
        response: { 200: ZStorePage },
      },
    },
    async (request) => searchStores(db(), request.query),
  );

  app.get(
    '/api/v1/catalog/search',
    {
      schema: {
        tags: TAGS,
        summary: 'Goods and sellers matching a keyword (SPEC §3)',
        querystring: ZSuggestQuery,
        response: { 200: ZSearchResponse },
      },
    },
    async (request) => searchAll(db(), request.lang, request.query.k),
  );
};

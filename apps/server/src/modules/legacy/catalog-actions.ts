import {
  type TCategoryNode,
  ZHomeListQuery,
  ZIdParams,
  ZOrderNoParams,
  ZProductListQuery,
  ZReviewOrderRequest,
} from '@caravan/contracts';
import {
  getCategoryTree,
  getHome,
  getHomeList,
  getRecommendedCategories,
  getStoreDetail,
  listProducts,
  refreshExpiredDiscounts,
  viewerKey,
} from '../catalog';
import { reviewOrder, toOrderInfo } from '../orders';
import { findLegacyUser, LEGACY_ORDER_NO, LEGACY_PAGE, readImages } from './params';
import {
  findLegacyAction,
  mapLegacyParams,
  parseLegacy,
  READ_ONLY,
  registerLegacyAction,
  requireLegacyUser,
  type TLegacyActionOptions,
  type TLegacyContext,
  type TLegacyHandler,
} from './registry';

/**
 * The catalogue calls of SPEC §7 that shop-actions.ts does not answer. That file is loaded
 * first and owns its names: a name it registers (now or later) is skipped here rather than shadowed.
 */
function registerMissing(name: string, handler: TLegacyHandler, options: TLegacyActionOptions = {}) {
  if (!findLegacyAction(name)) {
    registerLegacyAction(name, handler, options);
  }
}

const ALIASES = {
  parent: { id: ['parentId', 'parent_id', 'pid', 'categoryId', 'id'] },
  storeGoods: {
    ...LEGACY_PAGE,
    storeId: ['sellerId', 'seller_id', 'storeId'],
    keyword: ['keyword', 'name', 'k'],
    categoryId: ['categoryId', 'category_id'],
    sort: ['sort', 'orderBy'],
  },
  page: LEGACY_PAGE,
  review: {
    orderNo: LEGACY_ORDER_NO,
    rating: ['rating', 'evaluationType', 'evaluation_type', 'type', 'level'],
    content: ['content', 'evaluationContent', 'evaluation_content', 'comment'],
  },
} as const;

/** Old rating numbers (1 good, 2 medium, 3 bad) and the v1 words both work. */
const RATINGS: Record<string, string> = { '1': 'good', '2': 'medium', '3': 'bad' };

async function viewerOf(ctx: TLegacyContext) {
  const user = await findLegacyUser(ctx);
  return { key: user ? `u${user.id}` : viewerKey(ctx.request), userId: user?.id ?? null };
}

function findNode(nodes: TCategoryNode[], id: string): TCategoryNode | undefined {
  for (const node of nodes) {
    const found = node.id === id ? node : findNode(node.children, id);
    if (found) {
      return found;
    }
  }
  return undefined;
}

/** Children of `parentId` (top level without it), each with its sub-tree. */
registerMissing(
  'category!list',
  async (ctx) => {
    const tree = await getCategoryTree(ctx.app.deps.readDb, ctx.request.lang);
    const parent = mapLegacyParams(ctx.params, ALIASES.parent);
    if (parent.id === undefined || parent.id === '' || parent.id === '0') {
      return { categoryList: tree };
    }
    const { id } = parseLegacy(ZIdParams, parent);
    return { categoryList: findNode(tree, id)?.children ?? [] };
  },
  READ_ONLY,
);

registerMissing(
  'category!recommend',
  async (ctx) => ({
    categoryList: await getRecommendedCategories(ctx.app.deps.readDb, ctx.request.lang),
  }),
  READ_ONLY,
);

/** In-shop search: a store's goods, optionally by keyword (as GET /api/v1/catalog/stores/:id/products). */
registerMissing(
  'sellerGoods!searchSellerGoods',
  async (ctx) => {
    const { db, readDb } = ctx.app.deps;
    await refreshExpiredDiscounts(db);
    const query = parseLegacy(ZProductListQuery, mapLegacyParams(ctx.params, ALIASES.storeGoods));
    if (query.storeId !== undefined) {
      await getStoreDetail(readDb, ctx.request.lang, query.storeId, null);
    }
    return listProducts(readDb, ctx.request.lang, query);
  },
  READ_ONLY,
);

async function homeProducts(ctx: TLegacyContext, list: 'new' | 'guess') {
  const { db, readDb } = ctx.app.deps;
  await refreshExpiredDiscounts(db);
  const page = parseLegacy(ZHomeListQuery, mapLegacyParams(ctx.params, ALIASES.page));
  const answer = await getHomeList(readDb, ctx.request.lang, list, page, await viewerOf(ctx));
  return answer.products;
}

registerMissing('sellerGoods!recommend_new', (ctx) => homeProducts(ctx, 'new'));
registerMissing('sellerGoods!recommend_like', (ctx) => homeProducts(ctx, 'guess'));

/** The v1 home, plus the SPEC §3 home-state names the old apps read. */
registerMissing(
  'index!home',
  async (ctx) => {
    const { db, readDb } = ctx.app.deps;
    await refreshExpiredDiscounts(db);
    const home = await getHome(readDb, ctx.request.lang, await viewerOf(ctx));
    return {
      ...home,
      homeBanner: home.banners,
      categoryList: home.categories,
      recommendList: home.recommended,
      newList: home.new,
      merchantList: home.stores,
    };
  },
  READ_ONLY,
);

registerMissing(
  'banner!bannerList',
  async (ctx) => {
    const home = await getHome(ctx.app.deps.readDb, ctx.request.lang, await viewerOf(ctx));
    return home.banners;
  },
  READ_ONLY,
);

/** A review of a received order (as POST /api/v1/orders/:orderNo/review). */
registerMissing('evaluation!add', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const mapped = mapLegacyParams(ctx.params, ALIASES.review);
  const { orderNo } = parseLegacy(ZOrderNoParams, { orderNo: mapped.orderNo });
  const review = parseLegacy(ZReviewOrderRequest, {
    ...(mapped.rating === undefined ? {} : { rating: RATINGS[mapped.rating] ?? mapped.rating }),
    ...(mapped.content === undefined ? {} : { content: mapped.content }),
    images: readImages(ctx),
  });
  const row = await reviewOrder(ctx.app.deps.db, { userId: user.id, orderNo, review });
  return { orderInfo: await toOrderInfo(ctx.app.deps.db, row, ctx.request.lang) };
});

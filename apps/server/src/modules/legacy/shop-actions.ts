import {
  ZFavouriteListQuery,
  ZFavouriteProductParams,
  ZFollowStoreParams,
  ZIdParams,
  ZProductListQuery,
  ZReviewListQuery,
  ZSearchQuery,
  ZStoreListQuery,
} from '@caravan/contracts';
import {
  getCategoryTree,
  getProductDetail,
  getReviewCounts,
  getStoreDetail,
  listProducts,
  listReviews,
  listStores,
  refreshExpiredDiscounts,
  searchAll,
  searchGoods,
} from '../catalog';
import {
  addFavouriteProduct,
  followStore,
  getFavouriteCount,
  getFollowCount,
  listFavouriteProducts,
  listFollowedStores,
  removeFavouriteProduct,
  unfollowStore,
} from '../favourites';
import { mapLegacyParams, parseLegacy, READ_ONLY, registerLegacyAction, requireLegacyUser } from './registry';

/** Legacy parameter names of SPEC §7 -> v1 fields; the v1 schemas then validate as the v1 endpoints do. */
const PAGE = {
  pageNum: ['pageNum', 'pageNo', 'page', 'page_no'],
  pageSize: ['pageSize', 'size', 'page_size'],
};
const ALIASES = {
  list: {
    ...PAGE,
    categoryId: ['categoryId', 'category_id', 'classifyId', 'cid'],
    storeId: ['sellerId', 'seller_id', 'storeId'],
    minPrice: ['minPrice', 'min_price', 'priceMin'],
    maxPrice: ['maxPrice', 'max_price', 'priceMax'],
    isDiscounted: ['isDiscounted', 'discount'],
    keyword: ['keyword', 'name', 'k'],
    sort: ['sort', 'orderBy'],
  },
  goodsId: { id: ['goodsId', 'goods_id', 'id', 'sellerGoodsId'] },
  sellerId: { id: ['sellerId', 'seller_id', 'id', 'storeId'] },
  search: { ...PAGE, k: ['keyword', 'k', 'name'] },
  evaluation: {
    ...PAGE,
    id: ['sellerGoodsId', 'goodsId', 'goods_id', 'id'],
    type: ['type', 'evaluationType'],
  },
  page: PAGE,
} as const;

/** Old evaluation filter numbers (0 all, 1 good, 2 medium, 3 bad, 4 with photos) and words both work. */
const EVALUATION_TYPES: Record<string, string> = {
  '0': 'all',
  '1': 'good',
  '2': 'medium',
  '3': 'bad',
  '4': 'photo',
};

registerLegacyAction(
  'category!tree',
  async (ctx) => ({
    categoryList: await getCategoryTree(ctx.app.deps.readDb, ctx.request.lang),
  }),
  READ_ONLY,
);

// The seller apps choose a product's category from the same tree; categories hidden by staff are left out.
registerLegacyAction(
  'category!sellerTree',
  async (ctx) => ({
    categoryList: await getCategoryTree(ctx.app.deps.readDb, ctx.request.lang),
  }),
  READ_ONLY,
);

registerLegacyAction(
  'sellerGoods!list',
  async (ctx) => {
    await refreshExpiredDiscounts(ctx.app.deps.db);
    const query = parseLegacy(ZProductListQuery, mapLegacyParams(ctx.params, ALIASES.list));
    return listProducts(ctx.app.deps.readDb, ctx.request.lang, query);
  },
  READ_ONLY,
);

registerLegacyAction(
  'sellerGoods!search',
  async (ctx) => {
    const query = parseLegacy(ZSearchQuery, mapLegacyParams(ctx.params, ALIASES.search));
    return searchGoods(ctx.app.deps.readDb, ctx.request.lang, query);
  },
  READ_ONLY,
);

registerLegacyAction(
  'sellerGoods!search-keyword',
  async (ctx) => {
    const query = parseLegacy(ZSearchQuery, mapLegacyParams(ctx.params, ALIASES.search));
    return searchAll(ctx.app.deps.readDb, ctx.request.lang, query.k);
  },
  READ_ONLY,
);

registerLegacyAction(
  'sellerGoods!info',
  async (ctx) => {
    const { id } = parseLegacy(ZIdParams, mapLegacyParams(ctx.params, ALIASES.goodsId));
    const user = ctx.params.token ? await requireLegacyUser(ctx).catch(() => null) : null;
    return getProductDetail(ctx.app.deps.readDb, ctx.request.lang, id, user?.id ?? null);
  },
  READ_ONLY,
);

registerLegacyAction(
  'seller!list',
  async (ctx) => {
    const query = parseLegacy(ZStoreListQuery, mapLegacyParams(ctx.params, ALIASES.page));
    return listStores(ctx.app.deps.readDb, query.pageNum, query.pageSize);
  },
  READ_ONLY,
);

registerLegacyAction(
  'seller!info',
  async (ctx) => {
    const { id } = parseLegacy(ZIdParams, mapLegacyParams(ctx.params, ALIASES.sellerId));
    const user = ctx.params.token ? await requireLegacyUser(ctx).catch(() => null) : null;
    return getStoreDetail(ctx.app.deps.readDb, ctx.request.lang, id, user?.id ?? null);
  },
  READ_ONLY,
);

registerLegacyAction(
  'evaluation!list',
  async (ctx) => {
    const mapped = mapLegacyParams(ctx.params, ALIASES.evaluation);
    const { id } = parseLegacy(ZIdParams, { id: mapped.id });
    const query = parseLegacy(ZReviewListQuery, {
      pageNum: mapped.pageNum,
      pageSize: mapped.pageSize,
      type: mapped.type === undefined ? undefined : (EVALUATION_TYPES[mapped.type] ?? mapped.type),
    });
    return listReviews(ctx.app.deps.readDb, id, query, ctx.request.lang);
  },
  READ_ONLY,
);

registerLegacyAction(
  'evaluation!countType',
  async (ctx) => {
    const { id } = parseLegacy(ZIdParams, { id: mapLegacyParams(ctx.params, ALIASES.evaluation).id });
    return getReviewCounts(ctx.app.deps.readDb, id);
  },
  READ_ONLY,
);

registerLegacyAction(
  'keepGoods!list',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const page = parseLegacy(ZFavouriteListQuery, mapLegacyParams(ctx.params, ALIASES.page));
    return listFavouriteProducts(ctx.app.deps.db, ctx.request.lang, user.id, page);
  },
  READ_ONLY,
);

registerLegacyAction('keepGoods!add', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const { id } = parseLegacy(ZIdParams, mapLegacyParams(ctx.params, ALIASES.goodsId));
  return addFavouriteProduct(
    ctx.app.deps.db,
    user.id,
    parseLegacy(ZFavouriteProductParams, { productId: id }).productId,
  );
});

registerLegacyAction('keepGoods!del', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const { id } = parseLegacy(ZIdParams, mapLegacyParams(ctx.params, ALIASES.goodsId));
  return removeFavouriteProduct(ctx.app.deps.db, user.id, id);
});

registerLegacyAction(
  'keepGoods!count',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    return (await getFavouriteCount(ctx.app.deps.db, user.id)).count;
  },
  READ_ONLY,
);

registerLegacyAction(
  'focusSeller!list',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    const page = parseLegacy(ZFavouriteListQuery, mapLegacyParams(ctx.params, ALIASES.page));
    return listFollowedStores(ctx.app.deps.db, user.id, page);
  },
  READ_ONLY,
);

registerLegacyAction('focusSeller!add', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const { id } = parseLegacy(ZIdParams, mapLegacyParams(ctx.params, ALIASES.sellerId));
  return followStore(ctx.app.deps.db, user.id, parseLegacy(ZFollowStoreParams, { storeId: id }).storeId);
});

registerLegacyAction('focusSeller!del', async (ctx) => {
  const user = await requireLegacyUser(ctx);
  const { id } = parseLegacy(ZIdParams, mapLegacyParams(ctx.params, ALIASES.sellerId));
  return unfollowStore(ctx.app.deps.db, user.id, id);
});

registerLegacyAction(
  'focusSeller!count',
  async (ctx) => {
    const user = await requireLegacyUser(ctx);
    return (await getFollowCount(ctx.app.deps.db, user.id)).count;
  },
  READ_ONLY,
);

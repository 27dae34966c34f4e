/** The catalogue's service API for other domains (cart, orders, sellers, admin): import from here. */
export { clearCatalogCache } from './cache';
export { getCategoryTree, getRecommendedCategories } from './categories';
export { getHome, getHomeList } from './home';
export { cachePublicPage, isPublicCatalogPath, readPublicCatalog } from './page-data';
export { getFavouriteLimit, getFollowLimit, readMaxBuy } from './params';
export {
  cardColumns,
  pickText,
  rowsOf,
  STORE_CARD_COLUMNS,
  toCard,
  toInt,
  toIso,
  toStoreCard,
} from './present';
export { getProductDetail, listProducts, pruneProductViews, refreshExpiredDiscounts } from './products';
export { getReviewCounts, listReviews, recordReview } from './reviews';
export { catalogRoutes } from './routes';
export { foldSalesTally } from './sales-tally';
export { searchAll, searchGoods } from './search';
export { foldedContainsSql } from './search-sql';
export type { TPageCodec } from './shared-pages';
export {
  listSitemapEntries,
  listSitemapFiles,
  SITEMAP_KINDS,
  SITEMAP_URLS_PER_FILE,
  type TSitemapKind,
} from './sitemap';
export {
  getGoodsLabel,
  getPurchasableItem,
  returnStock,
  stockTakingSql,
  type TGoodsLabel,
  type TPurchasableItem,
  type TStockItem,
  type TStockTakingSql,
  takeStock,
} from './stock';
export { getStoreDetail, listStores } from './stores';
export { viewerKey } from './viewer';

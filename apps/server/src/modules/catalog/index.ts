/** The catalogue's service API for other domains (cart, orders, sellers, admin): import from here. */
export { clearCatalogCache } from './cache';
export { cachePublicPage, isPublicCatalogPath, readPublicCatalog } from './page-data';
export { pruneProductViews, refreshExpiredDiscounts } from './products';
export { recordReview } from './reviews';
export { foldSalesTally } from './sales-tally';
export {
  countSitemapFiles,
  listSitemapEntries,
  SITEMAP_URLS_PER_FILE,
  type TSitemapKind,
} from './sitemap';
export {
  getPurchasableItem,
  returnStock,
  stockTakingSql,
  type TPurchasableItem,
  type TStockItem,
  type TStockTakingSql,
  takeStock,
} from './stock';

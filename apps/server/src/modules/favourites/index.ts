/** What other modules may use from favourites (imports go through this file). */
export { favouriteRoutes } from './routes';
export {
  addFavouriteProduct,
  followStore,
  getFavouriteCount,
  getFollowCount,
  listFavouriteProducts,
  listFollowedStores,
  removeFavouriteProduct,
  unfollowStore,
} from './service';

import {
  ZCountResponse,
  ZFavouriteListQuery,
  ZFavouriteProductPage,
  ZFavouriteProductParams,
  ZFavouriteStateResponse,
  ZFollowedStorePage,
  ZFollowStateResponse,
  ZFollowStoreParams,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addFavouriteProduct,
  followStore,
  getFavouriteCount,
  getFollowCount,
  listFavouriteProducts,
  listFollowedStores,
  removeFavouriteProduct,
  unfollowStore,
} from './service';

const TAGS = ['favourites'];

export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const auth = { preHandler: app.requireUser };

  app.get(
    '/api/v1/favourites/products',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Favourite products (keepGoods)',
        querystring: ZFavouriteListQuery,
        response: { 200: ZFavouriteProductPage },
      },
    },
    async (request) => listFavouriteProducts(db, request.lang, request.user!.id, request.query),
  );
  app.get(
    '/api/v1/favourites/products/count',
    {
      ...auth,
      schema: { tags: TAGS, summary: 'Number of favourite products', response: { 200: ZCountResponse } },
    },
    async (request) => getFavouriteCount(db, request.user!.id),
  );
  app.post(
    '/api/v1/favourites/products/:productId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Add a favourite product',
        params: ZFavouriteProductParams,
        response: { 200: ZFavouriteStateResponse },
      },
    },
    async (request) => addFavouriteProduct(db, request.user!.id, request.params.productId),
  );
  app.delete(
    '/api/v1/favourites/products/:productId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Remove a favourite product',
        params: ZFavouriteProductParams,
        response: { 200: ZFavouriteStateResponse },
      },
    },
    async (request) => removeFavouriteProduct(db, request.user!.id, request.params.productId),
  );

  app.get(
    '/api/v1/favourites/stores',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Followed stores (focusSeller)',
        querystring: ZFavouriteListQuery,
        response: { 200: ZFollowedStorePage },
      },
    },
    async (request) => listFollowedStores(db, request.user!.id, request.query),
  );
  app.get(
    '/api/v1/favourites/stores/count',
    {
      ...auth,
      schema: { tags: TAGS, summary: 'Number of followed stores', response: { 200: ZCountResponse } },
    },
    async (request) => getFollowCount(db, request.user!.id),
  );
  app.post(
    '/api/v1/favourites/stores/:storeId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Follow a store',
        params: ZFollowStoreParams,
        response: { 200: ZFollowStateResponse },
      },
    },
    async (request) => followStore(db, request.user!.id, request.params.storeId),
  );
  app.delete(
    '/api/v1/favourites/stores/:storeId',
    {
      ...auth,
      schema: {
        tags: TAGS,
        summary: 'Unfollow a store',
        params: ZFollowStoreParams,
        response: { 200: ZFollowStateResponse },
      },
    },
    async (request) => unfollowStore(db, request.user!.id, request.params.storeId),
  );
};

import {
  ZAddCartItemRequest,
  ZCart,
  ZCartItemIdParams,
  ZCheckCartItemsRequest,
  ZDeleteCartItemsRequest,
  ZMergeCartRequest,
  ZMergeCartResponse,
  ZOrderNoParams,
  ZRebuyResponse,
  ZUpdateCartItemRequest,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addCartItem,
  checkCartItems,
  deleteCartItems,
  getCart,
  mergeCart,
  rebuyOrder,
  updateCartItem,
} from './service';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['cart'];
  const preHandler = app.requireUser;

  app.get(
    '/api/v1/cart',
    { preHandler, schema: { tags, summary: 'My cart, grouped per seller', response: { 200: ZCart } } },
    async (request) => getCart(db, request.user!.id, request.lang),
  );
  app.post(
    '/api/v1/cart',
    {
      preHandler,
      schema: { tags, summary: 'Add goods to the cart', body: ZAddCartItemRequest, response: { 200: ZCart } },
    },
    async (request) => {
      const b = request.body;
      await addCartItem(
        db,
        request.user!.id,
        {
          productId: BigInt(b.productId),
          variantId: b.variantId ? BigInt(b.variantId) : null,
          quantity: b.quantity,
        },
        request.lang,
      );
      return getCart(db, request.user!.id, request.lang);
    },
  );
  app.put(
    '/api/v1/cart/items/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change quantity or check state',
        params: ZCartItemIdParams,
        body: ZUpdateCartItemRequest,
        response: { 200: ZCart },
      },
    },
    async (request) => {
      await updateCartItem(db, request.user!.id, BigInt(request.params.id), request.body, request.lang);
      return getCart(db, request.user!.id, request.lang);
    },
  );
  app.put(
    '/api/v1/cart/check',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Check or uncheck lines (all when none given)',
        body: ZCheckCartItemsRequest,
        response: { 200: ZCart },
      },
    },
    async (request) => {
      await checkCartItems(
        db,
        request.user!.id,
        request.body.itemIds?.map((id) => BigInt(id)),
        request.body.isChecked,
      );
      return getCart(db, request.user!.id, request.lang);
    },
  );
  app.delete(
    '/api/v1/cart/items/:id',
    {
      preHandler,
      schema: { tags, summary: 'Remove a line', params: ZCartItemIdParams, response: { 200: ZCart } },
    },
    async (request) => {
      await deleteCartItems(db, request.user!.id, [BigInt(request.params.id)]);
      return getCart(db, request.user!.id, request.lang);
    },
  );
  app.delete(
    '/api/v1/cart',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove several lines',
        body: ZDeleteCartItemsRequest,
        response: { 200: ZCart },
      },
    },
    async (request) => {
      await deleteCartItems(
        db,
        request.user!.id,
        request.body.itemIds.map((id) => BigInt(id)),
      );
      return getCart(db, request.user!.id, request.lang);
    },
  );
  app.post(
    '/api/v1/cart/merge',
    {
      preHandler,
      schema: {
        tags,
        summary: "Merge the visitor's browser cart at log in",
        body: ZMergeCartRequest,
        response: { 200: ZMergeCartResponse },
      },
    },
    async (request) => mergeCart(db, request.user!.id, request.body.items, request.lang),
  );
  // An order action under /orders, answered here because it fills the cart (orders must not import cart:
  // cart imports orders). Like every order action it honours Idempotency-Key and the money rate limit.
  app.post(
    '/api/v1/orders/:orderNo/rebuy',
    {
      preHandler: [app.requireUser, app.idempotent],
      config: { rateLimit: { max: app.deps.config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: 'Put the goods back into the cart',
        params: ZOrderNoParams,
        response: { 200: ZRebuyResponse },
      },
    },
    async (request) => ({
      cartItemIds: await rebuyOrder(db, {
        userId: request.user!.id,
        orderNo: request.params.orderNo,
        lang: request.lang,
      }),
    }),
  );
};

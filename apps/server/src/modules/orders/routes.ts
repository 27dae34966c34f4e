import {
  ZCancelOrderRequest,
  ZCheckoutPreview,
  ZCheckoutRequest,
  ZOrderActionResponse,
  ZOrderListQuery,
  ZOrderNoParams,
  ZOrderPage,
  ZPayOrdersRequest,
  ZPayOrdersResponse,
  ZPlaceOrdersRequest,
  ZPlaceOrdersResponse,
  ZRefundOrderRequest,
  ZReviewOrderRequest,
} from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelOrder, receiveOrder, remindOrder, reviewOrder } from './buyer-actions';
import { previewCheckout } from './checkout';
import { payOrders, submitOrders } from './pay-orders';
import { listBuyerOrders, summarizePlacedOrders, toOrderSummaries } from './queries';
import { requestRefund } from './refunds';
import {
  registerOrderDetailRoute,
  registerOrderLogisticsRoute,
  toOrderActionResponse,
} from './route-helpers';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['orders'];
  const preHandler = app.requireUser;
  // Placing, paying and every order action honour Idempotency-Key (a double click or a retry is one action).
  const idempotentPreHandler = [app.requireUser, app.idempotent];
  const moneyLimit = { rateLimit: { max: app.deps.config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  app.post(
    '/api/v1/orders/preview',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Checkout preview per seller (writes nothing)',
        body: ZCheckoutRequest,
        response: { 200: ZCheckoutPreview },
      },
    },
    async (request) => previewCheckout(db, request.user!.id, request.body, request.lang),
  );
  app.post(
    '/api/v1/orders',
    {
      preHandler: idempotentPreHandler,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Place one order per seller (and pay at once with `pay`)',
        body: ZPlaceOrdersRequest,
        response: { 201: ZPlaceOrdersResponse },
      },
    },
    async (request, reply) => {
      const placed = await submitOrders(db, request.user!.id, request.body, request.lang);
      return reply.status(201).send(await summarizePlacedOrders(db, placed));
    },
  );
  app.post(
    '/api/v1/orders/pay',
    {
      preHandler: idempotentPreHandler,
      config: moneyLimit,
      schema: {
        tags,
        summary: 'Pay orders with the wallet balance',
        body: ZPayOrdersRequest,
        response: { 200: ZPayOrdersResponse },
      },
    },
    async (request) => {
      const result = await payOrders(db, request.user!.id, request.body);
      return {
        orders: await toOrderSummaries(db, result.orders),
        paidTotal: result.paidTotal,
        balance: result.balance,
      };
    },
  );
  app.get(
    '/api/v1/orders',
    {
      preHandler,
      schema: {
        tags,
        summary: 'My orders by tab, 20 a page',
        querystring: ZOrderListQuery,
        response: { 200: ZOrderPage },
      },
    },
    async (request) => listBuyerOrders(db, request.user!.id, request.query.tab, request.query.pageNum),
  );
  const scope = {
    basePath: '/api/v1/orders',
    tags,
    preHandler,
    ownerOf: (request: FastifyRequest) => ({ buyerUserId: request.user!.id }),
  };
  registerOrderDetailRoute(app, scope);
  registerOrderLogisticsRoute(app, scope);

  const action = { preHandler: idempotentPreHandler, config: moneyLimit };

  app.post(
    '/api/v1/orders/:orderNo/cancel',
    {
      ...action,
      schema: {
        tags,
        summary: 'Cancel a pending order',
        params: ZOrderNoParams,
        body: ZCancelOrderRequest,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await cancelOrder(db, {
          userId: request.user!.id,
          orderNo: request.params.orderNo,
          reason: request.body.reason,
        }),
        request.lang,
        'buyer',
      ),
  );
  app.post(
    '/api/v1/orders/:orderNo/remind',
    {
      ...action,
      schema: {
        tags,
        summary: 'Remind the seller to ship (once)',
        params: ZOrderNoParams,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await remindOrder(db, { userId: request.user!.id, orderNo: request.params.orderNo }),
        request.lang,
        'buyer',
      ),
  );
  app.post(
    '/api/v1/orders/:orderNo/receive',
    {
      ...action,
      schema: {
        tags,
        summary: 'Confirm receipt',
        params: ZOrderNoParams,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await receiveOrder(db, { userId: request.user!.id, orderNo: request.params.orderNo }),
        request.lang,
        'buyer',
      ),
  );
  app.post(
    '/api/v1/orders/:orderNo/review',
    {
      ...action,
      schema: {
        tags,
        summary: 'Review a received order',
        params: ZOrderNoParams,
        body: ZReviewOrderRequest,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await reviewOrder(db, {
          userId: request.user!.id,
          orderNo: request.params.orderNo,
          review: request.body,
        }),
        request.lang,
        'buyer',
      ),
  );
  app.post(
    '/api/v1/orders/:orderNo/refund',
    {
      ...action,
      schema: {
        tags,
        summary: 'Request a refund or return',
        params: ZOrderNoParams,
        body: ZRefundOrderRequest,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await requestRefund(db, {
          userId: request.user!.id,
          orderNo: request.params.orderNo,
          ...request.body,
        }),
        request.lang,
        'buyer',
      ),
  );
};

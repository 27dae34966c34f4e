import {
  ZCorrectTrackingRequest,
  ZLogisticsRequest,
  ZOrderActionResponse,
  ZOrderNoParams,
  ZOrderPage,
  ZRejectRefundRequest,
  ZSellerOrderListQuery,
  ZSellerSummary,
  ZShipOrderRequest,
} from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { findOrder } from './find-order';
import { getSellerSummary, listLogistics, listSellerOrders } from './queries';
import { approveRefund, rejectRefund } from './refunds';
import {
  registerOrderDetailRoute,
  registerOrderLogisticsRoute,
  toOrderActionResponse,
  ZLogisticsListResponse,
} from './route-helpers';
import { addLogisticsEntry, confirmOrder, correctTracking, shipOrder } from './seller-actions';

export const sellerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['seller orders'];
  const preHandler = app.requireSeller;

  app.get(
    '/api/v1/seller/summary',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Balance, orders by status, settled amount',
        response: { 200: ZSellerSummary },
      },
    },
    async (request) => getSellerSummary(db, request.seller!.storeId, request.seller!.id),
  );
  app.get(
    '/api/v1/seller/orders',
    {
      preHandler,
      schema: {
        tags,
        summary: "The shop's orders",
        querystring: ZSellerOrderListQuery,
        response: { 200: ZOrderPage },
      },
    },
    async (request) => listSellerOrders(db, request.seller!.storeId, request.query),
  );
  const scope = {
    basePath: '/api/v1/seller/orders',
    tags,
    preHandler,
    ownerOf: (request: FastifyRequest) => ({ storeId: request.seller!.storeId }),
  };
  registerOrderDetailRoute(app, scope);
  registerOrderLogisticsRoute(app, scope);

  app.post(
    '/api/v1/seller/orders/:orderNo/confirm',
    {
      preHandler: [preHandler, app.idempotent],
      schema: {
        tags,
        summary: 'Confirm (preparing stock)',
        params: ZOrderNoParams,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await confirmOrder(db, { storeId: request.seller!.storeId, orderNo: request.params.orderNo }),
        request.lang,
        'seller',
      ),
  );
  app.post(
    '/api/v1/seller/orders/:orderNo/ship',
    {
      preHandler: [preHandler, app.idempotent],
      schema: {
        tags,
        summary: 'Ship with carrier and tracking number',
        params: ZOrderNoParams,
        body: ZShipOrderRequest,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await shipOrder(db, {
          storeId: request.seller!.storeId,
          orderNo: request.params.orderNo,
          ...request.body,
        }),
        request.lang,
        'seller',
      ),
  );
  app.post(
    '/api/v1/seller/orders/:orderNo/tracking',
    {
      preHandler: [preHandler, app.idempotent],
      schema: {
        tags,
        summary: 'Correct the carrier and tracking number of a shipped order not yet received',
        params: ZOrderNoParams,
        body: ZCorrectTrackingRequest,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await correctTracking(db, {
          storeId: request.seller!.storeId,
          orderNo: request.params.orderNo,
          ...request.body,
        }),
        request.lang,
        'seller',
      ),
  );
  app.post(
    '/api/v1/seller/orders/:orderNo/logistics',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a logistics entry',
        params: ZOrderNoParams,
        body: ZLogisticsRequest,
        response: { 200: ZLogisticsListResponse },
      },
    },
    async (request) => {
      await addLogisticsEntry(db, {
        storeId: request.seller!.storeId,
        orderNo: request.params.orderNo,
        content: request.body.content,
      });
      return { list: await listLogistics(db, request.params.orderNo, scope.ownerOf(request)) };
    },
  );
  app.post(
    '/api/v1/seller/orders/:orderNo/refund/approve',
    {
      preHandler: [preHandler, app.idempotent],
      schema: {
        tags,
        summary: 'Approve the refund or return',
        params: ZOrderNoParams,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await approveRefund(db, { owner: scope.ownerOf(request), orderNo: request.params.orderNo }),
        request.lang,
        'seller',
      ),
  );
  app.post(
    '/api/v1/seller/orders/:orderNo/refund/reject',
    {
      preHandler: [preHandler, app.idempotent],
      schema: {
        tags,
        summary: 'Reject the refund or return',
        params: ZOrderNoParams,
        body: ZRejectRefundRequest,
        response: { 200: ZOrderActionResponse },
      },
    },
    async (request) =>
      toOrderActionResponse(
        db,
        await rejectRefund(db, {
          owner: scope.ownerOf(request),
          orderNo: request.params.orderNo,
          reason: request.body.reason,
        }),
        request.lang,
        'seller',
      ),
  );
  app.post(
    '/api/v1/seller/orders/:orderNo/cancel',
    {
      preHandler: [preHandler, app.idempotent],
      schema: { tags, summary: 'Sellers cannot cancel orders (always refused)', params: ZOrderNoParams },
    },
    async (request) => {
      await findOrder(db, request.params.orderNo, scope.ownerOf(request));
      throw new AppError('SELLER_CANNOT_CANCEL');
    },
  );
};

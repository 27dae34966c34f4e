import {
  ZAdminOrderListQuery,
  ZAdminOrderPage,
  ZAdminRefundRequest,
  ZOrderActionResponse,
  ZOrderNoParams,
  ZSecondApprovalWaiting,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerApprovalExecutor } from '../approvals';
import { listAdminOrders } from './queries';
import { adminRefund } from './refunds';
import { registerOrderDetailRoute, toOrderActionResponse } from './route-helpers';

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['admin orders'];
  const preHandler = app.requireStaff('orders.manage');
  registerApprovalExecutor('refund', (database, { staffId, approval }) =>
    adminRefund(database, {
      staffId,
      orderNo: approval.targetId,
      amount: approval.amount,
      reason: approval.reason ?? '',
    }),
  );

  app.get(
    '/api/v1/admin/orders',
    {
      preHandler,
      schema: {
        tags,
        summary: 'All orders',
        querystring: ZAdminOrderListQuery,
        response: { 200: ZAdminOrderPage },
      },
    },
    async (request) => listAdminOrders(db, request.query),
  );
  registerOrderDetailRoute(app, {
    basePath: '/api/v1/admin/orders',
    tags,
    preHandler,
    ownerOf: () => ({ isStaff: true }),
  });
  app.post(
    '/api/v1/admin/orders/:orderNo/refund',
    {
      preHandler: [preHandler, app.idempotent],
      schema: {
        tags,
        summary: 'Manual refund by the platform',
        params: ZOrderNoParams,
        body: ZAdminRefundRequest,
        response: { 200: ZOrderActionResponse.extend({ secondApproval: ZSecondApprovalWaiting }) },
      },
    },
    async (request) => {
      const { order, secondApproval } = await adminRefund(db, {
        staffId: request.staffMember!.id,
        orderNo: request.params.orderNo,
        ...request.body,
      });
      return { ...(await toOrderActionResponse(db, order, request.lang, 'staff')), secondApproval };
    },
  );
};

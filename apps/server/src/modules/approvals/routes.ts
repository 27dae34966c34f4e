import {
  V,
  ZApproval,
  ZApprovalListQuery,
  ZApprovalPage,
  ZApproveWithdrawalRequest,
  ZIdParams,
  ZOkResponse,
  ZRejectApprovalRequest,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { findApprovalExecutor } from './executors';
import {
  APPROVAL_PERMISSION,
  allowedApprovalActions,
  declineApproval,
  getApproval,
  listApprovals,
} from './queue';

/** The "second approval" queue of the staff console. */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['admin', 'four-eyes'];
  // Staff with none of the approval permissions are refused before the id is looked up: 403 for any id,
  // so they cannot tell which approvals exist.
  const preHandler = app.requireStaff([...new Set(Object.values(APPROVAL_PERMISSION))]);
  // A second approval carries out the credit, payout or refund it holds: a retried click replays its answer.
  const moneyPreHandler = [preHandler, app.idempotent];

  function mayApprove(permissions: readonly string[], action: keyof typeof APPROVAL_PERMISSION) {
    if (!permissions.includes(APPROVAL_PERMISSION[action])) {
      throw new AppError('NO_PERMISSION');
    }
  }

  app.get(
    '/api/v1/admin/approvals',
    { preHandler, schema: { tags, querystring: ZApprovalListQuery, response: { 200: ZApprovalPage } } },
    async (request) => {
      const actions = allowedApprovalActions(request.staffMember!.permissions);
      return listApprovals(db, { actions, query: request.query });
    },
  );

  app.post(
    '/api/v1/admin/approvals/:id/approve',
    {
      preHandler: moneyPreHandler,
      schema: {
        tags,
        params: ZIdParams,
        // Only a withdrawal takes a field: the payout's transaction hash, as on its own review page. Without it
        // here, the largest payouts (those that need a second approval) could never record their hash.
        body: ZApproveWithdrawalRequest.nullish(),
        response: { 200: ZApproval },
      },
    },
    async (request) => {
      const id = BigInt(request.params.id);
      const approval = await getApproval(db, id);
      mayApprove(request.staffMember!.permissions, approval.action);
      if (approval.status !== 'waiting') {
        throw new AppError('RECORD_ALREADY_REVIEWED');
      }
      const execute = findApprovalExecutor(approval.action);
      if (!execute) {
        throw new AppError('RECORD_NOT_FOUND');
      }
      const chainTxHash = request.body?.chainTxHash;
      if (chainTxHash !== undefined && approval.action !== 'withdrawal') {
        throw new AppError('VALIDATION_FAILED', {
          fields: [{ field: 'chainTxHash', message: V.unknownField }],
        });
      }
      await execute(db, { staffId: request.staffMember!.id, approval, chainTxHash });
      return getApproval(db, id);
    },
  );

  app.post(
    '/api/v1/admin/approvals/:id/decline',
    {
      preHandler: moneyPreHandler,
      schema: { tags, params: ZIdParams, body: ZRejectApprovalRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      const id = BigInt(request.params.id);
      const approval = await getApproval(db, id);
      mayApprove(request.staffMember!.permissions, approval.action);
      await declineApproval(db, { id, staffId: request.staffMember!.id, reason: request.body.reason });
      return { ok: true as const };
    },
  );
};

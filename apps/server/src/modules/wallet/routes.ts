import {
  ZAdminChannel,
  ZAdminChannelList,
  ZAdminRechargePage,
  ZAdminWalletListQuery,
  ZAdminWithdrawalPage,
  ZApproveWithdrawalRequest,
  ZBindWithdrawAddressRequest,
  ZCreateRechargeRequest,
  ZCreateWithdrawalRequest,
  ZLedgerHistoryPage,
  ZLedgerHistoryQuery,
  ZRecharge,
  ZRechargeListQuery,
  ZRechargePage,
  ZRejectRecordRequest,
  ZSecondApprovalWaiting,
  ZUpdateChannelRequest,
  ZWalletBalance,
  ZWalletChannelList,
  ZWalletChannelsQuery,
  ZWalletRecordParams,
  ZWithdrawAddress,
  ZWithdrawAddressResponse,
  ZWithdrawal,
  ZWithdrawalListQuery,
  ZWithdrawalPage,
  ZWithdrawFeeQuery,
  ZWithdrawFeeResponse,
  ZWithdrawLimitsResponse,
  ZWithdrawSessionResponse,
} from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAuthStaff, TAuthUser } from '../../http/auth';
import { registerApprovalDescriber, registerApprovalExecutor } from '../approvals';
import { listBalanceHistory } from '../ledger';
import { rechargeApprovalFacts, withdrawalApprovalFacts } from './approval-facts';
import { getWallet } from './balance';
import { registerWalletCancellationBlockers } from './cancellation';
import {
  getAdminChannel,
  listAdminChannels,
  listWalletChannels,
  resolveRegion,
  updateWalletChannel,
} from './channels';
import {
  approveRecharge,
  createRecharge,
  getRecharge,
  listAdminRecharges,
  listRecharges,
  rejectRecharge,
} from './recharge';
import {
  approveWithdrawal,
  bindWithdrawAddress,
  createWithdrawal,
  createWithdrawSession,
  getWithdrawAddress,
  getWithdrawLimits,
  listAdminWithdrawals,
  listWithdrawals,
  quoteWithdrawFee,
  rejectWithdrawal,
} from './withdraw';

function userOf(request: FastifyRequest): TAuthUser {
  return request.user as TAuthUser;
}
function staffOf(request: FastifyRequest): TAuthStaff {
  return request.staffMember as TAuthStaff;
}

/** Buyer wallet calls (money calls are rate limited) and the finance console's queues and settings. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  registerWalletCancellationBlockers();
  const { db } = app.deps;
  registerApprovalExecutor('withdrawal', (database, { staffId, approval, chainTxHash }) =>
    approveWithdrawal(database, { staffId, id: BigInt(approval.targetId), chainTxHash }),
  );
  registerApprovalExecutor('recharge', (database, { staffId, approval }) =>
    approveRecharge(database, { staffId, id: BigInt(approval.targetId) }),
  );
  registerApprovalDescriber('withdrawal', withdrawalApprovalFacts);
  registerApprovalDescriber('recharge', rechargeApprovalFacts);
  const ZRechargeApproval = ZRecharge.extend({ secondApproval: ZSecondApprovalWaiting });
  const ZWithdrawalApproval = ZWithdrawal.extend({ secondApproval: ZSecondApprovalWaiting });
  const rateLimit = { max: app.deps.config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const buyer = { preHandler: app.requireUser, config: { rateLimit } };
  // Money calls honour Idempotency-Key (a retried recharge or withdrawal is one action).
  const buyerMoney = { preHandler: [app.requireUser, app.idempotent], config: { rateLimit } };
  const tags = ['wallet'];

  app.get(
    '/api/v1/wallet',
    { ...buyer, schema: { tags, summary: 'Balance (available, held)', response: { 200: ZWalletBalance } } },
    async (request) => getWallet(db, userOf(request).id),
  );

  app.get(
    '/api/v1/wallet/channels',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'Recharge methods for the region (query region, else the Accept-Language country)',
        querystring: ZWalletChannelsQuery,
        response: { 200: ZWalletChannelList },
      },
    },
    async (request) => {
      const region = resolveRegion(request.query.region, request.headers['accept-language']);
      return { channels: await listWalletChannels(db, region, request.lang), region };
    },
  );

  app.get(
    '/api/v1/wallet/recharges',
    { ...buyer, schema: { tags, querystring: ZRechargeListQuery, response: { 200: ZRechargePage } } },
    async (request) => listRecharges(db, { userId: userOf(request).id, ...request.query }),
  );

  app.get(
    '/api/v1/wallet/recharges/:id',
    { ...buyer, schema: { tags, params: ZWalletRecordParams, response: { 200: ZRecharge } } },
    async (request) => getRecharge(db, { userId: userOf(request).id, id: BigInt(request.params.id) }),
  );

  app.post(
    '/api/v1/wallet/recharges',
    {
      ...buyerMoney,
      schema: {
        tags,
        summary: 'Apply for a recharge',
        body: ZCreateRechargeRequest,
        response: { 201: ZRecharge },
      },
    },
    async (request, reply) => {
      const region = resolveRegion(request.body.region, request.headers['accept-language']);
      const recharge = await createRecharge(db, {
        userId: userOf(request).id,
        request: request.body,
        region,
        uploadDir: app.deps.config.uploadDir,
      });
      return reply.status(201).send(recharge);
    },
  );

  app.get(
    '/api/v1/wallet/withdraw-address',
    { ...buyer, schema: { tags, response: { 200: ZWithdrawAddressResponse } } },
    async (request) => ({ address: await getWithdrawAddress(db, userOf(request).id) }),
  );

  app.post(
    '/api/v1/wallet/withdraw-address',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'Bind the one withdrawal address',
        body: ZBindWithdrawAddressRequest,
        response: { 201: ZWithdrawAddress },
      },
    },
    async (request, reply) => {
      const bound = await bindWithdrawAddress(db, { userId: userOf(request).id, ...request.body });
      return reply.status(201).send(bound);
    },
  );

  app.get(
    '/api/v1/wallet/withdraw-fee',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'Fee and actual amount before submitting',
        querystring: ZWithdrawFeeQuery,
        response: { 200: ZWithdrawFeeResponse },
      },
    },
    async (request) =>
      quoteWithdrawFee(db, {
        userId: userOf(request).id,
        channel: request.query.channel,
        amount: request.query.amount,
      }),
  );

  app.get(
    '/api/v1/wallet/withdraw-limits',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'Withdrawal limits and the withdrawals counted today, before any amount is typed',
        response: { 200: ZWithdrawLimitsResponse },
      },
    },
    async (request) => getWithdrawLimits(db, { userId: userOf(request).id }),
  );

  app.post(
    '/api/v1/wallet/withdraw-session',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'A fresh one-time session_token for the next withdrawal',
        response: { 200: ZWithdrawSessionResponse },
      },
    },
    async (request) => createWithdrawSession(db, userOf(request).id),
  );

  app.post(
    '/api/v1/wallet/withdrawals',
    {
      ...buyerMoney,
      schema: {
        tags,
        summary: 'Apply for a withdrawal (holds the amount)',
        body: ZCreateWithdrawalRequest,
        response: { 201: ZWithdrawal },
      },
    },
    async (request, reply) => {
      const withdrawal = await createWithdrawal(db, { userId: userOf(request).id, ...request.body });
      return reply.status(201).send(withdrawal);
    },
  );

  app.get(
    '/api/v1/wallet/withdrawals',
    { ...buyer, schema: { tags, querystring: ZWithdrawalListQuery, response: { 200: ZWithdrawalPage } } },
    async (request) => listWithdrawals(db, { userId: userOf(request).id, ...request.query }),
  );

  app.get(
    '/api/v1/wallet/ledger',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'My balance history',
        querystring: ZLedgerHistoryQuery,
        response: { 200: ZLedgerHistoryPage },
      },
    },
    async (request) =>
      listBalanceHistory(db, {
        userId: userOf(request).id,
        pageNum: request.query.pageNum,
        pageSize: request.query.pageSize,
        account: request.query.account,
      }),
  );

  // Finance console -------------------------------------------------------------------------------
  const adminTags = ['admin', 'finance'];
  const review = { preHandler: [app.requireStaff('finance.review'), app.idempotent] };
  const settings = { preHandler: app.requireStaff('finance.settings') };

  app.get(
    '/api/v1/admin/finance/recharges',
    {
      ...review,
      schema: { tags: adminTags, querystring: ZAdminWalletListQuery, response: { 200: ZAdminRechargePage } },
    },
    async (request) => listAdminRecharges(db, request.query),
  );
  app.post(
    '/api/v1/admin/finance/recharges/:id/approve',
    {
      ...review,
      schema: { tags: adminTags, params: ZWalletRecordParams, response: { 200: ZRechargeApproval } },
    },
    async (request) => approveRecharge(db, { staffId: staffOf(request).id, id: BigInt(request.params.id) }),
  );
  app.post(
    '/api/v1/admin/finance/recharges/:id/reject',
    {
      ...review,
      schema: {
        tags: adminTags,
        params: ZWalletRecordParams,
        body: ZRejectRecordRequest,
        response: { 200: ZRecharge },
      },
    },
    async (request) =>
      rejectRecharge(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        reason: request.body.reason,
      }),
  );

  app.get(
    '/api/v1/admin/finance/withdrawals',
    {
      ...review,
      schema: {
        tags: adminTags,
        querystring: ZAdminWalletListQuery,
        response: { 200: ZAdminWithdrawalPage },
      },
    },
    async (request) => listAdminWithdrawals(db, request.query),
  );
  app.post(
    '/api/v1/admin/finance/withdrawals/:id/approve',
    {
      ...review,
      schema: {
        tags: adminTags,
        params: ZWalletRecordParams,
        body: ZApproveWithdrawalRequest.optional(),
        response: { 200: ZWithdrawalApproval },
      },
    },
    async (request) =>
      approveWithdrawal(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        chainTxHash: request.body?.chainTxHash,
      }),
  );
  app.post(
    '/api/v1/admin/finance/withdrawals/:id/reject',
    {
      ...review,
      schema: {
        tags: adminTags,
        params: ZWalletRecordParams,
        body: ZRejectRecordRequest,
        response: { 200: ZWithdrawal },
      },
    },
    async (request) =>
      rejectWithdrawal(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        reason: request.body.reason,
      }),
  );

  app.get(
    '/api/v1/admin/finance/channels',
    { ...settings, schema: { tags: adminTags, response: { 200: ZAdminChannelList } } },
    async () => ({ channels: await listAdminChannels(db) }),
  );
  app.get(
    '/api/v1/admin/finance/channels/:id',
    {
      ...settings,
      schema: { tags: adminTags, params: ZWalletRecordParams, response: { 200: ZAdminChannel } },
    },
    async (request) => getAdminChannel(db, BigInt(request.params.id)),
  );
  app.put(
    '/api/v1/admin/finance/channels/:id',
    {
      ...settings,
      schema: {
        tags: adminTags,
        params: ZWalletRecordParams,
        body: ZUpdateChannelRequest,
        response: { 200: ZAdminChannel },
      },
    },
    async (request) =>
      updateWalletChannel(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        changes: request.body,
      }),
  );
};

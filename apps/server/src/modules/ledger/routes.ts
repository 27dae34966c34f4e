import {
  ZLedgerCheckReport,
  ZLedgerHistoryPage,
  ZLedgerHistoryQuery,
  ZLedgerUserParams,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkLedger } from './check';
import { listBalanceHistory } from './history';

/** Admin ledger page: the invariant check and each user's balance history (permission ledger.read). */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/ledger/check',
    {
      preHandler: app.requireStaff('ledger.read'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin', 'ledger'],
        summary: 'Run the ledger invariant check',
        response: { 200: ZLedgerCheckReport },
      },
    },
    async () => checkLedger(app.deps.db),
  );

  app.get(
    '/api/v1/admin/ledger/users/:userId/history',
    {
      preHandler: app.requireStaff('ledger.read'),
      schema: {
        tags: ['admin', 'ledger'],
        summary: "A user's balance history",
        params: ZLedgerUserParams,
        querystring: ZLedgerHistoryQuery,
        response: { 200: ZLedgerHistoryPage },
      },
    },
    async (request) =>
      listBalanceHistory(app.deps.db, {
        userId: BigInt(request.params.userId),
        pageNum: request.query.pageNum,
        pageSize: request.query.pageSize,
        account: request.query.account,
      }),
  );
};

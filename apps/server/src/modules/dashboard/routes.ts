import {
  ADMIN_DASHBOARD_COUNT_FIGURES,
  ADMIN_DASHBOARD_MONEY_FIGURES,
  ZAdminDashboard,
  ZAdminDashboardQuery,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toSpreadsheetCsv } from '../../http/csv';
import { countQueues, getDashboardFigures } from './figures';
import { QUEUE_COUNTERS } from './queues';

/** Staff who run money or orders see the dashboard. */
const DASHBOARD_PERMISSIONS = ['ledger.read', 'orders.manage', 'finance.review'] as const;

/** The console's first page: figures of a range from the ledger and the orders, and the queues waiting. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['admin', 'dashboard'];
  // Any one of them, checked before the query's schema (requireStaff's guard runs in preValidation): a closure of
  // its own here ran after validation, so customer service got the query's rules (400) instead of its 403.
  const preHandler = app.requireStaff(DASHBOARD_PERMISSIONS);

  app.get(
    '/api/v1/admin/dashboard',
    { preHandler, schema: { tags, querystring: ZAdminDashboardQuery, response: { 200: ZAdminDashboard } } },
    async (request) => ({
      ...(await getDashboardFigures(db, request.query)),
      queues: await countQueues(db, QUEUE_COUNTERS),
    }),
  );

  app.get(
    '/api/v1/admin/dashboard/export',
    {
      preHandler,
      schema: { tags, summary: 'The days of the range as CSV', querystring: ZAdminDashboardQuery },
    },
    async (request, reply) => {
      const figures = await getDashboardFigures(db, request.query);
      const header = ['day', ...ADMIN_DASHBOARD_MONEY_FIGURES, ...ADMIN_DASHBOARD_COUNT_FIGURES];
      const rows = [...figures.days, { ...figures.totals, day: 'total' }].map((d) => [
        d.day,
        ...ADMIN_DASHBOARD_MONEY_FIGURES.map((key) => d[key]),
        ...ADMIN_DASHBOARD_COUNT_FIGURES.map((key) => String(d[key])),
      ]);
      const fileName = `caravan-dashboard-${figures.from}-${figures.to}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(toSpreadsheetCsv([header, ...rows]));
    },
  );
};

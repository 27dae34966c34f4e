import { ZAdvanceClockRequest, ZClockResponse } from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lapseLoanOffers, remindDueLoans, runLoanAccrual } from '../modules/loans';
import { testClockOf } from '../modules/ops';
import { runOrderWorkAt } from './orders';

/**
 * Test mode only (TEST_CLOCK=true, refused in production): moves the server's clock by whole days and runs the timed
 * work that depends on it once at the new time, the loans' daily accrual, reminders and offer lapses and the orders' jobs, so a
 * shipped order is received, reviewed and settled as it would be after those days. Registered by app.ts only then.
 * It lives beside the jobs, not in a domain: it moves loans and orders alike.
 */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const clock = testClockOf(db);
  clock.enableMoving();
  app.post(
    '/api/v1/admin/test/clock',
    {
      preHandler: app.requireStaff('loans.review'),
      schema: { tags: ['admin'], body: ZAdvanceClockRequest, response: { 200: ZClockResponse } },
    },
    async (request) => {
      const now = clock.advance(request.body.days);
      await runLoanAccrual(db, now);
      await remindDueLoans(db, now);
      await lapseLoanOffers(db, now);
      await runOrderWorkAt(db, now);
      return { now: now.toISOString() };
    },
  );
};

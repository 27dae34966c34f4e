import type { FastifyInstance } from 'fastify';
import { pruneIdempotencyKeys } from '../http/idempotency';
import { deleteExpiredSessions } from '../modules/auth/sessions';
import { foldSalesTally } from '../modules/catalog';
import { loanClock, remindDueLoans, runLoanAccrual } from '../modules/loans';
import { runExclusive } from './lock';
import { ORDER_JOBS } from './orders';

export type TJob = {
  name: string;
  everyMs: number;
  /** The interval from the configuration instead of everyMs. */
  everyMsFromConfig?: (config: FastifyInstance['deps']['config']) => number;
  run: (app: FastifyInstance) => Promise<void>;
};

/** Timed work. Domains add their jobs here (auto-cancel, auto-complete, loan overdue). */
export const JOBS: TJob[] = [
  { name: 'delete-expired-sessions', everyMs: 60 * 60_000, run: (app) => deleteExpiredSessions(app.deps.db) },
  {
    name: 'prune-idempotency-keys',
    everyMs: 60 * 60_000,
    run: (app) => pruneIdempotencyKeys(app.deps.db).then(() => undefined),
  },
  ...ORDER_JOBS,
  // Sold counts on the shop pages trail checkouts by at most these few seconds.
  {
    name: 'catalog-fold-sales',
    everyMs: 5_000,
    run: async (app) => void (await foldSalesTally(app.deps.db)),
  },
  // Loans: accrue interest and penalties once per loan per day (catching up missed days), mark overdue,
  // then remind borrowers of instalments due soon (once per instalment).
  {
    name: 'loans-daily-accrual',
    everyMs: 10 * 60_000,
    run: async (app) => {
      const now = loanClock.now();
      await runLoanAccrual(app.deps.db, now);
      await remindDueLoans(app.deps.db, now);
    },
  },
];

export function startJobs(app: FastifyInstance, jobs: TJob[] = JOBS): { stop: () => void } {
  const timers = jobs.map((job) =>
    setInterval(() => {
      runExclusive(app.deps.database, job.name, () => job.run(app)).catch((err: unknown) =>
        app.log.error({ err, job: job.name }, 'job failed'),
      );
    }, job.everyMsFromConfig?.(app.deps.config) ?? job.everyMs),
  );
  for (const timer of timers) {
    timer.unref();
  }
  return { stop: () => timers.forEach(clearInterval) };
}

import type { FastifyInstance } from 'fastify';
import { pruneIdempotencyKeys } from '../http/idempotency';
import { deleteExpiredSessions } from '../modules/auth';
import { foldSalesTally, pruneProductViews } from '../modules/catalog';
import { lapseLoanOffers, loanClockOf, remindDueLoans, runLoanAccrual } from '../modules/loans';
import { pruneUnconfirmedSubscriptions } from '../modules/subscriptions';
import { pruneUploadUsage } from '../modules/uploads';
import { runExclusive } from './lock';
import { ORDER_JOBS } from './orders';
import { finishJobRun, pruneJobRuns, ranThisPeriod, startJobRun } from './runs';

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
  { name: 'prune-job-runs', everyMs: 6 * 60 * 60_000, run: (app) => pruneJobRuns(app.deps.db) },
  {
    name: 'catalog-prune-product-views',
    everyMs: 6 * 60 * 60_000,
    run: (app) => pruneProductViews(app.deps.db),
  },
  { name: 'prune-upload-usage', everyMs: 6 * 60 * 60_000, run: (app) => pruneUploadUsage(app.deps.db) },
  // Double opt-in: addresses never confirmed within the link's 7 days are forgotten.
  {
    name: 'prune-unconfirmed-subscriptions',
    everyMs: 6 * 60 * 60_000,
    run: async (app) => void (await pruneUnconfirmedSubscriptions(app.deps.db)),
  },
  ...ORDER_JOBS,
  // Sold counts on the shop pages trail checkouts by at most these few seconds.
  {
    name: 'catalog-fold-sales',
    everyMs: 5_000,
    run: async (app) => void (await foldSalesTally(app.deps.db)),
  },
  // Loans: accrue interest and penalties once per loan per day (catching up missed days), mark overdue,
  // then remind borrowers of instalments due soon (once per instalment), and lapse offers left unanswered.
  {
    name: 'loans-daily-accrual',
    everyMs: 10 * 60_000,
    run: async (app) => {
      const now = loanClockOf(app.deps.db).now();
      await runLoanAccrual(app.deps.db, now);
      await remindDueLoans(app.deps.db, now);
      await lapseLoanOffers(app.deps.db, now);
    },
  },
];

function intervalOf(app: FastifyInstance, job: TJob): number {
  return job.everyMsFromConfig?.(app.deps.config) ?? job.everyMs;
}

/**
 * Runs one job once: under its advisory lock (one process at a time), skipped when another process already
 * ran it this period, recorded in job_runs (start, end, outcome) and in the metrics. Returns the outcome.
 */
export async function runJobOnce(app: FastifyInstance, job: TJob): Promise<'ok' | 'failed' | 'skipped'> {
  const { db } = app.deps;
  let outcome: 'ok' | 'failed' | 'skipped' = 'skipped';
  const started = performance.now();
  await runExclusive(app.deps.database, job.name, async () => {
    if (await ranThisPeriod(db, job.name, intervalOf(app, job))) {
      return;
    }
    const runId = await startJobRun(db, job.name);
    try {
      await job.run(app);
      outcome = 'ok';
      await finishJobRun(db, runId);
    } catch (error) {
      outcome = 'failed';
      app.log.error({ err: error, job: job.name }, 'job failed');
      await finishJobRun(db, runId, error);
    }
  });
  app.metrics.jobRuns.inc({ job: job.name, outcome });
  if (outcome !== 'skipped') {
    app.metrics.jobSeconds.observe({ job: job.name }, (performance.now() - started) / 1000);
  }
  return outcome;
}

/**
 * Starts every job on its timer. `stop()` clears the timers and resolves once the runs in flight have
 * finished (a SIGTERM drains them before the database closes).
 */
export function startJobs(app: FastifyInstance, jobs: TJob[] = JOBS): { stop: () => Promise<void> } {
  const running = new Set<Promise<unknown>>();
  const busy = new Set<string>();
  let isStopped = false;
  const timers = jobs.map((job) =>
    setInterval(
      () => {
        // A run still going when its timer fires again is not started twice in this process.
        if (isStopped || busy.has(job.name)) {
          return;
        }
        busy.add(job.name);
        const run = runJobOnce(app, job)
          .catch((err: unknown) => app.log.error({ err, job: job.name }, 'job failed'))
          .finally(() => {
            busy.delete(job.name);
            running.delete(run);
          });
        running.add(run);
      },
      intervalOf(app, job),
    ),
  );
  for (const timer of timers) {
    timer.unref();
  }
  return {
    stop: async () => {
      isStopped = true;
      for (const timer of timers) {
        clearInterval(timer);
      }
      await Promise.allSettled([...running]);
    },
  };
}

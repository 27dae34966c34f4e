import { JOB_RUN_OUTCOMES as JOB_OUTCOMES } from '@caravan/contracts';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, tstz } from '../columns';

export { JOB_OUTCOMES };

/**
 * One run of a timed job (apps/server/src/jobs): when it started and ended, on which process, and how it
 * ended. Read by administrators through GET /api/v1/admin/jobs; runs older than a week are pruned.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    name: text('name').notNull(),
    /** host:pid of the server process that ran it. */
    instance: text('instance').notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
    outcome: text('outcome', { enum: JOB_OUTCOMES }).notNull().default('running'),
    /** The error message of a failed run (no stack, no parameters). */
    error: text('error'),
  },
  (t) => [
    index('job_runs_name_started_idx').on(t.name, t.startedAt),
    index('job_runs_started_idx').on(t.startedAt),
  ],
);

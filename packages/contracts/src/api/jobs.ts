import { z } from 'zod';
import { zWholeFromText } from '../validation';

/** A timed job run is `running` until it ends `ok` or `failed` (job_runs, GET /api/v1/admin/jobs). */
export const JOB_RUN_OUTCOMES = ['running', 'ok', 'failed'] as const;
export type TJobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

export const ZJobRun = z.object({
  id: z.string(),
  name: z.string(),
  /** The process that ran it, `host:pid`. */
  instance: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(JOB_RUN_OUTCOMES),
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type TJobRun = z.infer<typeof ZJobRun>;

export const ZJobRunsQuery = z.object({
  name: z.string().max(64).optional(),
  outcome: z.enum(JOB_RUN_OUTCOMES).optional(),
  pageNum: zWholeFromText(1, 100_000).default(1),
  pageSize: zWholeFromText(1, 100).default(20),
});

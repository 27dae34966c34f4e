import { hostname } from 'node:os';
import { and, desc, eq, ilike, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { containsPattern } from '../db/like';
import { jobRuns } from '../db/schema';

/** This process, as job runs name it. */
export const INSTANCE = `${hostname()}:${process.pid}`;

/** How long job runs are kept. */
export const JOB_RUNS_KEPT_DAYS = 7;

/**
 * Whether another process already ran `name` in the current period: a successful run that started less
 * than 90% of `everyMs` ago. With the advisory lock (lock.ts) this makes each timed job run once per period
 * however many processes have RUN_JOBS on, not once per process.
 */
export async function ranThisPeriod(db: Database, name: string, everyMs: number): Promise<boolean> {
  const [last] = await db
    .select({ startedAt: jobRuns.startedAt })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, name), eq(jobRuns.outcome, 'ok')))
    .orderBy(desc(jobRuns.startedAt))
    .limit(1);
  return last !== undefined && Date.now() - last.startedAt.getTime() < everyMs * 0.9;
}

export async function startJobRun(db: Database, name: string): Promise<bigint> {
  const [row] = await db.insert(jobRuns).values({ name, instance: INSTANCE }).returning({ id: jobRuns.id });
  return row!.id;
}

export async function finishJobRun(db: Database, runId: bigint, error?: unknown): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      finishedAt: sql`now()`,
      outcome: error === undefined ? 'ok' : 'failed',
      error:
        error === undefined ? null : String(error instanceof Error ? error.message : error).slice(0, 1000),
    })
    .where(eq(jobRuns.id, runId));
}

export async function pruneJobRuns(db: Database): Promise<void> {
  await db
    .delete(jobRuns)
    .where(lt(jobRuns.startedAt, sql`now() - make_interval(days => ${JOB_RUNS_KEPT_DAYS}::int)`));
}

export async function listJobRuns(
  db: Database,
  query: { name?: string | undefined; outcome?: string | undefined; pageNum: number; pageSize: number },
) {
  const where = and(
    query.name ? ilike(jobRuns.name, containsPattern(query.name)) : undefined,
    query.outcome ? eq(jobRuns.outcome, query.outcome as 'ok') : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(jobRuns)
      .where(where)
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(jobRuns).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

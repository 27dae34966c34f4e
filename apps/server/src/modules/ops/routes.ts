import { ZJobRun, ZJobRunsQuery } from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listJobRuns } from '../../jobs/runs';

/** Timed job runs for administrators: start, end, outcome, which process (newest first). */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/jobs',
    {
      preHandler: app.requireStaff('settings.manage'),
      schema: {
        tags: ['admin'],
        summary: 'Runs of the timed jobs',
        querystring: ZJobRunsQuery,
        response: {
          200: z.object({
            pageList: z.array(ZJobRun),
            total: z.number().int(),
            pageNum: z.number().int(),
            pageSize: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const { rows, total } = await listJobRuns(app.deps.db, request.query);
      return {
        pageList: rows.map((r) => ({
          id: String(r.id),
          name: r.name,
          instance: r.instance,
          startedAt: r.startedAt.toISOString(),
          finishedAt: r.finishedAt?.toISOString() ?? null,
          outcome: r.outcome,
          error: r.error,
          durationMs: r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null,
        })),
        total,
        pageNum: request.query.pageNum,
        pageSize: request.query.pageSize,
      };
    },
  );
};

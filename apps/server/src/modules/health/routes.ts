import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            time: z.string(),
          }),
        },
      },
    },
    async () => {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.deps.database.kind, time: new Date().toISOString() };
    },
  );
};

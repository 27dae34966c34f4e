import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../db/migrate';

/** Keyed by the app's deps: route plugins see their own (encapsulated) instance, but the same deps. */
const draining = new WeakSet<object>();

/** From now on /api/ready answers 503, so a load balancer stops sending new requests (SIGTERM, main.ts). */
export function markDraining(app: FastifyInstance) {
  draining.add(app.deps);
}

export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app.deps);
}

/** How many migrations this build ships (drizzle-kit's journal). */
function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * /api/health: the process is alive (no database round trip, so a slow database does not get processes
 * restarted). /api/ready: it can serve: the database answers and has every migration of this build, and
 * the process is not draining.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = expectedMigrations();
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            time: z.string(),
          }),
        },
      },
    },
    async () => ({ status: 'ok' as const, database: app.deps.database.kind, time: new Date().toISOString() }),
  );

  const ZReady = z.object({
    status: z.enum(['ready', 'not-ready']),
    database: z.enum(['pglite', 'postgres']),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
    reason: z.string().optional(),
  });
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable, migrations applied, not shutting down',
        response: { 200: ZReady, 503: ZReady },
      },
    },
    async (_request, reply) => {
      const answer = {
        database: app.deps.database.kind,
        migrations: { applied: 0, expected },
      };
      try {
        const result = await app.deps.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        answer.migrations.applied = Number(result.rows[0]?.n ?? 0);
      } catch {
        return reply
          .status(503)
          .send({ ...answer, status: 'not-ready' as const, reason: 'database unreachable' });
      }
      if (answer.migrations.applied < expected) {
        return reply
          .status(503)
          .send({ ...answer, status: 'not-ready' as const, reason: 'migrations pending' });
      }
      if (draining.has(app.deps)) {
        return reply.status(503).send({ ...answer, status: 'not-ready' as const, reason: 'shutting down' });
      }
      return { ...answer, status: 'ready' as const };
    },
  );
};

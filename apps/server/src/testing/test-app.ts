import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, openPostgres, wrapPglite } from '../db/client';
import { createTestDatabase } from './test-db';

export type TTestContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

/**
 * An app on a fresh database, with config overrides; call close() in afterAll. With `logLines`, the app logs at
 * debug level into that array (one JSON line per entry), for tests of what the request log holds.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logLines?: string[] } = {},
): Promise<TTestContext> {
  const database = await createTestDatabase();
  const { logLines } = options;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: logLines ? 'debug' : 'silent',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    RUN_JOBS: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_READ_PER_MINUTE: '100000',
    DATA_DIR: '.tmp/test-data',
    ...env,
  });
  const stream = logLines
    ? new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      })
    : undefined;
  const app = await buildApp(
    { config, db: database.db, readDb: database.db, database },
    stream ? { logger: { level: 'debug', stream } } : undefined,
  );
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Parses a JSON answer; tests assert on its fields. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * Two apps on one test database and one Redis, standing for two server processes: each has its own database
 * handle (so its own caches) and its own Redis connection. `close()` closes the apps and connections, not
 * the database.
 */
export async function createAppPairOnRedis(
  database: DatabaseHandle,
  env: Record<string, string>,
): Promise<{ apps: [FastifyInstance, FastifyInstance]; close: () => Promise<void> }> {
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    RUN_JOBS: 'false',
    DATA_DIR: '.tmp/test-data',
    ...env,
    REDIS_URL: redisUrl,
  });
  const secondHandle: DatabaseHandle =
    database.kind === 'pglite'
      ? wrapPglite(database.pglite!)
      : openPostgres(
          String(
            (database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
          ),
          3,
        );
  const connections = [
    new Redis(redisUrl, { keyPrefix: config.REDIS_KEY_PREFIX }),
    new Redis(redisUrl, { keyPrefix: config.REDIS_KEY_PREFIX }),
  ] as const;
  const apps = [
    await buildApp({ config, db: database.db, readDb: database.db, database, redis: connections[0] }),
    await buildApp({
      config,
      db: secondHandle.db,
      readDb: secondHandle.db,
      database: secondHandle,
      redis: connections[1],
    }),
  ] as [FastifyInstance, FastifyInstance];
  await Promise.all(apps.map((app) => app.ready()));
  return {
    apps,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      for (const connection of connections) {
        connection.disconnect();
      }
      if (secondHandle.kind === 'postgres') {
        await secondHandle.close();
      }
    },
  };
}

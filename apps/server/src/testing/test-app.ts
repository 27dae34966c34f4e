import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from './test-db';

export type TTestContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

/** An app on a fresh database, with config overrides; call close() in afterAll. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TTestContext> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    RUN_JOBS: 'false',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_READ_PER_MINUTE: '100000',
    DATA_DIR: '.tmp/test-data',
    ...env,
  });
  const app = await buildApp({ config, db: database.db, readDb: database.db, database });
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

import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';

/** What buildApp needs from the outside world; tests pass their own. */
export type AppDeps = {
  config: Config;
  db: Database;
  /** Catalogue reads may go to a replica; the same handle when there is none. */
  readDb: Database;
  database: DatabaseHandle;
  redis?: Redis | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { ensureServerBuild } from '../scripts/server-build.mjs';
// @ts-expect-error plain ESM script without types
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { seededDatabase, seedTemplates } from './seeded-data';
import { startServer } from './test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Serves the built product on a free port with a fresh database (a copy of the run's seeded PGlite directory,
 * or, when DATABASE_URL is set, a new PostgreSQL database made from the seeded template) holding the demo
 * data, like a first `npm start`. The seeded copies are provided to the files that start servers of their own.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  // Every server and the demo seeding run the compiled server (test-server.ts): built once here, not by tsx in each.
  await ensureServerBuild();
  const seeded = await seedTemplates();
  project.provide('seededPgliteDir', seeded.seededPgliteDir);
  project.provide('seededPostgresTemplate', seeded.seededPostgresTemplate);
  project.provide('seededPostgresDataDir', seeded.seededPostgresDataDir);
  const database = await seededDatabase(
    {
      pgliteDir: seeded.seededPgliteDir,
      postgresTemplate: seeded.seededPostgresTemplate,
      postgresDataDir: seeded.seededPostgresDataDir,
    },
    process.env.DATABASE_URL ? 'postgres' : 'pglite',
    'caravan-e2e-',
  );
  const server = await startServer({
    ...database.env,
    SEED_DEMO: 'true',
    // The sellers' test waits for a completed order to be settled.
    SETTLE_EVERY_SECONDS: '3',
  });
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    await database.remove();
    await seeded.remove();
  };
}

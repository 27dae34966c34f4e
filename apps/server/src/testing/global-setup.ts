import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script without types
import { ensureServerBuild } from '../../../../scripts/server-build.mjs';
import { openPglite, openPostgres } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedPlatformBasics } from '../db/seed/accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    testDatabaseUrl: string;
    demoPictureDir: string;
  }
}

/**
 * Migrates one template database for the whole run; each test file then gets a copy of it
 * (PGlite: a dumped data directory; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  // The compiled entry points the process-starting tests run (server-build.ts).
  await ensureServerBuild();
  const removePictures = provideDemoPictureDir(project);
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `caravan_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const handle = openPostgres(templateUrl.toString(), 2);
    await migrateDatabase(handle);
    await seedPlatformBasics(handle.db);
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('testDatabaseUrl', url);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      removePictures();
    };
  }
  const handle = await openPglite(undefined);
  await migrateDatabase(handle);
  await seedPlatformBasics(handle.db);
  const dump = await handle.pglite!.dumpDataDir('none');
  const dir = path.join(tmpdir(), 'caravan-test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  project.provide('testDatabaseUrl', '');
  return removePictures;
}

/**
 * One directory for the demo catalogue's pictures, shared by the files that seed it: they are named by content, so
 * a seeding finds those an earlier one drew instead of encoding the same few hundred again (about 25 s a file on a
 * busy 2-core machine). TEST_PICTURE_CACHE keeps them across runs (CI's two database lanes); otherwise the run's own
 * directory is removed at its end.
 */
function provideDemoPictureDir(project: TestProject): () => void {
  const kept = process.env.TEST_PICTURE_CACHE;
  const dir = kept || path.join(tmpdir(), 'caravan-test', `pictures-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  project.provide('demoPictureDir', dir);
  return () => {
    if (!kept) {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

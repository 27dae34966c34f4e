import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory (with its uploads) holding the demo marketplace, seeded once per run. */
    seededPgliteDir: string;
    /** A PostgreSQL database holding the same demo data, a template for each server that needs one. */
    seededPostgresTemplate: string;
    /** The uploads (demo pictures) that go with seededPostgresTemplate, as a data directory. */
    seededPostgresDataDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * PostgreSQL for the servers that run on it: the suite's DATABASE_URL, else the local server (the chat file
 * runs on PostgreSQL even when the suite runs on PGlite).
 */
export const E2E_POSTGRES_URL =
  process.env.DATABASE_URL ??
  process.env.CHAT_E2E_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: E2E_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** `npm run seed`, compiled (migrate, then the demo data a first `npm start` writes) into DATA_DIR or DATABASE_URL. */
function runSeed(dataDir: string, postgresUrl?: string): Promise<void> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.UPLOAD_DIR;
  if (postgresUrl) {
    env.DATABASE_URL = postgresUrl;
  }
  return new Promise((resolve, reject) => {
    // Compiled by scripts/server-build.mjs in the global setup, like the servers (test-server.ts).
    const child = spawn(process.execPath, ['apps/server/dist/seed-cli.mjs'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`demo seed exited with ${code}`)),
    );
  });
}

/** How long a browser lane waits for another lane's demo seeding (two seedings take about a minute on a busy machine). */
const SEEDING_WAIT_MS = 600_000;

type TSeeded = { seededPgliteDir: string; seededPostgresTemplate: string; seededPostgresDataDir: string };

/**
 * Seeds the demo marketplace once for the whole browser run, on PGlite and then on PostgreSQL, instead of once in
 * every server a test file starts: each server then starts on a copy, as a first `npm start` would have left it.
 * Answers the cleanup.
 */
export async function seedTemplates(): Promise<TSeeded & { remove: () => Promise<void> }> {
  // CI runs the browser tests in several lanes (two at once on PGlite, then a few files on PostgreSQL) and seeds
  // once for all: E2E_SEED_CACHE names a directory that keeps the templates, which the caller removes (.ci/run
  // drops the database it lists).
  const cache = process.env.E2E_SEED_CACHE;
  if (!cache) {
    return seedNewTemplates(tmpdir());
  }
  const manifest = path.join(cache, 'seeded.json');
  const failure = path.join(cache, 'seeding-failed');
  // CI runs two browser lanes at once on the same cache: the first to take the lock seeds, the other waits.
  let isSeeder = false;
  try {
    mkdirSync(path.join(cache, 'seeding.lock'));
    isSeeder = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  if (isSeeder && !existsSync(manifest)) {
    try {
      const seeded = await seedNewTemplates(cache);
      // Written whole, then renamed: a waiting lane never reads half a manifest.
      writeFileSync(`${manifest}.tmp`, JSON.stringify({ ...seeded, remove: undefined }));
      renameSync(`${manifest}.tmp`, manifest);
    } catch (error) {
      writeFileSync(failure, String(error));
      throw error;
    }
  }
  const deadline = Date.now() + SEEDING_WAIT_MS;
  while (!existsSync(manifest)) {
    if (existsSync(failure)) {
      throw new Error(`the demo seeding of another browser lane failed: ${readFileSync(failure, 'utf8')}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`no demo seeding in ${cache} after ${SEEDING_WAIT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const kept = JSON.parse(readFileSync(manifest, 'utf8')) as TSeeded;
  return { ...kept, remove: async () => undefined };
}

async function seedNewTemplates(parent: string): Promise<TSeeded & { remove: () => Promise<void> }> {
  const seededPgliteDir = mkdtempSync(path.join(parent, 'caravan-e2e-seeded-'));
  let seededPostgresTemplate = '';
  let seededPostgresDataDir = '';
  const name = `caravan_e2e_tpl_${randomBytes(4).toString('hex')}`;
  try {
    await adminQuery(`create database ${name}`);
    seededPostgresTemplate = name;
    seededPostgresDataDir = mkdtempSync(path.join(parent, 'caravan-e2e-seeded-pg-'));
  } catch (error) {
    // On PGlite only the chat file needs PostgreSQL: the others still run, and chat fails saying why.
    if (process.env.DATABASE_URL) {
      rmSync(seededPgliteDir, { recursive: true, force: true });
      throw error;
    }
    console.warn(`No demo template on PostgreSQL (${E2E_POSTGRES_URL}): ${String(error)}`);
  }
  const remove = async () => {
    rmSync(seededPgliteDir, { recursive: true, force: true });
    if (seededPostgresTemplate) {
      rmSync(seededPostgresDataDir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${seededPostgresTemplate} with (force)`);
    }
  };
  try {
    // One after the other, not at once: the demo pictures are named by their content, and a seeding that finds
    // them in its uploads draws none (29 s a seeding with pictures to draw, 13 s without, against 50 s for both at
    // once on two cores). The unit tests' picture directory (TEST_PICTURE_CACHE, kept by .ci/run) gives the first a
    // head start, or, when this seeding comes first (CI seeds before the unit tests), gets what it drew.
    const pictureCache = process.env.TEST_PICTURE_CACHE;
    if (pictureCache && existsSync(pictureCache)) {
      cpSync(pictureCache, path.join(seededPgliteDir, 'uploads'), { recursive: true });
    }
    await runSeed(seededPgliteDir);
    if (pictureCache) {
      cpSync(path.join(seededPgliteDir, 'uploads'), pictureCache, { recursive: true });
    }
    if (seededPostgresTemplate) {
      cpSync(path.join(seededPgliteDir, 'uploads'), path.join(seededPostgresDataDir, 'uploads'), {
        recursive: true,
      });
      await runSeed(seededPostgresDataDir, databaseUrl(E2E_POSTGRES_URL, seededPostgresTemplate));
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { seededPgliteDir, seededPostgresTemplate, seededPostgresDataDir, remove };
}

/** A fresh PGlite data directory with the demo data (a copy of the run's seeded one); remove it when done. */
export function seededPgliteCopy(seededPgliteDir: string, prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(seededPgliteDir, dir, { recursive: true });
  return dir;
}

/**
 * A fresh PostgreSQL database with the demo data (CREATE DATABASE ... TEMPLATE the seeded one) and a data
 * directory with its pictures; `drop` removes both.
 */
export async function seededPostgresCopy(
  seeded: { template: string; dataDir: string },
  prefix: string,
): Promise<{ url: string; dataDir: string; name: string; drop: () => Promise<void> }> {
  if (!seeded.template) {
    throw new Error(`this file needs PostgreSQL at ${E2E_POSTGRES_URL}, which global setup could not reach`);
  }
  const name = `${prefix}${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name} template ${seeded.template}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}data-`));
  cpSync(seeded.dataDir, dataDir, { recursive: true });
  return {
    url: databaseUrl(E2E_POSTGRES_URL, name),
    dataDir,
    name,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export type TSeededTemplates = { pgliteDir: string; postgresTemplate: string; postgresDataDir: string };

/**
 * A fresh copy of the run's demo data as a server's environment: DATA_DIR for PGlite, or DATABASE_URL and
 * DATA_DIR (the pictures) for PostgreSQL. `remove` deletes the copy once its servers have stopped.
 */
export async function seededDatabase(
  seeded: TSeededTemplates,
  database: 'pglite' | 'postgres',
  prefix: string,
): Promise<{ env: Record<string, string>; name: string; remove: () => Promise<void> }> {
  if (database === 'postgres') {
    const copy = await seededPostgresCopy(
      { template: seeded.postgresTemplate, dataDir: seeded.postgresDataDir },
      prefix.replaceAll('-', '_'),
    );
    return { env: { DATABASE_URL: copy.url, DATA_DIR: copy.dataDir }, name: copy.name, remove: copy.drop };
  }
  const dataDir = seededPgliteCopy(seeded.pgliteDir, prefix);
  return {
    env: { DATA_DIR: dataDir },
    name: path.basename(dataDir),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

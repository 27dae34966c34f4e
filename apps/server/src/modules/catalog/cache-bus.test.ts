import { randomBytes } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, type DatabaseHandle, wrapPglite } from '../../db/client';
import * as schema from '../../db/schema';
import { categories } from '../../db/schema';
import { createTestDatabase } from '../../testing/test-db';
import { clearCatalogCache } from './cache';
import { cachePublicPage } from './page-data';

/**
 * Issue 10, two processes: a catalogue change made through one server process clears the cached catalogue
 * of every other process, through the Redis bus. Two apps over one database and one Redis, each with its
 * own database handle (so its own cache), stand for the two processes.
 */
describe('catalogue cache across processes', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const connections: Redis[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      RUN_JOBS: 'false',
      DATA_DIR: '.tmp/test-data',
      REDIS_URL: 'redis://127.0.0.1:6379',
      // Apart from any other test or installation on the same Redis.
      BUS_CHANNEL_PREFIX: `caravan-test-${randomBytes(4).toString('hex')}:`,
    });
    const second: Database =
      database.kind === 'pglite'
        ? wrapPglite(database.pglite!).db
        : (drizzlePg({ client: database.pool!, schema, casing: 'snake_case' }) as unknown as Database);
    for (const db of [database.db, second]) {
      const redis = new Redis(config.REDIS_URL!, { maxRetriesPerRequest: 3 });
      connections.push(redis);
      const app = await buildApp({ config, db, readDb: db, database: { ...database, db }, redis });
      await app.ready();
      await app.bus.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    for (const redis of connections) {
      redis.disconnect();
    }
    await database.close();
  });

  const names = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/catalog/categories?lang=en' });
    return JSON.stringify(res.json());
  };

  it('clears the other process’s cache when one process changes the catalogue', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const before = await names(b);
    await database.db.insert(categories).values({ level: 1, names: { en: 'Bus-announced category' } });
    // B answers from its cache (60 s) and does not see the new category yet.
    expect(await names(b)).toBe(before);
    // The change is made through A: A clears its own cache and announces it.
    clearCatalogCache(a.deps.db);
    await expect.poll(() => names(b), { timeout: 5_000 }).toContain('Bus-announced category');
    expect(await names(a)).toContain('Bus-announced category');
  });

  it('shares a rendered page between the processes and renders it again everywhere after a change', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const rendered: string[] = [];
    const codec = {
      encode: (value: string) => Buffer.from(value),
      decode: (bytes: Buffer) => bytes.toString(),
    };
    const page = (app: FastifyInstance, text: string) =>
      cachePublicPage(
        app.deps.readDb,
        'build:en:/index',
        async () => {
          rendered.push(text);
          return text;
        },
        {
          sizeOf: (text) => text.length,
          shared: { codec, onError: (error) => rendered.push(`error ${String(error)}`) },
        },
      );
    expect(await page(a, 'rendered by A')).toBe('rendered by A');
    await expect.poll(() => page(b, 'rendered by B')).toBe('rendered by A');
    expect(rendered).toEqual(['rendered by A']);
    // The change is made through A; B's copy and the shared one go, B renders its own.
    clearCatalogCache(a.deps.db);
    await expect
      .poll(() => page(b, 'rendered by B after the change'), { timeout: 5_000 })
      .toBe('rendered by B after the change');
    expect(rendered).toEqual(['rendered by A', 'rendered by B after the change']);
    expect(await page(a, 'rendered by A again')).toBe('rendered by B after the change');
  });
});

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import { lendPglite } from './pglite-pool';

/**
 * A migrated database at the template's state for one test file: PGlite in memory by default (a new one, or one an
 * earlier file of this worker closed, brought back to the template: pglite-pool.ts), or a new PostgreSQL database
 * when the run has DATABASE_URL. Close it in afterAll.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  if (template) {
    const url = inject('testDatabaseUrl');
    const name = `caravan_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    // Two pools of 20 per test database: two vitest workers then hold at most 80 of PostgreSQL's 100 connections.
    // With 40 each, two concurrency tests running at once on the two workers were refused (53300, too many clients).
    const handle = openPostgres(dbUrl.toString(), 20);
    const close = handle.close;
    handle.close = async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
    return handle;
  }
  const templateFile = inject('pgliteTemplate');
  return lendPglite(templateFile, async () => {
    const started = await openPglite(
      undefined,
      new TemplateBytes(pgliteTemplate(templateFile)),
      TEST_PGLITE_SETTINGS,
    );
    return started.pglite!;
  });
}

/**
 * A test file's PGlite database holds a few megabytes. With PostgreSQL's default buffer pool of 128 MB an open took
 * 1.0-1.1 s of CPU, with 16 MB 0.6 s (2026-12-05, three opens each way on an idle machine).
 */
const TEST_PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** The migrated template's bytes, read once per worker: the server project's files share their workers. */
let template: { file: string; bytes: Uint8Array } | undefined;

function pgliteTemplate(file: string): Uint8Array {
  if (template?.file !== file) {
    template = { file, bytes: readFileSync(file) };
  }
  return template.bytes;
}

/**
 * The template as PGlite reads it (only `arrayBuffer()`, which it unpacks without writing to it), lent instead of
 * copied: read back through Node's Blob, the file's 45 MB cost 0.3-0.45 s of CPU per open.
 */
class TemplateBytes extends Blob {
  readonly #lent: Uint8Array;

  constructor(lent: Uint8Array) {
    super([]);
    this.#lent = lent;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#lent;
    return Promise.resolve(
      byteOffset === 0 && byteLength === buffer.byteLength
        ? (buffer as ArrayBuffer)
        : (buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer),
    );
  }
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/migrate';

const MIGRATION = 'chat_uploads_to_upload_owners';

async function runMigration(handle: DatabaseHandle, tag: string): Promise<void> {
  const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) {
      await handle.exec(statement);
    }
  }
}

/** The migration that retires chat's own upload table carries its owners over to the shared upload_owners. */
describe(`migration ${MIGRATION}`, () => {
  let handle: DatabaseHandle;
  let tags: string[];
  const hash = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const otherHash = '0123456789abcdef0123456789abcdef';

  beforeAll(async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    tags = journal.entries.map((entry) => entry.tag);
    handle = await openPglite(undefined);
    for (const tag of tags) {
      if (tag.endsWith(MIGRATION)) {
        break;
      }
      await runMigration(handle, tag);
    }
  });
  afterAll(async () => {
    await handle.close();
  });

  it('moves every chat picture owner to upload_owners and drops chat_uploads', async () => {
    await handle.exec(`
      insert into upload_owners (hash, owner) values ('${otherHash}', 'user:7');
      insert into chat_uploads (owner_kind, owner_id, url) values
        ('user', 7, '/uploads/img/a1/${hash}-480.webp'),
        ('user', 7, '/uploads/img/a1/${hash}-240.webp'),
        ('staff', 3, '/uploads/img/a1/${hash}-480.webp'),
        ('user', 7, '/uploads/img/01/${otherHash}-960.webp'),
        ('user', 9, 'https://elsewhere.example/x.png');
    `);
    await runMigration(handle, tags.find((tag) => tag.endsWith(MIGRATION))!);
    const owners = await handle.pglite!.query<{ hash: string; owner: string }>(
      'select hash, owner from upload_owners order by hash, owner',
    );
    expect(owners.rows).toEqual([
      { hash: otherHash, owner: 'user:7' },
      { hash, owner: 'staff:3' },
      { hash, owner: 'user:7' },
    ]);
    const table = await handle.pglite!.query<{ name: string | null }>(
      "select to_regclass('public.chat_uploads')::text as name",
    );
    expect(table.rows[0]!.name).toBeNull();
  });
});

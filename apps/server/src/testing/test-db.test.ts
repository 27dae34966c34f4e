import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-db';

async function tableNamed(handle: Awaited<ReturnType<typeof createTestDatabase>>, name: string) {
  const result = await handle.db.execute(sql`select to_regclass(${name}) as found`);
  return (result.rows[0] as { found: string | null }).found;
}

async function readRows(handle: Awaited<ReturnType<typeof createTestDatabase>>, query: string) {
  return (await handle.db.execute(sql.raw(query))).rows;
}

describe('a test file database', () => {
  // On PGlite every open unpacks the same template bytes in memory: what one database writes must reach neither
  // another open one nor those opened after it.
  it('starts from the migrated template and shares nothing with the other test databases', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      expect(await tableNamed(first, 'users')).toBe('users');
      await first.exec("create table probe (note text); insert into probe values ('written by the first')");
      expect(await tableNamed(first, 'probe')).toBe('probe');
      expect(await tableNamed(second, 'probe')).toBeNull();
      const third = await createTestDatabase();
      try {
        expect(await tableNamed(third, 'probe')).toBeNull();
        expect(await tableNamed(third, 'users')).toBe('users');
      } finally {
        await third.close();
      }
    } finally {
      await first.close();
      await second.close();
    }
  });

  // On PGlite a closed database is kept for the worker's next file and brought back to the template first
  // (pglite-pool.ts); on PostgreSQL each database is new. Either way the next file sees none of this one's work.
  it('gives a file opened after another closed none of its rows, settings or sequence values', async () => {
    const fresh = await createTestDatabase();
    const templateParams = await readRows(fresh, 'select code, value from system_params order by code');
    const templateNextRole = await readRows(fresh, "select nextval('roles_id_seq')::text as next");
    const templateTimezone = await readRows(fresh, 'show timezone');
    await fresh.close();

    const used = await createTestDatabase();
    await used.exec(`
      update system_params set value = 'changed by a test';
      insert into roles (name, permissions) values ('probe role', '{}');
      select nextval('roles_id_seq');
      set timezone = 'Asia/Tokyo';
    `);
    await used.close();

    const next = await createTestDatabase();
    try {
      expect(await readRows(next, 'select code, value from system_params order by code')).toEqual(
        templateParams,
      );
      expect(
        await readRows(next, "select count(*)::int as count from roles where name = 'probe role'"),
      ).toEqual([{ count: 0 }]);
      expect(await readRows(next, "select nextval('roles_id_seq')::text as next")).toEqual(templateNextRole);
      expect(await readRows(next, 'show timezone')).toEqual(templateTimezone);
      await expect(used.exec('select 1')).rejects.toThrow();
    } finally {
      await next.close();
    }
  });
});

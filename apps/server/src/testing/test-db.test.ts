import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-db';

async function tableNamed(handle: Awaited<ReturnType<typeof createTestDatabase>>, name: string) {
  const result = await handle.db.execute(sql`select to_regclass(${name}) as found`);
  return (result.rows[0] as { found: string | null }).found;
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
});

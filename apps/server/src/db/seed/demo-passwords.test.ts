import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, newInvitationCode, newUsercode } from '../../modules/auth';
import { createTestDatabase } from '../../testing/test-db';
import type { DatabaseHandle } from '../client';
import { users } from '../schema';
import { assertDemoPasswordsChanged, findUnchangedDemoPasswords, listDemoAccounts } from './demo-passwords';

const README = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');

/** Issue 10 defect 10: every demo account is listed, and a public https site refuses unchanged ones. */
describe('demo accounts', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('README lists every account the demo data creates, with its password', () => {
    const accounts = listDemoAccounts();
    expect(accounts.map((a) => a.username)).toEqual(
      expect.arrayContaining(['seller01', 'seller11', 'reviewer01', 'reviewer12', 'admin', 'demobuyer']),
    );
    for (const account of accounts) {
      const mentioned =
        README.includes(`\`${account.username}\` / \`${account.password}\``) ||
        (/^seller\d\d$/.test(account.username) &&
          README.includes(
            `\`seller01\` ... \`seller${String(accounts.filter((a) => /^seller\d\d$/.test(a.username)).length).padStart(2, '0')}\` / \`${account.password}\``,
          )) ||
        (/^reviewer\d\d$/.test(account.username) &&
          README.includes(`\`reviewer01\` ... \`reviewer12\` / \`${account.password}\``));
      expect(mentioned, `${account.username} is not in README.md`).toBe(true);
    }
  });

  it('refuses an https start while a demo password is unchanged, unless allowed', async () => {
    const db = database.db;
    const hash = await hashPassword('seller123');
    await db.insert(users).values({
      usercode: newUsercode(),
      username: 'seller03',
      passwordHash: hash,
      invitationCode: newInvitationCode(),
      isDemo: true,
    });
    expect(await findUnchangedDemoPasswords(db)).toEqual(['users:seller03']);
    await expect(
      assertDemoPasswordsChanged(db, { PUBLIC_URL: 'https://shop.example', ALLOW_DEMO_PASSWORDS: false }),
    ).rejects.toThrow(/users:seller03/);
    await expect(
      assertDemoPasswordsChanged(db, { PUBLIC_URL: 'https://shop.example', ALLOW_DEMO_PASSWORDS: true }),
    ).resolves.toBeUndefined();
    await expect(
      assertDemoPasswordsChanged(db, { PUBLIC_URL: 'http://localhost:3000', ALLOW_DEMO_PASSWORDS: false }),
    ).resolves.toBeUndefined();
    // Changed: the site may serve.
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('Changed-4u') })
      .where(eq(users.username, 'seller03'));
    expect(await findUnchangedDemoPasswords(db)).toEqual([]);
    await expect(
      assertDemoPasswordsChanged(db, { PUBLIC_URL: 'https://shop.example', ALLOW_DEMO_PASSWORDS: false }),
    ).resolves.toBeUndefined();
  });
});

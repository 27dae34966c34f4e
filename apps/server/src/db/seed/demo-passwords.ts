import { inArray } from 'drizzle-orm';
import { verifyPassword } from '../../modules/auth';
import type { Executor } from '../client';
import { staff, users } from '../schema';
import { DEMO_LOGINS } from './accounts';
import { STORE_PROFILES } from './catalog-words';
import { DEMO_APPLICANT } from './merchants';

/** The demo shops' owners seller01, seller02, ... (one per store profile) share this password. */
export const DEMO_SELLER_PASSWORD = 'seller123';
/** The demo reviewers reviewer01 ... reviewer12 share this password. */
export const DEMO_REVIEWER_PASSWORD = 'buyer123';
export const DEMO_REVIEWER_COUNT = 12;

export type TDemoAccount = { table: 'users' | 'staff'; username: string; password: string };

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Every account the demo data creates, with its password (README.md lists the same). */
export function listDemoAccounts(): TDemoAccount[] {
  return [
    { table: 'users', ...DEMO_LOGINS.buyer },
    { table: 'users', ...DEMO_LOGINS.seller },
    { table: 'users', ...DEMO_APPLICANT },
    ...STORE_PROFILES.map((_, i) => ({
      table: 'users' as const,
      username: `seller${twoDigits(i + 1)}`,
      password: DEMO_SELLER_PASSWORD,
    })),
    ...Array.from({ length: DEMO_REVIEWER_COUNT }, (_, i) => ({
      table: 'users' as const,
      username: `reviewer${twoDigits(i + 1)}`,
      password: DEMO_REVIEWER_PASSWORD,
    })),
    { table: 'staff', ...DEMO_LOGINS.admin },
    { table: 'staff', ...DEMO_LOGINS.finance },
    { table: 'staff', ...DEMO_LOGINS.support },
  ];
}

/**
 * The demo accounts that exist and still accept their published password (`users:seller03`,
 * `staff:admin`). Accounts sharing one hash are checked once.
 */
export async function findUnchangedDemoPasswords(db: Executor): Promise<string[]> {
  const accounts = listDemoAccounts();
  const names = (table: TDemoAccount['table']) =>
    accounts.filter((a) => a.table === table).map((a) => a.username);
  const [userRows, staffRows] = await Promise.all([
    db
      .select({ username: users.username, passwordHash: users.passwordHash })
      .from(users)
      .where(inArray(users.username, names('users'))),
    db
      .select({ username: staff.username, passwordHash: staff.passwordHash })
      .from(staff)
      .where(inArray(staff.username, names('staff'))),
  ]);
  const hashes = new Map<string, string>();
  for (const row of userRows) {
    hashes.set(`users:${row.username}`, row.passwordHash);
  }
  for (const row of staffRows) {
    hashes.set(`staff:${row.username}`, row.passwordHash);
  }
  const verdicts = new Map<string, Promise<boolean>>();
  const unchanged: string[] = [];
  for (const account of accounts) {
    const key = `${account.table}:${account.username}`;
    const hash = hashes.get(key);
    if (!hash) {
      continue;
    }
    const pair = `${hash}\u0000${account.password}`;
    if (!verdicts.has(pair)) {
      verdicts.set(pair, verifyPassword(hash, account.password));
    }
    if (await verdicts.get(pair)) {
      unchanged.push(key);
    }
  }
  return unchanged;
}

export class DemoPasswordsError extends Error {}

/**
 * Refuses to serve a public https site while any demo account still has its published password, unless
 * ALLOW_DEMO_PASSWORDS is set (a public demo). Plain-http (local) installations are not checked.
 */
export async function assertDemoPasswordsChanged(
  db: Executor,
  config: { PUBLIC_URL: string; ALLOW_DEMO_PASSWORDS: boolean },
): Promise<void> {
  if (!config.PUBLIC_URL.startsWith('https://') || config.ALLOW_DEMO_PASSWORDS) {
    return;
  }
  const unchanged = await findUnchangedDemoPasswords(db);
  if (unchanged.length > 0) {
    throw new DemoPasswordsError(
      [
        `Refusing to serve ${config.PUBLIC_URL}: these demo accounts still have their published passwords:`,
        `  ${unchanged.join(', ')}`,
        'Change or disable them (or start from an empty database with SEED_DEMO=false), or set',
        'ALLOW_DEMO_PASSWORDS=true for a public demo.',
      ].join('\n'),
    );
  }
}

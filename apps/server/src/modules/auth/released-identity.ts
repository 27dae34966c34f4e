import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { readAccountSetting } from '../verification-codes';
import { mobileMatches } from './login';

export type TLogInName = { username: string } | { email: string } | { areaCode: string; phone: string };

/**
 * A cancelled account holds its username, e-mail and mobile for `account_reregister_days` (SPEC §4), so nobody
 * can take over a name its old contacts still trust. Once the hold has passed, the name is freed for whoever
 * asks for it: the old row keeps its id, usercode, ledger and orders, and keeps the released names in
 * `former_*` for staff, but no longer occupies the unique indexes. Freed on demand, exactly at the boundary,
 * rather than by a timed job. Run it before checking whether a name is taken.
 */
export async function releaseLapsedLogInName(db: Executor, name: TLogInName): Promise<void> {
  const days = Number(await readAccountSetting(db, 'account_reregister_days'));
  const matches: SQL | undefined =
    'username' in name
      ? sql`lower(${users.username}) = lower(${name.username.trim()})`
      : 'email' in name
        ? eq(users.email, name.email.trim().toLowerCase())
        : mobileMatches(name.areaCode, name.phone);
  await db
    .update(users)
    .set({
      formerUsername: sql`coalesce(${users.username}, ${users.formerUsername})`,
      formerEmail: sql`coalesce(${users.email}, ${users.formerEmail})`,
      formerAreaCode: sql`coalesce(${users.areaCode}, ${users.formerAreaCode})`,
      formerPhone: sql`coalesce(${users.phone}, ${users.formerPhone})`,
      username: null,
      email: null,
      areaCode: null,
      phone: null,
      identityReleasedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.status, 'cancelled'),
        sql`${users.cancelledAt} <= now() - make_interval(days => ${days})`,
        or(matches),
      ),
    );
}

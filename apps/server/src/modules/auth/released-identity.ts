import { and, eq, gt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { givenUpUsernames, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
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

/** Records the name an account gives up by renaming itself (call it in the renaming's transaction). */
export async function holdGivenUpUsername(tx: Executor, userId: bigint, username: string): Promise<void> {
  await tx.insert(givenUpUsernames).values({ userId, username });
}

/**
 * Refuses a username another account gave up less than `account_reregister_days` ago (USERNAME_TAKEN, as if it
 * still held it); its former holder may take it back. Check it after the name was found free on `users`: the
 * renaming writes the hold in the transaction that frees the name, so a hold is visible once the name is free.
 */
export async function assertUsernameNotHeld(db: Executor, username: string, userId?: bigint): Promise<void> {
  const days = Number(await readAccountSetting(db, 'account_reregister_days'));
  const [held] = await db
    .select({ id: givenUpUsernames.id })
    .from(givenUpUsernames)
    .where(
      and(
        sql`lower(${givenUpUsernames.username}) = lower(${username.trim()})`,
        gt(givenUpUsernames.givenUpAt, sql`now() - make_interval(days => ${days})`),
        userId === undefined ? undefined : ne(givenUpUsernames.userId, userId),
      ),
    )
    .limit(1);
  if (held) {
    throw new AppError('USERNAME_TAKEN');
  }
}

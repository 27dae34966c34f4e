import { createHash } from 'node:crypto';
import { PUBLIC_SYSTEM_PARAM_CODES, type TLanguage } from '@caravan/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { subscriptions, systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { issueWelcomeCoupon } from '../coupons';
import type { TCounterStore } from '../ops';
import { readAccountSetting } from '../verification-codes';

/**
 * The form of an address that decides whether it is already subscribed: lower case, without the `+tag` of the local
 * part. `name+1@domain` and `Name@domain` reach the same mailbox, so they must not each get a welcome coupon.
 */
export function canonicalSubscriptionEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.split('+')[0]}@${domain}`.toLowerCase();
}

/** The same canonical form in SQL, for the stored addresses: the expression of subscriptions_mailbox_idx (keep them equal). */
const canonicalColumn = sql`lower(split_part(split_part(${subscriptions.email}, '@', 1), '+', 1) || '@' || split_part(${subscriptions.email}, '@', 2))`;

/** An hour of welcome mails from one IP address (subscribe_ip_hourly_limit). */
const IP_WINDOW_MS = 60 * 60_000;

function ipKey(ip: string): string {
  return `subscribe:ip:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;
}

/**
 * Adds an e-mail to the coupon subscription list and mails it a welcome coupon code, in one transaction;
 * an address already subscribed (in its canonical form) is refused and gets nothing. One IP address may have
 * at most subscribe_ip_hourly_limit welcome mails sent an hour (shared counters: Redis with REDIS_URL), so one
 * machine cannot mail coupons to a list of strangers (QA buyer #4).
 */
export async function subscribeEmail(
  db: Database,
  input: { email: string; lang: TLanguage; userId?: bigint | undefined },
  context: { ip: string; counters: TCounterStore },
) {
  const sourceKey = ipKey(context.ip);
  const ipLimit = Number(await readAccountSetting(db, 'subscribe_ip_hourly_limit'));
  if ((await context.counters.peek(sourceKey)) >= ipLimit) {
    throw new AppError('TOO_FREQUENT');
  }
  const canonical = canonicalSubscriptionEmail(input.email);
  let isMailed = false;
  try {
    await db.transaction(async (tx) => {
      // Serialises subscriptions of one mailbox, so two spellings of it at once cannot both pass the check.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`subscription:${canonical}`}, 0))`,
      );
      const [taken] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(sql`${canonicalColumn} = ${canonical}`)
        .limit(1);
      if (taken) {
        throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
      }
      const inserted = await tx
        .insert(subscriptions)
        .values({ email: input.email, lang: input.lang, userId: input.userId ?? null })
        .onConflictDoNothing()
        .returning({ id: subscriptions.id });
      if (inserted.length === 0) {
        throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
      }
      const code = await issueWelcomeCoupon(tx, {
        email: input.email,
        userId: input.userId,
        lang: input.lang,
      });
      isMailed = code !== null;
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) {
      throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
    }
    throw error;
  }
  if (isMailed) {
    await context.counters.hit(sourceKey, IP_WINDOW_MS);
  }
}

const PUBLIC_CODES: ReadonlySet<string> = new Set(PUBLIC_SYSTEM_PARAM_CODES);

/** Values of the requested public system parameters, keyed by code; other codes are left out. */
export async function getPublicSystemParams(db: Database, codes: string[]): Promise<Record<string, string>> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter((c) => PUBLIC_CODES.has(c)))];
  if (wanted.length === 0) {
    return {};
  }
  const rows = await db
    .select({ code: systemParams.code, value: systemParams.value })
    .from(systemParams)
    .where(inArray(systemParams.code, wanted));
  return Object.fromEntries(rows.map((r) => [r.code, r.value]));
}

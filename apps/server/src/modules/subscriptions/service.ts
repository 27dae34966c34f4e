import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PUBLIC_SYSTEM_PARAM_CODES,
  SUBSCRIPTION_CONFIRM_DAYS,
  type TLanguage,
  VERIFICATION_CODE_COOLDOWN_SECONDS,
} from '@caravan/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { subscriptions, subscriptionTokens, systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { issueWelcomeCoupon } from '../coupons';
import { cancelPendingMail, enqueueMail } from '../mail';
import { type TCounterStore, testClockOf } from '../ops';
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

/** An hour of confirmation mails from one IP address (subscribe_ip_hourly_limit). */
const IP_WINDOW_MS = 60 * 60_000;
/** A day of confirmation mails to one mailbox (verify_code_daily_limit, as for codes to one address). */
const MAILBOX_WINDOW_MS = 24 * 60 * 60_000;
const CONFIRM_VALID_MS = SUBSCRIPTION_CONFIRM_DAYS * 24 * 60 * 60_000;
/**
 * The queued mails an unsubscribed address must not get any more. Not the welcome-coupon mails: their coupon is
 * already issued and the mail is its only carrier, the answer to the confirmation rather than marketing to stop
 * (QA newfeat finding 10); an anonymous subscriber would otherwise never learn the code.
 */
const CANCELLED_ON_UNSUBSCRIBE = ['subscriptionConfirm'] as const;

function hashedKey(prefix: string, value: string): string {
  return `${prefix}${createHash('sha256').update(value).digest('base64url').slice(0, 22)}`;
}

const ipKey = (ip: string) => hashedKey('subscribe:ip:', ip);
const mailboxKey = (canonical: string) => hashedKey('subscribe:mailbox:', canonical);

type TPurpose = (typeof subscriptionTokens.$inferInsert)['purpose'];

/** `<selector>.<verifier>`: 16 and 43 base64url characters (96 and 256 random bits). */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

function hashVerifier(verifier: string): Buffer {
  return createHash('sha256').update(verifier).digest();
}

/** A new random link token of the subscription; only the verifier's hash is kept. */
async function createToken(
  tx: Executor,
  subscriptionId: bigint,
  purpose: TPurpose,
  expiresAt: Date | null,
): Promise<string> {
  const selector = randomBytes(12).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  await tx.insert(subscriptionTokens).values({
    subscriptionId,
    purpose,
    selector,
    verifierHash: hashVerifier(verifier).toString('base64url'),
    expiresAt,
  });
  return `${selector}.${verifier}`;
}

/**
 * The token row a link names, or SUBSCRIPTION_LINK_INVALID. The selector finds the row (it is no secret); the
 * verifier's hash is compared in constant time, so the answer time tells nothing about how much of it was right.
 */
async function findToken(tx: Executor, purpose: TPurpose, token: string) {
  const parts = TOKEN_SHAPE.exec(token);
  if (!parts) {
    throw new AppError('SUBSCRIPTION_LINK_INVALID');
  }
  const [, selector = '', verifier = ''] = parts;
  const [row] = await tx
    .select()
    .from(subscriptionTokens)
    .where(and(eq(subscriptionTokens.selector, selector), eq(subscriptionTokens.purpose, purpose)))
    .limit(1);
  const expected = Buffer.from(row?.verifierHash ?? '', 'base64url');
  const given = hashVerifier(verifier);
  // Compared even without a row (against itself), so a missing selector takes as long as a wrong verifier.
  const isMatch = timingSafeEqual(expected.length === given.length ? expected : given, given);
  if (!row || expected.length !== given.length || !isMatch) {
    throw new AppError('SUBSCRIPTION_LINK_INVALID');
  }
  return row;
}

export type TSubscriptionContext = { ip: string; counters: TCounterStore; publicUrl: string };

/** The storefront pages of the links; the token rides in the fragment, which browsers never send to a server. */
function pageUrl(publicUrl: string, page: 'confirm' | 'unsubscribe', lang: TLanguage, token: string): string {
  const url = new URL(`/subscription/${page}`, publicUrl);
  url.searchParams.set('lang', lang);
  url.hash = token;
  return url.toString();
}

/**
 * The unsubscribe link of one marketing mail: the page for people (in the text) and the RFC 8058 one-click address
 * for mail providers (in the List-Unsubscribe header, token in the path as the RFC needs, redacted from logs).
 */
async function unsubscribeLink(
  tx: Executor,
  subscriptionId: bigint,
  lang: TLanguage,
  publicUrl: string,
): Promise<{ url: string; headers: Record<string, string> }> {
  const token = await createToken(tx, subscriptionId, 'unsubscribe', null);
  const oneClick = new URL(`/api/v1/subscriptions/one-click/${token}`, publicUrl).toString();
  return {
    url: pageUrl(publicUrl, 'unsubscribe', lang, token),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Serialises everything done to one mailbox (two spellings at once, two confirmations at once). */
async function lockMailbox(tx: Executor, canonical: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscription:${canonical}`}, 0))`);
}

/**
 * Subscribes an address with double opt-in: the subscription is stored pending and a confirmation mail (in the
 * request's language) carries the link that activates it; the welcome coupon comes only with confirmation. An
 * active address (in its canonical form) is refused; a pending or unsubscribed one gets a new confirmation mail,
 * at most one per VERIFICATION_CODE_COOLDOWN_SECONDS and verify_code_daily_limit a day, as codes to one address
 * (so the form cannot flood a stranger's mailbox). One IP address may have subscribe_ip_hourly_limit confirmation
 * mails sent an hour (shared counters: Redis with REDIS_URL; QA buyer #4).
 */
export async function subscribeEmail(
  db: Database,
  input: { email: string; lang: TLanguage; userId?: bigint | undefined },
  context: TSubscriptionContext,
) {
  const sourceKey = ipKey(context.ip);
  const ipLimit = Number(await readAccountSetting(db, 'subscribe_ip_hourly_limit'));
  if ((await context.counters.peek(sourceKey)) >= ipLimit) {
    throw new AppError('TOO_FREQUENT');
  }
  const canonical = canonicalSubscriptionEmail(input.email);
  const boxKey = mailboxKey(canonical);
  const mailboxLimit = Number(await readAccountSetting(db, 'verify_code_daily_limit'));
  if ((await context.counters.peek(boxKey)) >= mailboxLimit) {
    throw new AppError('TOO_FREQUENT');
  }
  try {
    await db.transaction(async (tx) => {
      await lockMailbox(tx, canonical);
      const known = await tx
        .select({
          id: subscriptions.id,
          email: subscriptions.email,
          status: subscriptions.status,
          userId: subscriptions.userId,
          confirmSentAt: subscriptions.confirmSentAt,
        })
        .from(subscriptions)
        .where(sql`${canonicalColumn} = ${canonical}`)
        .orderBy(sql`${subscriptions.id} desc`);
      if (known.some((row) => row.status === 'active')) {
        throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
      }
      const now = testClockOf(db).now();
      let row = known[0];
      if (row) {
        const sinceLast = row.confirmSentAt ? now.getTime() - row.confirmSentAt.getTime() : Infinity;
        if (sinceLast < VERIFICATION_CODE_COOLDOWN_SECONDS * 1000) {
          throw new AppError('SUBSCRIPTION_CONFIRM_RECENTLY_SENT');
        }
        await tx
          .update(subscriptions)
          .set({
            status: 'pending',
            lang: input.lang,
            userId: input.userId ?? row.userId,
            confirmSentAt: now,
          })
          .where(eq(subscriptions.id, row.id));
        // The previous confirmation link stops working: only the newest mail confirms.
        await tx
          .delete(subscriptionTokens)
          .where(
            and(eq(subscriptionTokens.subscriptionId, row.id), eq(subscriptionTokens.purpose, 'confirm')),
          );
      } else {
        const [inserted] = await tx
          .insert(subscriptions)
          .values({
            email: input.email,
            lang: input.lang,
            userId: input.userId ?? null,
            status: 'pending',
            confirmSentAt: now,
          })
          .returning({
            id: subscriptions.id,
            email: subscriptions.email,
            status: subscriptions.status,
            userId: subscriptions.userId,
            confirmSentAt: subscriptions.confirmSentAt,
          });
        row = inserted;
      }
      if (!row) {
        throw new Error('subscription not stored');
      }
      const expiresAt = new Date(now.getTime() + CONFIRM_VALID_MS);
      const confirmToken = await createToken(tx, row.id, 'confirm', expiresAt);
      const unsubscribe = await unsubscribeLink(tx, row.id, input.lang, context.publicUrl);
      await enqueueMail(tx, {
        to: row.email,
        template: 'subscriptionConfirm',
        lang: input.lang,
        params: {
          days: SUBSCRIPTION_CONFIRM_DAYS,
          confirmUrl: pageUrl(context.publicUrl, 'confirm', input.lang, confirmToken),
          unsubscribeUrl: unsubscribe.url,
        },
        headers: unsubscribe.headers,
        // A link that no longer confirms is not worth sending.
        expiresAt,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) {
      throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
    }
    throw error;
  }
  await context.counters.hit(sourceKey, IP_WINDOW_MS);
  await context.counters.hit(boxKey, MAILBOX_WINDOW_MS);
}

/**
 * Follows a confirmation link: a pending subscription becomes active and, the first time this mailbox is confirmed,
 * gets its welcome coupon (one per account and per canonical mailbox, as before). A second confirmation, also one at
 * the same moment (they wait for each other on the mailbox lock), answers `alreadyConfirmed` and sends nothing. A
 * link older than SUBSCRIPTION_CONFIRM_DAYS confirms nothing (SUBSCRIPTION_LINK_EXPIRED).
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  context: { publicUrl: string },
): Promise<{ result: 'confirmed' | 'alreadyConfirmed' }> {
  return db.transaction(async (tx) => {
    const link = await findToken(tx, 'confirm', token);
    const [found] = await tx
      .select({ email: subscriptions.email })
      .from(subscriptions)
      .where(eq(subscriptions.id, link.subscriptionId));
    if (!found) {
      throw new AppError('SUBSCRIPTION_LINK_INVALID');
    }
    const canonical = canonicalSubscriptionEmail(found.email);
    await lockMailbox(tx, canonical);
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, link.subscriptionId))
      .for('update');
    if (!row || row.status === 'unsubscribed') {
      throw new AppError('SUBSCRIPTION_LINK_INVALID');
    }
    if (row.status === 'active') {
      return { result: 'alreadyConfirmed' as const };
    }
    const now = testClockOf(db).now();
    if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('SUBSCRIPTION_LINK_EXPIRED');
    }
    const [welcomed] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(sql`${canonicalColumn} = ${canonical}`, sql`${subscriptions.welcomedAt} is not null`))
      .limit(1);
    await tx
      .update(subscriptions)
      .set({ status: 'active', confirmedAt: now, ...(welcomed ? {} : { welcomedAt: now }) })
      .where(eq(subscriptions.id, row.id));
    if (!welcomed) {
      const lang = (row.lang ?? 'en') as TLanguage;
      await issueWelcomeCoupon(tx, {
        email: row.email,
        userId: row.userId,
        lang,
        now,
        unsubscribe: await unsubscribeLink(tx, row.id, lang, context.publicUrl),
      });
    }
    return { result: 'confirmed' as const };
  });
}

/**
 * Follows an unsubscribe link (the page's button or a mail provider's one-click POST): the subscription gets no more
 * marketing mail, a queued confirmation included (not a queued welcome mail: its coupon is issued), and its
 * confirmation links stop working. Unsubscribing again changes nothing and succeeds. The address may subscribe again
 * later; its welcome coupon stays given (welcomedAt).
 */
export async function unsubscribe(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await findToken(tx, 'unsubscribe', token);
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, link.subscriptionId))
      .for('update');
    if (!row) {
      throw new AppError('SUBSCRIPTION_LINK_INVALID');
    }
    if (row.status !== 'unsubscribed') {
      await tx
        .update(subscriptions)
        .set({ status: 'unsubscribed', unsubscribedAt: testClockOf(db).now() })
        .where(eq(subscriptions.id, row.id));
    }
    await tx
      .delete(subscriptionTokens)
      .where(and(eq(subscriptionTokens.subscriptionId, row.id), eq(subscriptionTokens.purpose, 'confirm')));
    await cancelPendingMail(tx, { to: row.email, templates: CANCELLED_ON_UNSUBSCRIBE });
  });
}

/**
 * Forgets addresses that never confirmed within SUBSCRIPTION_CONFIRM_DAYS (no consent, nothing to keep them for),
 * and puts back to `unsubscribed` an earlier subscriber's unconfirmed return, keeping the record of its welcome
 * coupon. Expired confirmation links go with them. Answers how many addresses were forgotten.
 */
export async function pruneUnconfirmedSubscriptions(
  db: Database,
  now = testClockOf(db).now(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - CONFIRM_VALID_MS);
  return db.transaction(async (tx) => {
    const forgotten = await tx
      .delete(subscriptions)
      .where(
        and(
          eq(subscriptions.status, 'pending'),
          sql`${subscriptions.confirmedAt} is null`,
          sql`${subscriptions.confirmSentAt} < ${cutoff}`,
        ),
      )
      .returning({ id: subscriptions.id });
    await tx
      .update(subscriptions)
      .set({ status: 'unsubscribed' })
      .where(and(eq(subscriptions.status, 'pending'), sql`${subscriptions.confirmSentAt} < ${cutoff}`));
    await tx
      .delete(subscriptionTokens)
      .where(and(eq(subscriptionTokens.purpose, 'confirm'), sql`${subscriptionTokens.expiresAt} < ${now}`));
    return forgotten.length;
  });
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

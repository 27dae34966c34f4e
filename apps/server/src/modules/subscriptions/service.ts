import { PUBLIC_SYSTEM_PARAM_CODES, type TLanguage } from '@caravan/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { subscriptions, systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { issueWelcomeCoupon } from '../coupons';

/**
 * Adds an e-mail to the coupon subscription list and mails it a welcome coupon code, in one transaction;
 * a repeated address is refused and gets nothing.
 */
export async function subscribeEmail(
  db: Database,
  input: { email: string; lang: TLanguage; userId?: bigint | undefined },
) {
  try {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(subscriptions)
        .values({ email: input.email, lang: input.lang, userId: input.userId ?? null })
        .onConflictDoNothing()
        .returning({ id: subscriptions.id });
      if (inserted.length === 0) {
        throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
      }
      await issueWelcomeCoupon(tx, { email: input.email, userId: input.userId, lang: input.lang });
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) {
      throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
    }
    throw error;
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

import { PUBLIC_SYSTEM_PARAM_CODES } from '@caravan/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/pg-error';
import { subscriptions, systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** Adds an e-mail to the coupon subscription list; a repeated address is refused. */
export async function subscribeEmail(
  db: Database,
  input: { email: string; lang?: string; userId?: bigint | undefined },
) {
  try {
    const inserted = await db
      .insert(subscriptions)
      .values({ email: input.email, lang: input.lang ?? null, userId: input.userId ?? null })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id });
    if (inserted.length === 0) {
      throw new AppError('EMAIL_ALREADY_SUBSCRIBED');
    }
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

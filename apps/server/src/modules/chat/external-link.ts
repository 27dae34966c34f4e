import type { TLanguage } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { createSession } from '../auth';
import { getChatSettings } from './settings';

/** Lifetime of the session handed to the external customer-service page. */
export const EXTERNAL_CHAT_TOKEN_HOURS = 1;

/**
 * The external customer-service page (setting customer_service_url) with the query parameters of
 * SPEC §2: token, party id, name, language, avatar and product id. The token is a separate, short-lived
 * session made for this page (docs/decisions.md): the buyer's own session token never leaves the site.
 */
export async function buildExternalChatUrl(
  db: Database,
  input: { userId: bigint; lang: TLanguage; productId?: string | undefined },
): Promise<{ url: string | null }> {
  const settings = await getChatSettings(db);
  if (!settings.customerServiceUrl) {
    return { url: null };
  }
  const [user] = await db
    .select({ usercode: users.usercode, username: users.username, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) {
    throw new AppError('NOT_LOGGED_IN');
  }
  const { token } = await createSession(db, {
    audience: 'buyer',
    userId: input.userId,
    ttlHours: EXTERNAL_CHAT_TOKEN_HOURS,
  });
  const url = new URL(settings.customerServiceUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('partyid', user.usercode);
  url.searchParams.set('name', user.username ?? user.usercode);
  url.searchParams.set('lang', input.lang);
  url.searchParams.set('avatar', String(user.avatar));
  if (input.productId) {
    url.searchParams.set('productId', input.productId);
  }
  return { url: url.toString() };
}

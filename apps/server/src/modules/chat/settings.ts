import { CHAT_SETTINGS, type TChatSettingCode } from '@caravan/contracts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';

export type TChatSettings = {
  customerServiceUrl: string;
  pollSeconds: number;
  unreadPollSeconds: number;
  imageMaxBytes: number;
  messagesPerMinute: number;
};

const CACHE_MS = 2_000;
/** Per database handle, like the order settings' cache (orders/settings.ts). */
const caches = new WeakMap<object, { at: number; value: TChatSettings }>();

export function clearChatSettingsCache(db: Executor): void {
  caches.delete(db);
}

/** The chat settings; a stored value outside its declared range counts as the default. */
export async function getChatSettings(db: Executor): Promise<TChatSettings> {
  const now = Date.now();
  const cached = caches.get(db);
  if (cached && now - cached.at < CACHE_MS) {
    return cached.value;
  }
  const codes = Object.keys(CHAT_SETTINGS) as TChatSettingCode[];
  const rows = await db
    .select({ code: systemParams.code, value: systemParams.value })
    .from(systemParams)
    .where(inArray(systemParams.code, codes));
  const stored = new Map(rows.map((row) => [row.code, row.value]));
  const read = (code: TChatSettingCode): string => {
    const value = stored.get(code);
    const definition = CHAT_SETTINGS[code];
    return value !== undefined && definition.schema.safeParse(value).success
      ? value.trim()
      : definition.defaultValue;
  };
  const value: TChatSettings = {
    customerServiceUrl: read('customer_service_url'),
    pollSeconds: Number(read('chat_poll_seconds')),
    unreadPollSeconds: Number(read('chat_unread_poll_seconds')),
    imageMaxBytes: Number(read('chat_image_max_kb')) * 1024,
    messagesPerMinute: Number(read('chat_messages_per_minute')),
  };
  caches.set(db, { at: now, value });
  return value;
}

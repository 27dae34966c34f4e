import { groupMoneyDigits, type TLanguage } from '@caravan/contracts';
import type { Executor } from '../../db/client';
import { orderLogs } from '../../db/schema';
import { serverText } from '../../i18n/messages';
import { notifyOrderEvents } from './notices';

/** Order history events of SPEC §4; each is a key `orderLog.<event>` of the `server` namespace. */
export const ORDER_EVENTS = [
  'placed',
  'paid',
  'confirmed',
  'shipped',
  'inTransit',
  'trackingCorrected',
  'received',
  'cancelledManually',
  'cancelledTimeout',
  'refundRequested',
  'refundSucceeded',
  'refundFailed',
  'completed',
  'defaultReview',
] as const;
export type TOrderEvent = (typeof ORDER_EVENTS)[number];

export async function addOrderLog(
  tx: Executor,
  orderId: bigint,
  event: TOrderEvent,
  params: Record<string, string> = {},
  at?: Date,
): Promise<void> {
  await tx.insert(orderLogs).values({ orderId, event, params, ...(at ? { createdAt: at } : {}) });
  await notifyOrderEvents(tx, [orderId], event, params, at);
}

/** Several events at once (e.g. placed and paid by "buy now and pay"), in order. */
export async function addOrderLogs(
  tx: Executor,
  orderId: bigint,
  events: TOrderEvent[],
  at: Date,
): Promise<void> {
  await tx.insert(orderLogs).values(events.map((event) => ({ orderId, event, params: {}, createdAt: at })));
  for (const event of events) {
    await notifyOrderEvents(tx, [orderId], event, {}, at);
  }
}

/** An event's text in the reader's language; a stored amount ("1234.5") is shown grouped, as on every page. */
export function renderOrderLog(lang: TLanguage, event: string, params: Record<string, string>): string {
  const { amount } = params;
  return serverText(
    lang,
    `orderLog.${event}`,
    amount === undefined ? params : { ...params, amount: groupMoneyDigits(amount) },
  );
}

import type { TNotificationAudience, TNotificationEvent } from '@caravan/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, stores } from '../../db/schema';
import { notify, type TNotifyInput } from '../notifications';
import type { TOrderEvent } from './logs';

/** Which order history events also notify someone, and whom. The rest are the recipient's own doing. */
const NOTICE_OF_EVENT: Partial<
  Record<TOrderEvent, { audience: TNotificationAudience; event: TNotificationEvent }>
> = {
  confirmed: { audience: 'buyer', event: 'order.confirmed' },
  shipped: { audience: 'buyer', event: 'order.shipped' },
  trackingCorrected: { audience: 'buyer', event: 'order.trackingCorrected' },
  cancelledTimeout: { audience: 'buyer', event: 'order.cancelledTimeout' },
  completed: { audience: 'buyer', event: 'order.completed' },
  refundSucceeded: { audience: 'buyer', event: 'refund.succeeded' },
  refundFailed: { audience: 'buyer', event: 'refund.failed' },
  paid: { audience: 'seller', event: 'order.paid' },
  received: { audience: 'seller', event: 'order.received' },
  refundRequested: { audience: 'seller', event: 'refund.requested' },
};

/** Notifies the buyer or the shop owner of an order history event, in the same transaction. */
export async function notifyOrderEvents(
  tx: Executor,
  orderIds: bigint[],
  event: TOrderEvent | 'reminded',
  params: Record<string, string> = {},
  at?: Date,
): Promise<void> {
  const notice =
    event === 'reminded'
      ? { audience: 'seller' as const, event: 'order.reminded' as const }
      : NOTICE_OF_EVENT[event];
  if (!notice || orderIds.length === 0) {
    return;
  }
  const rows = await tx
    .select({ orderNo: orders.orderNo, buyerUserId: orders.buyerUserId, ownerUserId: stores.ownerUserId })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(inArray(orders.id, orderIds));
  await notify(
    tx,
    rows.map(
      (row): TNotifyInput => ({
        userId: notice.audience === 'buyer' ? row.buyerUserId : row.ownerUserId,
        audience: notice.audience,
        event: notice.event,
        params: { orderNo: row.orderNo, ...pickParams(params) },
        ...(at ? { at } : {}),
      }),
    ),
  );
}

/**
 * Amounts travel with refund notices, the new carrier and tracking number with a correction (the buyer needs them to
 * follow the parcel); a rejection reason is the seller's text and stays in the order, as does the previous number.
 */
const NOTICE_PARAMS = ['amount', 'carrier', 'trackingNo'] as const;

function pickParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(NOTICE_PARAMS.flatMap((name) => (params[name] ? [[name, params[name]]] : [])));
}

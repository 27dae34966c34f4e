import { ZPlaceOrdersResponse } from '@caravan/contracts';
import type { TPlacedOrders } from '../api/place-orders';

/**
 * The orders a checkout placed, read back from its history entry's state (`{ placed }`): a reload, or Back to the
 * checkout, shows the same pay dialog again instead of an empty checkout, which read as if the order were gone and
 * led buyers to order twice. A new visit to the checkout is a new entry without it. Orders whose payment time has
 * run out (cancelled by then) are not offered again.
 */
export function readPlacedOrders(state: unknown, now = Date.now()): TPlacedOrders | null {
  const placed = ZPlaceOrdersResponse.safeParse((state as { placed?: unknown } | null)?.placed);
  if (!placed.success || placed.data.orders.length === 0) {
    return null;
  }
  const isPayable = placed.data.orders.every(
    (order) => order.payBefore !== null && Date.parse(order.payBefore) > now,
  );
  return isPayable ? placed.data : null;
}

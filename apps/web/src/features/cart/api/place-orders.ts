import type { TOrderSummary, TPlaceOrdersRequest } from '@caravan/contracts';
import { api } from '../../../lib/api';
import { runIntent } from '../../../lib/intent';

export type TPlacedOrders = { orders: TOrderSummary[]; total: string };

export function placeOrders(body: TPlaceOrdersRequest): Promise<TPlacedOrders> {
  return runIntent('place-orders', body, ({ key }) =>
    api.post<TPlacedOrders>('/orders', body, { idempotencyKey: key }),
  );
}

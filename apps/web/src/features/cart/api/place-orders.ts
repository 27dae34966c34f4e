import type { TOrderSummary, TPlaceOrdersRequest } from '@caravan/contracts';
import { api } from '../../../lib/api';

export type TPlacedOrders = { orders: TOrderSummary[]; total: string };

export function placeOrders(body: TPlaceOrdersRequest): Promise<TPlacedOrders> {
  return api.post<TPlacedOrders>('/orders', body);
}

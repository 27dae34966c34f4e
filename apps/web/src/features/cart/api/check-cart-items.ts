import type { TCart, TCheckCartItemsRequest } from '@caravan/contracts';
import { api } from '../../../lib/api';

export function checkCartItems(body: TCheckCartItemsRequest): Promise<TCart> {
  return api.put<TCart>('/cart/check', body);
}

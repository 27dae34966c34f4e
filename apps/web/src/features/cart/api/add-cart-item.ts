import type { TAddCartItemRequest, TCart } from '@caravan/contracts';
import { api } from '../../../lib/api';

export function addCartItem(body: TAddCartItemRequest): Promise<TCart> {
  return api.post<TCart>('/cart', body);
}

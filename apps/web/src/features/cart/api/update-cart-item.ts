import type { TCart, TUpdateCartItemRequest } from '@caravan/contracts';
import { api } from '../../../lib/api';

export function updateCartItem(id: string, body: TUpdateCartItemRequest): Promise<TCart> {
  return api.put<TCart>(`/cart/items/${encodeURIComponent(id)}`, body);
}

import type { TCart } from '@caravan/contracts';
import { api } from '../../../lib/api';

export function deleteCartItem(id: string): Promise<TCart> {
  return api.delete<TCart>(`/cart/items/${encodeURIComponent(id)}`);
}

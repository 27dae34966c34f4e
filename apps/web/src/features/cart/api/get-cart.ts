import type { TCart } from '@caravan/contracts';
import { api } from '../../../lib/api';

/** The logged-in user's cart, grouped per seller by the server (plain call: the first load imports it). */
export function getCart(): Promise<TCart> {
  return api.get<TCart>('/cart');
}

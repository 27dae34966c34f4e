import type { TCart } from '@caravan/contracts';
import { api } from '../../../lib/api';
import { waitForCartMerge } from './merge-cart';

/**
 * The logged-in user's cart, grouped per seller by the server. Asked only after a running merge of the
 * visitor cart: an answer from before the merge would otherwise replace the merged cart.
 */
export async function getCart(): Promise<TCart> {
  await waitForCartMerge();
  return api.get<TCart>('/cart');
}

import type { TMergeCartResponse } from '@caravan/contracts';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { CART_KEY } from './cart-keys';
import { clearLocalCart, readLocalCart } from './local-cart';

let running: Promise<void> | null = null;

/** Resolves when no merge is running (at once when none is). */
export function waitForCartMerge(): Promise<void> {
  return running ?? Promise.resolve();
}

/**
 * After log in the visitor's browser cart moves into the user's server cart (POST /cart/merge), once.
 * On failure the browser cart stays, so nothing the visitor chose is lost.
 */
export function mergeLocalCart(queryClient: QueryClient): Promise<void> {
  if (running) {
    return running;
  }
  const lines = readLocalCart();
  if (lines.length === 0) {
    return Promise.resolve();
  }
  // A cart request already on its way may answer the state from before the merge: drop it. Requests made
  // from now on wait for the merge (getCart), so a late answer never overwrites the merged cart.
  void queryClient.cancelQueries({ queryKey: CART_KEY, exact: true });
  running = api
    .post<TMergeCartResponse>('/cart/merge', {
      items: lines.map((line) => ({
        productId: line.productId,
        ...(line.variantId ? { variantId: line.variantId } : {}),
        quantity: line.quantity,
        isChecked: line.isChecked,
      })),
    })
    .then(async (result) => {
      clearLocalCart();
      queryClient.setQueryData(CART_KEY, result.cart);
      if (result.skipped.length > 0) {
        // The merge follows a log-in, where the cart's texts may not be loaded yet.
        await i18next.loadNamespaces('cart');
        toast.warning(i18next.t('cart:messages.mergeSkipped', { count: result.skipped.length }));
      }
    })
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
  return running;
}

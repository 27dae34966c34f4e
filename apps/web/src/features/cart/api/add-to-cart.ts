import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { getSession, isLoggedIn } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast';
import { addCartItem } from './add-cart-item';
import { CART_KEY } from './cart-keys';
import { addLocalCartLine } from './local-cart';

export type TCartEventDetail = { productId: string; variantId: string | null; quantity: number };

/**
 * A double click on "Add to cart" sent the line twice (twice the minimum in the cart, no warning): the same add while
 * one is still running, or within this long after it started, is one add. Adding the same line again later adds again.
 */
const REPEAT_WINDOW_MS = 800;
const recentAdds = new Map<string, number>();
const runningAdds = new Set<string>();

/** What the product page's add-to-cart event does: server cart when logged in, browser cart otherwise. */
export async function addToCart(queryClient: QueryClient, detail: TCartEventDetail): Promise<void> {
  const key = `${detail.productId}:${detail.variantId ?? ''}:${detail.quantity}`;
  const now = Date.now();
  if (runningAdds.has(key) || now - (recentAdds.get(key) ?? Number.NEGATIVE_INFINITY) < REPEAT_WINDOW_MS) {
    return;
  }
  recentAdds.set(key, now);
  runningAdds.add(key);
  try {
    await addOnce(queryClient, detail);
  } finally {
    runningAdds.delete(key);
  }
}

async function addOnce(queryClient: QueryClient, detail: TCartEventDetail): Promise<void> {
  await i18next.loadNamespaces('cart');
  if (!isLoggedIn(getSession())) {
    addLocalCartLine(detail);
    toast.success(i18next.t('cart:messages.added'));
    return;
  }
  try {
    // A cart read on its way would land after the addition and hide it (use-cart.ts, dropCartRead).
    await queryClient.cancelQueries({ queryKey: CART_KEY });
    const cart = await addCartItem({
      productId: detail.productId,
      ...(detail.variantId ? { variantId: detail.variantId } : {}),
      quantity: detail.quantity,
    });
    queryClient.setQueryData(CART_KEY, cart);
    toast.success(i18next.t('cart:messages.added'));
  } catch (error) {
    toastError(error, i18next.t('common:errors.generic'));
  }
}

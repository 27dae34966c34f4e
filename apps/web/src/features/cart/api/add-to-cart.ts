import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { getSession, isLoggedIn } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast';
import { addCartItem } from './add-cart-item';
import { CART_KEY } from './cart-keys';
import { addLocalCartLine } from './local-cart';

export type TCartEventDetail = { productId: string; variantId: string | null; quantity: number };

/** What the product page's add-to-cart event does: server cart when logged in, browser cart otherwise. */
export async function addToCart(queryClient: QueryClient, detail: TCartEventDetail): Promise<void> {
  await i18next.loadNamespaces('cart');
  if (!isLoggedIn(getSession())) {
    addLocalCartLine(detail);
    toast.success(i18next.t('cart:messages.added'));
    return;
  }
  try {
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

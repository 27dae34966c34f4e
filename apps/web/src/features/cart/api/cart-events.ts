import type { TCartEventDetail } from './add-to-cart';

/** Window events the product page sends (detail: { productId, variantId, quantity }). */
export const CART_EVENTS = { addToCart: 'caravan:add-to-cart', buyNow: 'caravan:buy-now' } as const;

/**
 * Sent once the cart listens, and kept as `<html data-cart-ready>` while it does: a server-rendered page hydrates
 * in slices, so the product page's buttons can answer clicks before the cart button (elsewhere on the page) has
 * hydrated and started listening.
 */
export const CART_READY_EVENT = 'caravan:cart-ready';

export function announceCartReady(): () => void {
  document.documentElement.dataset.cartReady = 'true';
  window.dispatchEvent(new Event(CART_READY_EVENT));
  return () => {
    delete document.documentElement.dataset.cartReady;
  };
}

const ID_PATTERN = /^\d{1,19}$/;

/** Accepts ids as strings or numbers; refuses anything else so a bad event never reaches the API. */
export function readCartEventDetail(event: Event): TCartEventDetail | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (typeof detail !== 'object' || detail === null) {
    return null;
  }
  const raw = detail as Record<string, unknown>;
  const productId = raw.productId === undefined || raw.productId === null ? '' : String(raw.productId);
  const variantId =
    raw.variantId === undefined || raw.variantId === null || raw.variantId === ''
      ? null
      : String(raw.variantId);
  const quantity = raw.quantity === undefined ? 1 : Number(raw.quantity);
  if (!ID_PATTERN.test(productId) || (variantId !== null && !ID_PATTERN.test(variantId))) {
    return null;
  }
  if (!Number.isInteger(quantity) || quantity < 1) {
    return null;
  }
  return { productId, variantId, quantity };
}

/** Buy now skips the cart: the settlement page reads the one line from its query. */
export function buildBuyNowPath(detail: TCartEventDetail): string {
  const query = new URLSearchParams({ productId: detail.productId, quantity: String(detail.quantity) });
  if (detail.variantId) {
    query.set('variantId', detail.variantId);
  }
  return `/settlement?${query.toString()}`;
}

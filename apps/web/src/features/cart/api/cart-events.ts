import type { TCartEventDetail } from './add-to-cart';

/** Window events the product page sends (detail: { productId, variantId, quantity }). */
export const CART_EVENTS = { addToCart: 'caravan:add-to-cart', buyNow: 'caravan:buy-now' } as const;

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

export function buildLoginRedirect(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`;
}

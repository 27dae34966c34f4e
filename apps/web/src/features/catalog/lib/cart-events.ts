/**
 * The product page hands the buyer's choice to the cart team through window events (features do not import each
 * other). A listener that takes the item calls `event.preventDefault()`; an unhandled event means no cart is wired.
 * See apps/web/README.md ("Cart events").
 */
export const ADD_TO_CART_EVENT = 'caravan:add-to-cart';
export const BUY_NOW_EVENT = 'caravan:buy-now';

export type TCartChoice = {
  productId: string;
  /** null when the product has no variants. */
  variantId: string | null;
  quantity: number;
  /** What the drawer can show before it fetches anything; prices are decimal strings in USDT. */
  snapshot: {
    name: string;
    variantName: string | null;
    imageUrl: string | null;
    unitPrice: string;
    buyMin: number;
    maxBuy: number;
    storeId: string;
    storeName: string;
  };
};

/** Returns whether a listener took the choice. */
export function emitCartChoice(
  type: typeof ADD_TO_CART_EVENT | typeof BUY_NOW_EVENT,
  choice: TCartChoice,
): boolean {
  const event = new CustomEvent<TCartChoice>(type, { detail: choice, cancelable: true });
  return !window.dispatchEvent(event);
}

/**
 * The product page hands the buyer's choice to the cart team through window events (features do not import each
 * other). A listener that takes the item calls `event.preventDefault()`; an unhandled event means no cart is wired.
 * See apps/web/README.md ("Cart events").
 */
export const ADD_TO_CART_EVENT = 'caravan:add-to-cart';
export const BUY_NOW_EVENT = 'caravan:buy-now';
/** The cart's "I am listening" (features/cart/api/cart-events.ts); while it listens <html> has data-cart-ready. */
const CART_READY_EVENT = 'caravan:cart-ready';
/** How long a choice made before the cart listens waits for it (the rest of the page is still hydrating). */
const CART_READY_WAIT_MS = 5_000;

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

function whenCartReady(): Promise<boolean> {
  if (document.documentElement.dataset.cartReady === 'true') {
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const onReady = () => {
      window.clearTimeout(timer);
      resolve(true);
    };
    const timer = window.setTimeout(() => {
      window.removeEventListener(CART_READY_EVENT, onReady);
      resolve(false);
    }, CART_READY_WAIT_MS);
    window.addEventListener(CART_READY_EVENT, onReady, { once: true });
  });
}

/**
 * Hands the choice to the cart, waiting for it when the page is still hydrating the cart's part; resolves to
 * whether a listener took it.
 */
export async function sendCartChoice(
  type: typeof ADD_TO_CART_EVENT | typeof BUY_NOW_EVENT,
  choice: TCartChoice,
): Promise<boolean> {
  if (emitCartChoice(type, choice)) {
    return true;
  }
  return (await whenCartReady()) && emitCartChoice(type, choice);
}

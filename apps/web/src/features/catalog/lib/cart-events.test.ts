import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADD_TO_CART_EVENT, sendCartChoice, type TCartChoice } from './cart-events';

const CHOICE: TCartChoice = {
  productId: '7',
  variantId: null,
  quantity: 2,
  snapshot: {
    name: 'Linen shirt',
    variantName: null,
    imageUrl: null,
    unitPrice: '12.50',
    buyMin: 1,
    maxBuy: 0,
    storeId: '3',
    storeName: 'Harbour Textiles',
  },
};

/** What the cart feature does when its button has hydrated (features/cart/api/cart-events.ts). */
function listenLikeTheCart(taken: unknown[]) {
  const onAdd = (event: Event) => {
    event.preventDefault();
    taken.push((event as CustomEvent).detail);
  };
  window.addEventListener('caravan:add-to-cart', onAdd);
  document.documentElement.dataset.cartReady = 'true';
  window.dispatchEvent(new Event('caravan:cart-ready'));
  return () => {
    delete document.documentElement.dataset.cartReady;
    window.removeEventListener('caravan:add-to-cart', onAdd);
  };
}

describe('sending a choice to the cart', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands it over at once when the cart listens', async () => {
    const taken: unknown[] = [];
    const stop = listenLikeTheCart(taken);
    await expect(sendCartChoice(ADD_TO_CART_EVENT, CHOICE)).resolves.toBe(true);
    expect(taken).toEqual([CHOICE]);
    stop();
  });

  it('waits for a cart still hydrating and hands it over once, when the cart announces itself', async () => {
    const taken: unknown[] = [];
    const sent = sendCartChoice(ADD_TO_CART_EVENT, CHOICE);
    await Promise.resolve();
    expect(taken).toEqual([]);
    const stop = listenLikeTheCart(taken);
    await expect(sent).resolves.toBe(true);
    expect(taken).toEqual([CHOICE]);
    stop();
  });

  it('gives up after its wait when no cart ever listens, without handing anything over', async () => {
    vi.useFakeTimers();
    const sent = sendCartChoice(ADD_TO_CART_EVENT, CHOICE);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(sent).resolves.toBe(false);
    expect(document.documentElement.dataset.cartReady).toBeUndefined();
  });
});

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCart } from './add-to-cart';
import { clearLocalCart, readLocalCart } from './local-cart';

describe('addToCart', () => {
  afterEach(() => {
    clearLocalCart();
    vi.useRealTimers();
  });

  it('adds a double-clicked line once, and the same line again once the click is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const queryClient = new QueryClient();
    const line = { productId: '42', variantId: '7', quantity: 5 };
    await Promise.all([addToCart(queryClient, line), addToCart(queryClient, line)]);
    // It held 10 (twice the minimum of 5) after a double click.
    expect(readLocalCart()).toMatchObject([{ productId: '42', variantId: '7', quantity: 5 }]);
    vi.setSystemTime(Date.now() + 1_000);
    await addToCart(queryClient, line);
    expect(readLocalCart()).toMatchObject([{ productId: '42', variantId: '7', quantity: 10 }]);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { CART_KEY, CHECKOUT_PREVIEW_KEY } from './cart-keys';

describe('cart query keys', () => {
  it('refreshing the cart after an order does not ask for the checkout preview again', async () => {
    const client = new QueryClient();
    const cart = vi.fn(async () => ({ count: 0 }));
    const preview = vi.fn(async () => ({ total: '10' }));
    await client.fetchQuery({ queryKey: CART_KEY, queryFn: cart });
    await client.fetchQuery({
      queryKey: [...CHECKOUT_PREVIEW_KEY, { cartItemIds: ['1'] }],
      queryFn: preview,
    });
    // 'all' stands for the settlement page, where both queries are on screen when the order is placed.
    await client.invalidateQueries({ queryKey: CART_KEY, refetchType: 'all' });
    expect(cart).toHaveBeenCalledTimes(2);
    expect(preview).toHaveBeenCalledTimes(1);
  });
});

import type { TCart } from '@caravan/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_KEY } from './cart-keys';
import { getCart } from './get-cart';
import { writeLocalCart } from './local-cart';
import { mergeLocalCart } from './merge-cart';

const cartOf = (count: number) => ({ count, groups: [] }) as unknown as TCart;
const calls = vi.hoisted(() => ({ get: [] as ((cart: TCart) => void)[] }));

vi.mock('../../../lib/api', () => ({
  api: {
    // The cart read answers late (400 ms in the report): the test decides when.
    get: () => new Promise<TCart>((resolve) => calls.get.push(resolve)),
    post: async () => ({ cart: cartOf(2), skipped: [] }),
  },
}));

describe('visitor cart merge at log-in', () => {
  afterEach(() => {
    calls.get.length = 0;
  });

  it('a cart answer from before the merge never replaces the merged cart', async () => {
    const client = new QueryClient();
    writeLocalCart([
      { productId: '1', variantId: null, quantity: 1, isChecked: true },
      { productId: '2', variantId: null, quantity: 1, isChecked: true },
    ]);
    // The drawer asks for the cart as the session appears...
    const early = client.fetchQuery({ queryKey: CART_KEY, queryFn: getCart }).catch(() => undefined);
    await vi.waitFor(() => expect(calls.get).toHaveLength(1));
    // ...while the log-in merges the visitor cart, which answers first.
    await mergeLocalCart(client);
    expect(client.getQueryData<TCart>(CART_KEY)?.count).toBe(2);
    // The early read now answers with the cart from before the merge.
    calls.get[0]!(cartOf(0));
    await early;
    expect(client.getQueryData<TCart>(CART_KEY)?.count).toBe(2);
    // A read made after the merge is sent and kept.
    const later = client.fetchQuery({ queryKey: CART_KEY, queryFn: getCart, staleTime: 0 });
    await vi.waitFor(() => expect(calls.get).toHaveLength(2));
    calls.get[1]!(cartOf(2));
    expect((await later).count).toBe(2);
  });
});

import type { TProductDetail } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import { buildLocalCart } from './use-cart';

function product(stock: number): TProductDetail {
  return {
    id: '7',
    name: 'Oak chair',
    price: '3.00',
    buyMin: 1,
    maxBuy: 500,
    stock,
    isOnShelf: true,
    variants: [],
    images: [],
    store: { id: '2', name: 'Shop' },
  } as unknown as TProductDetail;
}

describe('visitor cart', () => {
  it('limits a line to the stock and unchecks a line asking for more than there is', () => {
    const cart = buildLocalCart(
      [{ productId: '7', variantId: null, quantity: 600, isChecked: true }],
      new Map([['7', product(117)]]),
    );
    const line = cart.groups[0]!.items[0]!;
    expect(line).toMatchObject({ maxBuy: 117, stock: 117, isChecked: false, isAvailable: true });
    expect(cart.checkedCount).toBe(0);
  });

  it('marks goods out of stock as not available, with the reason', () => {
    const cart = buildLocalCart(
      [{ productId: '7', variantId: null, quantity: 1, isChecked: true }],
      new Map([['7', product(0)]]),
    );
    expect(cart.groups[0]!.items[0]).toMatchObject({
      isAvailable: false,
      unavailableReason: 'INSUFFICIENT_STOCK',
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { announceCartReady } from './cart-events';

describe('the cart announcing that it listens', () => {
  it('marks <html data-cart-ready> and sends caravan:cart-ready, and withdraws the mark when it stops', () => {
    const onReady = vi.fn();
    window.addEventListener('caravan:cart-ready', onReady);
    const withdraw = announceCartReady();
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.cartReady).toBe('true');
    withdraw();
    expect(document.documentElement.dataset.cartReady).toBeUndefined();
    window.removeEventListener('caravan:cart-ready', onReady);
  });
});

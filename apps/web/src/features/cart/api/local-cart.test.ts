import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalCart, readLocalCart, subscribeLocalCart, writeLocalCart } from './local-cart';

describe('local cart across tabs', () => {
  afterEach(() => {
    clearLocalCart();
  });

  it('is empty, and says so, once another tab clears the whole storage', () => {
    writeLocalCart([{ productId: '7', variantId: null, quantity: 3, isChecked: true }]);
    expect(readLocalCart()).toHaveLength(1);
    let changes = 0;
    const unsubscribe = subscribeLocalCart(() => {
      changes += 1;
    });
    // What another tab's localStorage.clear() looks like here: the storage is empty and the event has no key.
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    unsubscribe();
    expect(changes).toBe(1);
    expect(readLocalCart()).toEqual([]);
  });
});

import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetCheckoutDraft,
  readCheckoutDraft,
  type TCheckoutDraft,
  useCheckoutDraft,
} from './checkout-draft';

const EMPTY: TCheckoutDraft = { coupons: {}, remarks: {}, addressId: undefined };
const CHOSEN: TCheckoutDraft = { coupons: { '3': '41' }, remarks: { '3': 'Ring twice' }, addressId: '9' };

describe('the checkout draft', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives a reloaded checkout of the same goods back its coupons, address and remarks', () => {
    const first = renderHook(({ draft }) => useCheckoutDraft('cart:1,2', draft, vi.fn()), {
      initialProps: { draft: EMPTY },
    });
    first.rerender({ draft: CHOSEN });
    first.unmount();

    // The reload: the cart is not loaded yet (no goods), then it is.
    const restore = vi.fn();
    const reloaded = renderHook(({ goods }) => useCheckoutDraft(goods, EMPTY, restore), {
      initialProps: { goods: null as string | null },
    });
    expect(restore).not.toHaveBeenCalled();
    reloaded.rerender({ goods: 'cart:1,2' });
    expect(restore).toHaveBeenCalledTimes(1);
    expect(restore).toHaveBeenCalledWith(CHOSEN);
  });

  it('gives nothing to a checkout of other goods, and nothing once the orders are placed', () => {
    renderHook(() => useCheckoutDraft('cart:1,2', CHOSEN, vi.fn()));
    expect(readCheckoutDraft('cart:1,2')).toEqual(CHOSEN);
    expect(readCheckoutDraft('cart:1')).toBeNull();
    expect(readCheckoutDraft('buy:[{"productId":"5","quantity":1}]')).toBeNull();
    forgetCheckoutDraft();
    expect(readCheckoutDraft('cart:1,2')).toBeNull();
  });

  it('takes a damaged or foreign value for no draft', () => {
    for (const stored of ['{not json', '[]', '{"goods":"cart:1","coupons":{"3":41},"remarks":{}}']) {
      sessionStorage.setItem('checkoutDraft', stored);
      expect(readCheckoutDraft('cart:1')).toBeNull();
    }
  });
});

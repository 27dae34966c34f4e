import type { TCart, TCartItem, TUserInfo } from '@caravan/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import cart from '../../../locales/en/cart.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { CART_KEY } from '../api/cart-keys';
import CartDrawer from './cart-drawer';

const SELLER = { id: '5', name: 'Oak Works' };

function cartWith(lines: Array<{ id: string; isChecked: boolean }>): TCart {
  const items: TCartItem[] = lines.map(({ id, isChecked }) => ({
    id,
    productId: id,
    variantId: null,
    name: `Chair ${id}`,
    checkAttrName: '',
    imgUrl: null,
    price: '10.00',
    count: 1,
    buyMin: 1,
    maxBuy: 50,
    stock: 50,
    isChecked,
    isAvailable: true,
    unavailableReason: null,
    lineTotal: '10.00',
    seller: SELLER,
  }));
  const checked = items.filter((item) => item.isChecked).length;
  const total = `${checked * 10}.00`;
  return {
    groups: [
      {
        seller: SELLER,
        items,
        checkAll: checked === items.length,
        isIndeterminate: checked > 0 && checked < items.length,
        checkTotal: total,
      },
    ],
    checkAll: checked === items.length,
    isIndeterminate: checked > 0 && checked < items.length,
    checkedCount: checked,
    checkedTotal: total,
    count: items.length,
    maxBuy: 500,
  };
}

describe('Cart drawer', () => {
  setUpComponentTests({ cart });
  afterEach(() => clearSession('logout'));

  it('says the cart could not be loaded and asks again, instead of calling it empty', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    let isDown = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        isDown
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'database is down', details: {} } }, 503)
          : jsonResponse({ groups: [], count: 0, checkedCount: 0, checkedTotal: '0.00', checkAll: false }),
      ),
    );
    await renderWithQueries(<CartDrawer isOpen onClose={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('database is down'));
    expect(screen.queryByText(cart.drawer.empty)).toBeNull();
    expect(screen.queryByTestId('cart-checkout')).toBeNull();
    isDown = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(screen.getByText(cart.drawer.empty)).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a box the buyer unticked while the cart it opened with was still being read again', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    const before = cartWith([
      { id: '11', isChecked: true },
      { id: '12', isChecked: true },
    ]);
    const after = cartWith([
      { id: '11', isChecked: false },
      { id: '12', isChecked: true },
    ]);
    // The drawer reads the cart again as it opens; that answer comes after the buyer's click was saved.
    let answerRead: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          return jsonResponse(after);
        }
        await new Promise<void>((resolve) => {
          answerRead = resolve;
        });
        return jsonResponse(before);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(CART_KEY, before);
    await act(async () => {
      render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <CartDrawer isOpen onClose={() => undefined} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    });
    await waitFor(() => expect(answerRead).toBeDefined());
    const [firstBox] = screen.getAllByRole('checkbox', { name: /Chair 11/ });
    await act(async () => {
      fireEvent.click(firstBox!);
    });
    await waitFor(() => expect(screen.getByTestId('cart-checkout').textContent).toContain('1'));
    await act(async () => {
      answerRead?.();
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect((screen.getAllByRole('checkbox', { name: /Chair 11/ })[0] as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getByTestId('cart-checkout').textContent).toContain('1');
  });
});

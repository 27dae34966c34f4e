import type { TCart, TCartItem, TUserInfo } from '@caravan/contracts';
import errors from '@caravan/contracts/locales/en/errors.json';
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
  setUpComponentTests({ cart, errors });
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
  it('sends the typed quantity once, when the box is left, brought within what can be bought and saying so', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    const start = cartWith([{ id: '21', isChecked: true }]);
    const line = start.groups[0]!.items[0]!;
    Object.assign(line, { count: 22, maxBuy: 23, stock: 23 });
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { quantity: number };
          sent.push(body);
          const next = cartWith([{ id: '21', isChecked: true }]);
          Object.assign(next.groups[0]!.items[0]!, { count: body.quantity, maxBuy: 23, stock: 23 });
          return jsonResponse(next);
        }
        return jsonResponse(start);
      }),
    );
    await renderWithQueries(<CartDrawer isOpen onClose={() => undefined} />);
    const box = (await screen.findByRole('spinbutton', { name: 'Quantity of Chair 21' })) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('22'));
    await act(async () => {
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: '9' } });
    });
    await act(async () => {
      fireEvent.change(box, { target: { value: '99' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // Nothing is sent while typing, and the box keeps what is typed.
    expect(sent).toEqual([]);
    expect(box.value).toBe('99');
    await act(async () => {
      fireEvent.blur(box);
    });
    await waitFor(() => expect(sent).toEqual([{ quantity: 23 }]));
    await waitFor(() => expect(box.value).toBe('23'));
    expect(screen.getByText('Buy 1 to 23')).toBeTruthy();

    // Enter commits too; a value already there sends nothing.
    await act(async () => {
      fireEvent.change(box, { target: { value: '5' } });
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    await waitFor(() => expect(sent).toEqual([{ quantity: 23 }, { quantity: 5 }]));
    expect(screen.queryByText('Buy 1 to 23')).toBeNull();
    await act(async () => {
      fireEvent.blur(box);
    });
    expect(sent).toHaveLength(2);
  });

  it('names a line that can no longer be bought: name, variant, picture, shop and why, without a price', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    const off = cartWith([{ id: '31', isChecked: false }]);
    Object.assign(off.groups[0]!.items[0]!, {
      name: 'Portable Silicone Chargers',
      checkAttrName: 'Yellow',
      imgUrl: '/uploads/charger.webp',
      price: '0.00',
      lineTotal: '0.00',
      count: 5,
      stock: 0,
      isAvailable: false,
      unavailableReason: 'GOODS_OFF_SHELF',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(off)),
    );
    await renderWithQueries(<CartDrawer isOpen onClose={() => undefined} />);
    const row = await screen.findByTestId('cart-item');
    expect(row.textContent).toContain('Portable Silicone Chargers');
    expect(row.textContent).toContain('Yellow');
    expect(row.textContent).toContain(errors.GOODS_OFF_SHELF);
    expect(row.textContent).not.toContain('0.00');
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/uploads/charger.webp');
    expect(screen.getByRole('heading', { name: SELLER.name })).toBeTruthy();
  });
});

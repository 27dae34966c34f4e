import type { TUserInfo } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import cart from '../../../locales/en/cart.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CartDrawer from './cart-drawer';

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
});

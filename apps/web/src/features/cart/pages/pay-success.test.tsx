import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import cart from '../../../locales/en/cart.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import PaySuccessPage from './pay-success';

const renderAt = (url: string) => renderWithQueries(<PaySuccessPage />, url);

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('/paySuccess', () => {
  setUpComponentTests({ cart });

  it('says in its heading that there is no payment when no order is named', async () => {
    await renderAt('/paySuccess');
    expect(heading()).toBe(cart.paySuccess.missing);
    expect(screen.queryByText(cart.paySuccess.title)).toBeNull();
  });

  it('says so too when the named orders cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ error: { code: 'RECORD_NOT_FOUND', message: 'Not found', details: {} } }, 404),
      ),
    );
    await renderAt('/paySuccess?orderNos=20261129593252736055');
    await vi.waitFor(() => expect(heading()).toBe(cart.paySuccess.missing));
  });

  it('offers to ask again, not "no payment", when an order could not be read for a server or network fault', async () => {
    let isDown = true;
    const order = {
      orderNo: '20261129593252736055',
      paidAmount: '1234.50',
      paidAt: '2026-11-29T10:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        isDown
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'database is down', details: {} } }, 503)
          : jsonResponse({ orderInfo: order }),
      ),
    );
    await renderAt(`/paySuccess?orderNos=${order.orderNo}`);
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('database is down'));
    expect(heading()).not.toBe(cart.paySuccess.missing);
    isDown = false;
    await act(async () => {
      screen.getByRole('button', { name: 'Try again' }).click();
    });
    // The order's row and, every order read, the total.
    await vi.waitFor(() => expect(screen.getAllByText('1,234.50 USDT')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no payment for an order that is not paid (an old or shared link)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ orderInfo: { orderNo: '20261202732579466265', paidAmount: '0.00', paidAt: null } }),
      ),
    );
    await renderAt('/paySuccess?orderNos=20261202732579466265');
    await vi.waitFor(() => expect(heading()).toBe(cart.paySuccess.missing));
    expect(screen.queryByText(cart.paySuccess.title)).toBeNull();
  });
});

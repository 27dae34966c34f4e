import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import cartEn from '../../locales/en/cart.json';
import { failOnAntdWarnings } from '../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../testing/render';
import { captureToasts } from '../../testing/toasts';
import { PayOrdersModal } from './pay-orders-modal';

/**
 * Opens the dialog for one order whose payment the server refuses as no longer unpaid (with `details`), pays, and
 * gives what was shown and called: the toasts by kind, the close and the "not payable" callbacks.
 */
async function payRefusedOrder(details?: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse(
        {
          error: {
            code: 'ORDER_STATUS_INVALID',
            message: 'The order status does not allow this operation',
            ...(details ? { details } : {}),
          },
        },
        409,
      ),
    ),
  );
  const shown = captureToasts();
  const onClose = vi.fn();
  const onNotPayable = vi.fn();
  await renderWithQueries(
    <PayOrdersModal
      isOpen
      orderNos={['20261202732579466265']}
      total="54.27"
      payBefore="2026-12-02T11:25:36.000Z"
      onClose={onClose}
      onNotPayable={onNotPayable}
      onPaid={vi.fn()}
    />,
  );
  expect(screen.getByTestId('pay-before').textContent).toMatch(
    /^Pay by .+: an unpaid order is cancelled then\.$/,
  );
  fireEvent.change(screen.getByLabelText('Transaction password'), { target: { value: '123456' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pay 54.27 USDT' }));
  });
  await waitFor(() => expect(onNotPayable).toHaveBeenCalledTimes(1));
  return { shown, onClose };
}

describe('PayOrdersModal', () => {
  setUpComponentTests({ cart: cartEn });
  failOnAntdWarnings();

  it('says by when to pay, and when the order was cancelled meanwhile says so and closes', async () => {
    const { shown, onClose } = await payRefusedOrder({ isAlreadyPaid: false });
    expect(onClose).toHaveBeenCalledTimes(1);
    // By hand in another tab as well as by its payment time: it blamed the payment time for both.
    expect(shown).toEqual([
      'error: This order was cancelled and can no longer be paid. Nothing was charged.',
    ]);
  });

  it('when another tab paid the order meanwhile, says it is paid (not cancelled) and closes', async () => {
    const { shown, onClose } = await payRefusedOrder({ isAlreadyPaid: true });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['info: This order has already been paid. Nothing more was charged.']);
  });

  /** Opens the dialog for 54.27 USDT with `available` in the wallet; gives the paths the dialog fetched. */
  async function openWithBalance(available: string): Promise<string[]> {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        paths.push(new URL(String(input), 'http://localhost').pathname);
        return jsonResponse({
          currency: 'USDT',
          money: available,
          available,
          held: '0.00',
          total: available,
          hasUnfinished: false,
        });
      }),
    );
    await renderWithQueries(
      <PayOrdersModal
        isOpen
        orderNos={['20261202732579466265']}
        total="54.27"
        onClose={vi.fn()}
        onPaid={vi.fn()}
      />,
    );
    return paths;
  }

  it('shows the available balance, and a short one before the password is typed, with the way to recharge', async () => {
    const paths = await openWithBalance('40.00');
    await waitFor(() =>
      expect(screen.getByTestId('pay-available').textContent).toBe('Available balance40.00 USDT'),
    );
    expect(screen.getByText('Your balance is not enough for this payment.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe(
      '/userInfo/money-package/recharge',
    );
    expect(paths).toEqual(['/api/v1/wallet']);
  });

  it('says nothing of a shortfall when the balance covers the payment', async () => {
    await openWithBalance('54.27');
    await waitFor(() => expect(screen.getByTestId('pay-available').textContent).toContain('54.27 USDT'));
    expect(screen.queryByText('Your balance is not enough for this payment.')).toBeNull();
  });
});

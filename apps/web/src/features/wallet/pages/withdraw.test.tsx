import validationEn from '@caravan/contracts/locales/en/validation.json';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import walletEn from '../../../locales/en/wallet.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import WithdrawPage from './withdraw';

const LIMITS = {
  minAmount: '10.00',
  maxAmount: '50000.00',
  dailyCount: 3,
  usedToday: 0,
  timeWindow: '00:00-23:59',
};

/** A wallet of 100 USDT, a bound address, limits of 10 to 50,000 and a fee of 1 USDT for any amount within them. */
function stubWallet() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      switch (url.pathname) {
        case '/api/v1/wallet':
          return jsonResponse({
            currency: 'USDT',
            money: '100.00',
            available: '100.00',
            held: '0.00',
            hasUnfinished: false,
          });
        case '/api/v1/wallet/withdraw-address':
          return jsonResponse({
            address: {
              network: 'USDT-TRC20',
              address: 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust',
              createdAt: '2026-12-01T10:00:00.000Z',
            },
          });
        case '/api/v1/auth/me':
          return jsonResponse({ user: { hasTxPassword: true } });
        case '/api/v1/wallet/withdraw-limits':
          return jsonResponse(LIMITS);
        case '/api/v1/wallet/withdraw-fee': {
          // As the server: an amount outside the limits is refused, never quoted.
          const amount = url.searchParams.get('amount') ?? '0';
          if (Number(amount) < 10 || Number(amount) > 50000) {
            const code = Number(amount) < 10 ? 'WITHDRAW_BELOW_MIN' : 'WITHDRAW_ABOVE_MAX';
            return jsonResponse({ error: { code, message: `Refused: ${code}`, details: {} } }, 400);
          }
          return jsonResponse({
            channel: 'USDT-TRC20',
            amount,
            fee: '1.00',
            actualAmount: (Number(amount) - 1).toFixed(2),
            ...LIMITS,
          });
        }
        default:
          return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found', details: {} } }, 404);
      }
    }),
  );
}

function summaryValue(label: string): string {
  const summary = screen.getByText(walletEn.withdraw.summary).closest('.ant-descriptions') as HTMLElement;
  const row = within(summary).getByText(label).closest('tr') as HTMLElement;
  return row.querySelector('.ant-descriptions-item-content')?.textContent ?? '';
}

describe('/userInfo/money-package/withdraw', () => {
  setUpComponentTests({ wallet: walletEn });
  failOnAntdWarnings();

  it('quotes the fee and the amount received only for an amount that can be withdrawn', async () => {
    stubWallet();
    await renderWithQueries(<WithdrawPage />, '/userInfo/money-package/withdraw');
    const amount = await screen.findByRole('textbox', { name: walletEn.withdraw.amount });
    // The time window keeps its left-to-right order inside a sentence of any direction (Arabic read it backwards).
    await waitFor(() => expect(document.body.textContent).toContain('between \u206600:00-23:59\u2069 (UTC)'));

    fireEvent.change(amount, { target: { value: '50' } });
    await waitFor(() => expect(summaryValue(walletEn.records.actualAmount)).toContain('49.00'));
    expect(summaryValue(walletEn.records.fee)).toContain('1.00');

    // More than the balance, above the largest withdrawal, below the smallest: nothing that would never be paid.
    for (const refused of ['200', '99999', '5']) {
      fireEvent.change(amount, { target: { value: refused } });
      await waitFor(() => expect(summaryValue(walletEn.records.actualAmount), refused).toBe('--'));
      expect(summaryValue(walletEn.records.fee)).toBe('--');
    }
    // The server's refusal of those quotes is not repeated above the form's own message beside the field.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.body.textContent).not.toContain('Refused:');
    // Nor asked for: an amount outside the limits the page knows is not sent to be quoted (a 400 in the console).
    const quoted = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/wallet/withdraw-fee')
      .map((url) => url.searchParams.get('amount'));
    expect(quoted).toContain('50');
    expect(quoted).not.toContain('5');
    expect(quoted).not.toContain('99999');
  });

  it('checks the transaction password once it is typed or the form is sent, not when it is only tabbed through', async () => {
    stubWallet();
    await renderWithQueries(<WithdrawPage />, '/userInfo/money-package/withdraw');
    const password = await screen.findByLabelText(walletEn.withdraw.txPassword);
    await act(async () => {
      fireEvent.focus(password);
      fireEvent.blur(password);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText(validationEn.txPassword)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: walletEn.withdraw.submit }));
    expect(await screen.findByText(validationEn.txPassword)).toBeTruthy();
    fireEvent.change(password, { target: { value: '135790' } });
    await waitFor(() => expect(screen.queryByText(validationEn.txPassword)).toBeNull());
  });
  it('reads a full-width amount and opens the confirmation on its Confirm button once the fee is known', async () => {
    stubWallet();
    await renderWithQueries(<WithdrawPage />, '/userInfo/money-package/withdraw');
    const amount = await screen.findByRole('textbox', { name: walletEn.withdraw.amount });
    // A Japanese keyboard types full-width digits by default.
    fireEvent.change(amount, { target: { value: '５０' } });
    await waitFor(() => expect(summaryValue(walletEn.records.actualAmount)).toContain('49.00'));
    expect(screen.queryByText(validationEn.amountCents)).toBeNull();
    fireEvent.change(screen.getByLabelText(walletEn.withdraw.txPassword), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: walletEn.withdraw.submit }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
  });
});

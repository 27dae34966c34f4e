import type { TWalletChannel } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import walletEn from '../../../locales/en/wallet.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import RechargePage from './recharge';

const TRC20: TWalletChannel = {
  id: '1',
  code: 'USDT-TRC20',
  kind: 'blockchain',
  name: 'USDT (TRC20)',
  currency: 'USDT',
  network: 'TRC20',
  depositAddress: 'TPkdHeKXewXMXkUEWywDBRts5jegbYReuS',
  depositUri: 'tron:TPkdHeKXewXMXkUEWywDBRts5jegbYReuS',
  minAmount: '1.00',
  maxAmount: '1000000.00',
  feeFixed: '0.00',
  feeRate: '0',
  rateToUsdt: '1',
  arrivalMinutes: 30,
  isAvailable: true,
};

describe('/userInfo/money-package/recharge', () => {
  setUpComponentTests({ wallet: walletEn });

  it.each(['99999999999999999999999', '1000000.01'])(
    'says the range of an amount above the largest recharge (%s), not its decimals',
    async (typed) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          const { pathname } = new URL(String(input), 'http://localhost');
          if (pathname === '/api/v1/wallet/channels') {
            return jsonResponse({ channels: [TRC20] });
          }
          return jsonResponse({
            currency: 'USDT',
            money: '0',
            available: '0',
            held: '0',
            hasUnfinished: false,
          });
        }),
      );
      await renderWithQueries(<RechargePage />, '/userInfo/money-package/recharge');
      const method = await screen.findByRole('button', { name: /USDT \(TRC20\)/ });
      if (method.getAttribute('aria-pressed') !== 'true') {
        await act(async () => fireEvent.click(method));
      }
      const amount = await screen.findByRole('textbox', { name: /Amount/ });
      await act(async () => fireEvent.change(amount, { target: { value: typed } }));
      await waitFor(() =>
        expect(screen.getByText('Please enter an amount between 1.00 and 1,000,000.00 USDT')).toBeTruthy(),
      );
      expect(screen.queryByText(/at most 2 decimals/)).toBeNull();
    },
  );
});

import type { TSellerDashboard } from '@caravan/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import walletEn from '../../../locales/en/wallet.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import SellerDashboardPage from './dashboard';

const DASHBOARD: TSellerDashboard = {
  range: '7d',
  gmv: '60.63',
  orders: 2,
  units: 3,
  productViews: 4,
  conversion: '0.5000',
  refundRate: null,
  gmvByDay: [],
  topProducts: [],
  pending: { toShip: 0, refundRequests: 0, reminders: 0, lowStock: 0, unrepliedReviews: 0 },
};

describe('Seller -> dashboard', () => {
  setUpComponentTests({ seller: sellerEn, wallet: walletEn });
  failOnAntdWarnings();

  it('says before the click that the balance is withdrawn on the storefront, with its own log-in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/dashboard')
          ? jsonResponse(DASHBOARD)
          : jsonResponse({ balance: '57.60', pendingSettlement: '0.00' }),
      ),
    );
    await renderWithQueries(<SellerDashboardPage />, '/seller/dashboard');
    const withdraw = await screen.findByRole('link', { name: walletEn.balance.withdraw });
    expect(withdraw.getAttribute('href')).toBe('/userInfo/money-package/withdraw');
    expect(screen.getByText(sellerEn.dashboard.withdrawHint)).toBeTruthy();
    // GMV says what it counts, as the admin dashboard's does: the same orders gave two figures on the two consoles.
    const gmv = screen.getByText(sellerEn.dashboard.gmv).closest('.ant-card');
    expect(gmv?.textContent).toContain('60.63 USDT');
    expect(gmv?.textContent).toContain(sellerEn.dashboard.gmvHint);
  });

  it('says that the platform suspended the shop, with its reason, on the overview too (QA seller 7)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/v1/seller/shop') {
          return jsonResponse({ status: 'suspended', suspendedReason: 'Counterfeit complaints' });
        }
        return path.includes('/dashboard')
          ? jsonResponse(DASHBOARD)
          : jsonResponse({ balance: '57.60', pendingSettlement: '0.00' });
      }),
    );
    await renderWithQueries(<SellerDashboardPage />, '/seller/dashboard');
    const notice = (await screen.findByText(sellerEn.shop.suspended)).closest('[role="alert"]');
    expect(notice?.textContent).toContain('Counterfeit complaints');
  });

  it('shows no notice for an active shop', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/v1/seller/shop') {
          return jsonResponse({ status: 'active', suspendedReason: null });
        }
        return path.includes('/dashboard')
          ? jsonResponse(DASHBOARD)
          : jsonResponse({ balance: '57.60', pendingSettlement: '0.00' });
      }),
    );
    await renderWithQueries(<SellerDashboardPage />, '/seller/dashboard');
    await screen.findByText(sellerEn.dashboard.gmvHint);
    expect(screen.queryByText(sellerEn.shop.suspended)).toBeNull();
  });
});

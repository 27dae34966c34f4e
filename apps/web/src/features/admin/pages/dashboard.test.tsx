import { ADMIN_DASHBOARD_QUEUES, type TAdminDashboard } from '@caravan/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import adminEn from '../../../locales/en/admin.json';
import consoleEn from '../../../locales/en/console.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import DashboardPage from './dashboard';

const FIGURES = {
  gmv: '1590.49',
  deposits: '120.21',
  withdrawals: '250.55',
  refunds: '10.00',
  orders: 3,
  paidOrders: 2,
  payingBuyers: 1,
  newBuyers: 0,
  newSellers: 0,
};

const BOARD: TAdminDashboard = {
  from: '2026-12-04',
  to: '2026-12-04',
  utcOffsetMinutes: 0,
  totals: FIGURES,
  days: [{ day: '2026-12-04', ...FIGURES }],
  queues: Object.fromEntries(ADMIN_DASHBOARD_QUEUES.map((queue) => [queue, 0])) as TAdminDashboard['queues'],
};

describe('Admin -> dashboard', () => {
  setUpComponentTests({ admin: adminEn, console: consoleEn });

  it("says each money figure's basis: deposits after fees, withdrawals with theirs, GMV with the platform's coupons", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(BOARD)),
    );
    await renderWithQueries(<DashboardPage />, '/admin/dashboard');
    await screen.findByText('1,590.49 USDT');
    for (const key of ['gmv', 'deposits', 'withdrawals', 'refunds'] as const) {
      const card = document.querySelector(`[data-figure="${key}"]`);
      expect(card?.textContent, key).toContain(consoleEn.dashboard.figureHints[key]);
    }
  });
});

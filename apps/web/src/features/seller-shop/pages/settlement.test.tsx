import type { TSellerSummary, TSettlementStatement } from '@caravan/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import SettlementPage from './settlement';

const SUMMARY: TSellerSummary = {
  balance: '30.0485',
  settledAmount: '30.0485',
  pendingSettlement: '31.63',
  ordersByStatus: { '4': 1 },
  remindedCount: 0,
  refundingCount: 0,
};

const STATEMENT: TSettlementStatement = {
  month: '2026-12',
  orders: 1,
  goodsAmount: '31.63',
  commission: '1.5815',
  refunds: '0.00',
  net: '30.0485',
  lines: {
    pageNum: 1,
    pageSize: 20,
    total: 1,
    pageList: [
      {
        orderNo: '20261202419123337844',
        settledAt: '2026-12-02T23:00:00.000Z',
        goodsAmount: '31.63',
        commissionRate: '0.05',
        commission: '1.5815',
        refunds: '0.00',
        net: '30.0485',
      },
    ],
  },
};

describe('Seller -> settlement', () => {
  setUpComponentTests({ seller: sellerEn });

  it('shows the money paid orders have still coming, and names the settled amount the order amount it is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        return jsonResponse(path === '/api/v1/seller/summary' ? SUMMARY : STATEMENT);
      }),
    );
    await renderWithQueries(<SettlementPage />);
    // Delivered but not yet settled: before, the seller saw a zero balance and "Nothing was settled".
    const pending = await screen.findByText('Awaiting settlement');
    await waitFor(() => expect(pending.closest('.ant-card')?.textContent).toContain('31.63 USDT'));
    // The settled figure includes freight: it is the order's amount, not its goods amount.
    expect(screen.getAllByText('Order amount').length).toBeGreaterThan(0);
    expect(screen.queryByText('Goods amount')).toBeNull();
  });
});

import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { SellerOrdersTable } from './seller-orders-table';

const EMPTY_PAGE = { pageList: [], pageNum: 1, pageSize: 20, total: 0 };

describe('Seller -> orders table', () => {
  setUpComponentTests({ orders: ordersEn });

  it('filters reminded orders on the orders page, not on the refunds page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(EMPTY_PAGE)),
    );
    const reminded = ordersEn.seller.orders.onlyReminded;
    await renderWithQueries(<SellerOrdersTable />);
    expect(await screen.findByRole('checkbox', { name: reminded })).toBeTruthy();
    cleanup();
    await renderWithQueries(<SellerOrdersTable initialTab="refund" />);
    await screen.findByRole('searchbox');
    expect(screen.queryByRole('checkbox', { name: reminded })).toBeNull();
  });
});

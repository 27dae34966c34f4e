import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { cssMediaBlock } from '../../../testing/css-rules';
import { orderInfoFixture } from '../../../testing/orders';
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

  it('lists refunds only on the refunds page: no tabs leading to other orders, whatever tab the address names', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(EMPTY_PAGE));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<SellerOrdersTable />);
    expect(await screen.findByRole('tab', { name: ordersEn.tabs.pending })).toBeTruthy();
    cleanup();
    fetchMock.mockClear();
    await renderWithQueries(<SellerOrdersTable initialTab="refund" />, '/seller/refunds?tab=pending');
    await screen.findByRole('searchbox');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => new URL(url, 'http://local').searchParams.get('tab'))).toEqual(
      ['refund'],
    );
  });

  it('tells on the refunds page what each refund is of, beside the order total', async () => {
    const refunded = orderInfoFixture({
      statusName: 'refund',
      refundStatus: 'refunding',
      refundAmount: '12.50',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...EMPTY_PAGE, pageList: [refunded], total: 1 })),
    );
    await renderWithQueries(<SellerOrdersTable initialTab="refund" />);
    const row = await screen.findByTestId('seller-order-row');
    expect(screen.getByRole('columnheader', { name: ordersEn.detail.returnAmount })).toBeTruthy();
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('37.50 USDT');
    expect(cells).toContain('12.50 USDT');
    cleanup();
    // The other tabs have no refund to tell of: no column for it.
    await renderWithQueries(<SellerOrdersTable />);
    await screen.findByTestId('seller-order-row');
    expect(screen.queryByRole('columnheader', { name: ordersEn.detail.returnAmount })).toBeNull();
  });

  it('lists each product of an order on its own line, its name isolated and its quantity after it', async () => {
    const base = orderInfoFixture();
    const twoProducts = {
      ...base,
      items: [
        ...base.items,
        { ...base.items[0], id: '6', name: 'قطعة قماش', specification: '', quantity: 2 },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...EMPTY_PAGE, pageList: [twoProducts], total: 1 })),
    );
    await renderWithQueries(<SellerOrdersTable initialTab="refund" />);
    const row = await screen.findByTestId('seller-order-row');
    const lines = [...row.querySelectorAll('.cv-order-item-list > li')];
    expect(lines.map((line) => line.querySelector('bdi')?.textContent)).toEqual([
      'Soft Plush Puzzles',
      'قطعة قماش',
    ]);
    expect(lines.map((line) => line.querySelector('[dir="ltr"]')?.textContent)).toEqual(['× 3', '× 2']);
  });

  it('keeps an order number whole beside the other columns on a wide screen, and lets a phone wrap it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ...EMPTY_PAGE, pageList: [orderInfoFixture()], total: 1 })),
    );
    await renderWithQueries(<SellerOrdersTable />);
    const row = await screen.findByTestId('seller-order-row');
    const number = within(row).getByText(orderInfoFixture().orderNo);
    expect([...number.classList]).toEqual(['cv-table-code', 'cv-table-code--whole']);
    // At 1280 px the consoles' tables broke the 20 digits in two (QA, session 50).
    expect(cssMediaBlock('apps/web/src/app/global.css', '(min-width: 576px)')).toMatch(
      /\.cv-table-code--whole \{\s*white-space: nowrap;\s*\}/,
    );
  });
});

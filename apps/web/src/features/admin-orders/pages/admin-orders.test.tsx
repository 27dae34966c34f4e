import type { TStaffInfo, TWaitingFirstApproval } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import ordersEn from '../../../locales/en/orders.json';
import { Address, addressParams } from '../../../testing/address';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { cssRulesOf, tableCodeOnPhone } from '../../../testing/css-rules';
import { goodsOnlyAmounts } from '../../../testing/orders';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import type { TAdminOrder } from '../api/admin-orders-api';
import AdminOrdersPage from './admin-orders';

const ME: TStaffInfo = {
  id: '5',
  username: 'ops1',
  displayName: 'Orders One',
  roleId: '3',
  roleName: 'Operations',
  permissions: ['orders.manage'],
};

function deliveredOrder(refundApproval: TWaitingFirstApproval | null): TAdminOrder {
  return {
    orderNo: 'CV2026112000001',
    status: 4,
    statusName: 'received',
    refundStatus: 'none',
    refundAmount: null,
    seller: { id: '3', name: 'Harbour Goods' },
    items: [
      {
        id: '1',
        productId: '9',
        variantId: null,
        name: 'Cotton tote',
        specification: '',
        imgUrl: null,
        unitPrice: '200.00',
        quantity: 1,
        lineTotal: '200.00',
      },
    ],
    amounts: goodsOnlyAmounts('200.00'),
    paidAmount: '200.00',
    isReminded: false,
    createdAt: '2026-11-20T08:00:00.000Z',
    paidAt: '2026-11-20T08:01:00.000Z',
    payBefore: null,
    buyer: { id: '7', usercode: '10000007' },
    refundApproval,
    refundableAmount: '200.00',
  };
}

const firstApprovalBy = (staffId: string, staffName: string): TWaitingFirstApproval => ({
  staffId,
  staffName,
  approvedAt: '2026-11-21T09:30:00.000Z',
  amount: '80.00',
  reason: 'Damaged in transit',
});

function serve(order: TAdminOrder) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/v1/admin/auth/me') {
        return jsonResponse({ staff: ME });
      }
      return jsonResponse({ pageList: [order], total: 1, pageNum: 1, pageSize: 20 });
    }),
  );
}

describe('Console -> orders: a manual refund waiting for its second approval', () => {
  setUpComponentTests({ console: consoleEn, orders: ordersEn });
  failOnAntdWarnings();

  it("is marked on its row and opens with the first approver's amount and reason", async () => {
    serve(deliveredOrder(firstApprovalBy('6', 'Orders Two')));
    await renderWithQueries(<AdminOrdersPage />);
    expect(await screen.findByText('Refund awaiting 2nd approval')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manual refund' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Approve refund' }));
    });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          /^Orders Two asked on .* for a refund of 80\.00 USDT\. Approving the same amount refunds it now\.$/,
        ),
      ).toBeTruthy(),
    );
    expect((within(dialog).getByLabelText('Amount (USDT)') as HTMLInputElement).value).toBe('80.00');
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Damaged in transit');
  });

  it('keeps the mark and the actions in view on a console at 1280 px: the mark by the state, the actions fixed', async () => {
    serve(deliveredOrder(firstApprovalBy('6', 'Orders Two')));
    await renderWithQueries(<AdminOrdersPage />);
    const mark = await screen.findByText('Refund awaiting 2nd approval');
    const approve = screen.getByRole('button', { name: 'Approve refund' });
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const cellOf = (element: HTMLElement) => element.closest('td')!;
    const row = cellOf(mark).parentElement!;
    const columnOf = (element: HTMLElement) => headers[[...row.children].indexOf(cellOf(element))];
    // The mark, wide in German, sat in the actions column and pushed it past the screen's edge.
    expect(columnOf(mark)).toBe(ordersEn.detail.status);
    expect(columnOf(approve)).toBe('Actions');
    // Denser cells, so the columns fit a console at 1280 px; narrower, the actions column stays at the end edge
    // while the rest scrolls.
    expect(table.closest('.ant-table-medium')).not.toBeNull();
    expect(cellOf(approve).className).toMatch(/ant-table-cell-fix-(end|right)/);
    // The status tabs are the shared ones, which go on to a second line rather than cut the last one off
    // (order-status-tabs.test.tsx checks how).
    const tabs = screen.getAllByRole('tab');
    expect(tabs.length).toBeGreaterThan(1);
    expect(tabs[0]!.closest('.ant-tabs')!.classList.contains('cv-status-tabs')).toBe(true);
  });

  it('wraps a 20-digit order number at 360 px rather than run it under the pinned actions column (QA consoles 4)', async () => {
    serve({ ...deliveredOrder(null), orderNo: '20261205919942151627' });
    await renderWithQueries(<AdminOrdersPage />);
    const number = await screen.findByText('20261205919942151627');
    // Left to right and isolated in Arabic, wrapped anywhere and held narrow on a phone (global.css).
    expect(number.tagName).toBe('BDI');
    expect(number.getAttribute('dir')).toBe('ltr');
    expect(number.classList.contains('cv-table-code')).toBe(true);
    expect(cssRulesOf('apps/web/src/app/global.css')('.cv-table-code')).toMatch(/overflow-wrap: anywhere;/);
    expect(tableCodeOnPhone()).toMatch(/max-inline-size: 8em;/);
  });

  it('cannot be approved again by the staff member who gave the first approval', async () => {
    serve(deliveredOrder(firstApprovalBy(ME.id, ME.displayName)));
    await renderWithQueries(<AdminOrdersPage />);
    const approve = (await screen.findByRole('button', { name: 'Approve refund' })) as HTMLButtonElement;
    await waitFor(() => expect(approve.disabled).toBe(true));
    expect(
      screen.getByText('You gave the first approval; another staff member must give the second'),
    ).toBeTruthy();
  });

  it('offers the plain manual refund when nothing waits', async () => {
    serve(deliveredOrder(null));
    await renderWithQueries(<AdminOrdersPage />);
    expect(await screen.findByRole('button', { name: 'Manual refund' })).toBeTruthy();
    expect(screen.queryByText('Refund awaiting 2nd approval')).toBeNull();
  });
});

describe('Console -> orders: the manual refund of an order not yet received', () => {
  setUpComponentTests({ console: consoleEn, orders: ordersEn });
  failOnAntdWarnings();

  it.each([
    ['shipped', 3, 'While the goods are on their way, a refund returns everything paid: 200.00 USDT'],
    ['paid', 1, 'Before the order ships, a refund returns everything paid: 200.00 USDT'],
  ] as const)(
    'fixes the amount of a %s order at everything paid and says why',
    async (statusName, status, rule) => {
      serve({ ...deliveredOrder(null), statusName, status });
      await renderWithQueries(<AdminOrdersPage />);
      await act(async () => {
        fireEvent.click(await screen.findByRole('button', { name: 'Manual refund' }));
      });
      const dialog = await screen.findByRole('dialog');
      const amount = within(dialog).getByLabelText('Amount (USDT)') as HTMLInputElement;
      expect(amount.value).toBe('200.00');
      expect(amount.readOnly).toBe(true);
      expect(within(dialog).getByText(rule)).toBeTruthy();
    },
  );

  it('leaves the amount of a received order to the staff member, up to what was paid', async () => {
    serve(deliveredOrder(null));
    await renderWithQueries(<AdminOrdersPage />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Manual refund' }));
    });
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Amount (USDT)') as HTMLInputElement).readOnly).toBe(false);
    expect(within(dialog).getByText('At most 200.00 USDT, what the buyer paid')).toBeTruthy();
  });
});

describe('Console -> orders: the manual refund of a partly refunded order', () => {
  setUpComponentTests({ console: consoleEn, orders: ordersEn });
  failOnAntdWarnings();

  const partlyRefunded = (refundableAmount: string): TAdminOrder => ({
    ...deliveredOrder(null),
    status: 6,
    statusName: 'refund',
    refundStatus: 'success',
    refundAmount: '80.00',
    refundableAmount,
  });

  it('offers the rest that is still paid, and no more', async () => {
    serve(partlyRefunded('120.00'));
    await renderWithQueries(<AdminOrdersPage />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Manual refund' }));
    });
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (USDT)') as HTMLInputElement;
    expect(amount.value).toBe('120.00');
    expect(amount.readOnly).toBe(false);
    expect(
      within(dialog).getByText(
        'At most 120.00 USDT, what is left of the 200.00 USDT paid after the earlier refunds',
      ),
    ).toBeTruthy();
  });

  it('offers nothing once everything paid went back', async () => {
    serve(partlyRefunded('0.00'));
    await renderWithQueries(<AdminOrdersPage />);
    expect(await screen.findByRole('button', { name: 'Details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manual refund' })).toBeNull();
  });
});

describe('Console -> orders: the tab and the search in the address', () => {
  setUpComponentTests({ console: consoleEn, orders: ordersEn });
  failOnAntdWarnings();

  it('reads them from the address on a reload, so neither is lost', async () => {
    const lists: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/v1/admin/auth/me') {
          return jsonResponse({ staff: ME });
        }
        lists.push(url.searchParams);
        return jsonResponse({ pageList: [], total: 0, pageNum: 1, pageSize: 20 });
      }),
    );
    await renderWithQueries(
      <AdminOrdersPage />,
      '/admin/orders?tab=receipt&orderNo=CV2026112000001&pageNum=2',
    );
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(Object.fromEntries(lists.at(-1)!)).toMatchObject({
      tab: 'receipt',
      orderNo: 'CV2026112000001',
      pageNum: '2',
    });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('CV2026112000001');
  });

  it('sorts by total on the server from page 1 of the same tab, and reads the sort back from the address', async () => {
    const lists: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/v1/admin/auth/me') {
          return jsonResponse({ staff: ME });
        }
        lists.push(url.searchParams);
        return jsonResponse({ pageList: [deliveredOrder(null)], total: 45, pageNum: 1, pageSize: 20 });
      }),
    );
    await renderWithQueries(
      <>
        <AdminOrdersPage />
        <Address />
      </>,
      '/admin/orders?tab=receipt&pageNum=2&sort=createdAt&order=desc',
    );
    await screen.findByText('CV2026112000001');
    expect(Object.fromEntries(lists.at(-1)!)).toMatchObject({
      pageNum: '2',
      sort: 'createdAt',
      order: 'desc',
    });
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header(ordersEn.detail.createdAt).getAttribute('aria-sort')).toBe('descending');

    await act(async () => fireEvent.click(header(ordersEn.detail.total)));
    await waitFor(() => expect(Object.fromEntries(lists.at(-1)!)).toMatchObject({ sort: 'total' }));
    expect(Object.fromEntries(lists.at(-1)!)).toMatchObject({ tab: 'receipt', pageNum: '1', order: 'asc' });
    expect(addressParams()).toEqual({ tab: 'receipt', sort: 'total', order: 'asc' });
    expect(header(ordersEn.detail.total).getAttribute('aria-sort')).toBe('ascending');
    expect(header(ordersEn.detail.createdAt).hasAttribute('aria-sort')).toBe(false);
    // What was paid is not a sort the server offers.
    expect(header(ordersEn.detail.paidAmount).hasAttribute('aria-description')).toBe(false);
  });
});

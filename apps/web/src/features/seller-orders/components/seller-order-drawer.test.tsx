import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { orderInfoFixture } from '../../../testing/orders';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { SellerOrderDrawer } from './seller-order-drawer';

const refundRequest = {
  kind: 'return' as const,
  reason: 2,
  amount: '10.50',
  description: '',
  images: [],
  status: 'refunding' as const,
  rejectReason: null,
  createdAt: '2026-12-03T10:00:00.000Z',
  decidedAt: null,
};

async function openApproval(settledAt: string | null) {
  const order = orderInfoFixture({
    status: 6,
    statusName: 'refund',
    refundStatus: 'refunding',
    settledAt,
    refund: refundRequest,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/logistics') ? jsonResponse([]) : jsonResponse({ orderInfo: order }),
    ),
  );
  await renderWithQueries(<SellerOrderDrawer orderNo={order.orderNo} onClose={() => undefined} />);
  await act(async () =>
    fireEvent.click(await screen.findByRole('button', { name: ordersEn.seller.orders.approveRefund })),
  );
  // The confirmation names the amount asked for, not the order's total.
  const [title] = await screen.findAllByText('Refund 10.50 USDT to the buyer?');
  return title?.closest('.ant-modal') as HTMLElement;
}

describe('Seller -> order drawer -> approve refund', () => {
  setUpComponentTests({ orders: ordersEn });

  it('says the money comes from escrow before settlement', async () => {
    const dialog = await openApproval(null);
    expect(within(dialog).getByText(ordersEn.seller.orders.approveBody)).toBeTruthy();
  });

  it("says a settled order's refund is taken back from the seller's wallet", async () => {
    const dialog = await openApproval('2026-12-03T09:00:00.000Z');
    expect(within(dialog).getByText(ordersEn.seller.orders.approveBodySettled)).toBeTruthy();
    expect(within(dialog).queryByText(ordersEn.seller.orders.approveBody)).toBeNull();
  });
});

import type { TOrderSummary } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { goodsOnlyAmounts } from '../../../testing/orders';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { ORDERS_KEY } from '../api/order-keys';
import { OrderActions } from './order-actions';

function paidOrder(isReminded: boolean, statusName: TOrderSummary['statusName'] = 'paid'): TOrderSummary {
  return {
    orderNo: '20261203000000000001',
    status: 1,
    statusName,
    refundStatus: 'none',
    refundAmount: null,
    seller: { id: '3', name: 'Harbour Goods' },
    items: [],
    amounts: goodsOnlyAmounts('20.00'),
    paidAmount: '20.00',
    isReminded,
    createdAt: '2026-12-03T08:00:00.000Z',
    paidAt: '2026-12-03T08:01:00.000Z',
    payBefore: null,
  } as TOrderSummary;
}

/** An order as the list reads it: a refresh after an action draws its new buttons. */
function ListedOrder() {
  const order = useQuery({
    queryKey: [...ORDERS_KEY, 'one'],
    queryFn: async () => (await fetch('/api/v1/orders/one')).json() as Promise<TOrderSummary>,
  });
  return order.data ? <OrderActions order={order.data} /> : null;
}

describe('OrderActions', () => {
  setUpComponentTests({ orders: ordersEn });

  it('offers "remind to ship" once: after the reminder the button is off', async () => {
    await renderWithQueries(<OrderActions order={paidOrder(false)} />, '/userInfo/my-order');
    const before = screen.getByRole('button', { name: ordersEn.actions.remind });
    expect(before.hasAttribute('disabled')).toBe(false);
  });

  it('keeps the reminder button off for an order already reminded', async () => {
    await renderWithQueries(<OrderActions order={paidOrder(true)} />, '/userInfo/my-order');
    // It stayed pressable and only said "already reminded" when pressed.
    expect(screen.getByRole('button', { name: ordersEn.actions.remind }).hasAttribute('disabled')).toBe(true);
  });

  it('says before a receipt is confirmed that returns stay open and when the seller is paid', async () => {
    await renderWithQueries(<OrderActions order={paidOrder(false, 'shipped')} />, '/userInfo/my-order');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ordersEn.actions.receive })));
    // It said the payment "will be released to the seller", which happens only after the return period.
    expect(
      await screen.findByText(
        'Confirm only once you have the goods. You can still ask for a return within 7 days; after that, the payment of 20.00 USDT goes to the seller.',
      ),
    ).toBeTruthy();
  });

  it.each([
    ['cancels', 'pending_payment', 'cancel', ordersEn.cancel.confirm, '/cancel'],
    ['buys again', 'cancelled', null, ordersEn.actions.rebuy, '/rebuy'],
  ] as const)('%s once on a double click', async (_name, statusName, opener, button, path) => {
    const calls: string[] = [];
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        // Held open, as on a slow line, so the second click comes while the first request runs.
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    await renderWithQueries(<OrderActions order={paidOrder(false, statusName)} />, '/userInfo/my-order');
    if (opener) {
      fireEvent.click(screen.getByRole('button', { name: ordersEn.actions[opener] }));
    }
    const confirm = await screen.findByRole('button', { name: button });
    // Both clicks before React renders the button busy.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await act(async () => undefined);
    expect(calls.filter((url) => url.includes(path))).toHaveLength(1);
    await act(async () => answer(jsonResponse({ code: 'ORDER_STATE_INVALID', message: 'No' }, 409)));
  });

  it('keeps the focus on the order once Remind to ship is done and off (QA: it fell to the page)', async () => {
    let isReminded = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/remind') && init?.method === 'POST') {
          isReminded = true;
          return jsonResponse({ ok: true });
        }
        return jsonResponse(paidOrder(isReminded));
      }),
    );
    await renderWithQueries(<ListedOrder />, '/userInfo/my-order');
    const remind = await screen.findByRole('button', { name: ordersEn.actions.remind });
    remind.focus();
    await act(async () => fireEvent.click(remind));
    // Given time: on a loaded machine (two suites on two cores in CI) the refetch and redraw took over a second.
    await waitFor(() => expect(remind.hasAttribute('disabled')).toBe(true), { timeout: 5000 });
    // The next button of the order, not the page's start.
    await waitFor(
      () =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: ordersEn.actions.refund })),
      { timeout: 5000 },
    );
  });
});

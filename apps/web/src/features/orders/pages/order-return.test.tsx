import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import OrderReturnPage from './order-return';

const ORDER_NO = '20261202818925353546';

function orderAnswer(statusName: string, canReturnUntil: string | null) {
  return vi.fn(async () =>
    jsonResponse({
      orderInfo: {
        orderNo: ORDER_NO,
        statusName,
        refundStatus: 'none',
        canReturnUntil,
        paidAmount: '31.63',
        items: [],
      },
    }),
  );
}

describe('/userInfo/order-return', () => {
  setUpComponentTests({ orders: ordersEn });

  it('refunds everything paid before the order ships: the amount is fixed and says why', async () => {
    vi.stubGlobal('fetch', orderAnswer('paid', null));
    await renderWithQueries(<OrderReturnPage />, `/userInfo/order-return?orderNo=${ORDER_NO}`);
    const amount = await screen.findByRole('textbox', { name: ordersEn.refundForm.amount });
    expect((amount as HTMLInputElement).value).toBe('31.63');
    expect(amount.hasAttribute('readonly')).toBe(true);
    expect(screen.getByText(/has not shipped yet/).textContent).toContain('31.63 USDT');
  });

  it('takes a part of the price back after delivery', async () => {
    vi.stubGlobal('fetch', orderAnswer('received', '2026-12-09T06:56:43.000Z'));
    await renderWithQueries(<OrderReturnPage />, `/userInfo/order-return?orderNo=${ORDER_NO}`);
    const amount = await screen.findByRole('textbox', { name: ordersEn.refundForm.amount });
    expect(amount.hasAttribute('readonly')).toBe(false);
    await waitFor(() => expect(screen.getByText(/what you paid for this order/)).toBeTruthy());
    expect(screen.queryByText(/has not shipped yet/)).toBeNull();
  });

  async function offeredReasons(statusName: string, canReturnUntil: string | null): Promise<string[]> {
    vi.stubGlobal('fetch', orderAnswer(statusName, canReturnUntil));
    await renderWithQueries(<OrderReturnPage />, `/userInfo/order-return?orderNo=${ORDER_NO}`);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: ordersEn.refundForm.reason }));
    await screen.findAllByRole('option');
    return [...document.querySelectorAll('.ant-select-item-option')].map(
      (option) => option.textContent ?? '',
    );
  }

  it('offers before shipping only the reasons that fit an order not shipped yet', async () => {
    const r = ordersEn.returnReasons;
    // "Wrong item received", "Arrived too late"... were offered although the page says the order has not shipped.
    expect(await offeredReasons('paid', null)).toEqual([r['7'], r['8'], r['9']]);
  });

  it('offers every return reason once the goods are received', async () => {
    const r = ordersEn.returnReasons;
    expect(await offeredReasons('received', '2026-12-09T06:56:43.000Z')).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((code) => r[code as keyof typeof r]),
    );
  });

  it('heads the form with the order number and the amount paid as two facts, each value isolated', async () => {
    vi.stubGlobal('fetch', orderAnswer('paid', null));
    await renderWithQueries(<OrderReturnPage />, `/userInfo/order-return?orderNo=${ORDER_NO}`);
    const orderNo = await screen.findByText(ORDER_NO);
    expect(orderNo.getAttribute('dir')).toBe('ltr');
    const facts = orderNo.closest('dl') as HTMLElement;
    expect([...facts.children].map((fact) => fact.textContent)).toEqual([
      `${ordersEn.detail.orderNo}: ${ORDER_NO}`,
      `${ordersEn.detail.paidAmount}: 31.63 USDT`,
    ]);
    expect(facts.querySelector('dd .cv-amount')?.getAttribute('dir')).toBe('ltr');
    // The separator is drawn between the facts (.cv-order-facts): as a character of the text it was left alone at
    // the end of an Arabic phone's first line.
    expect(facts.className).toBe('cv-order-facts');
    expect(facts.textContent).not.toContain('·');
  });
});

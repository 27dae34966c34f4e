import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { cssRulesOf } from '../../../testing/css-rules';
import { orderInfoFixture } from '../../../testing/orders';
import { renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { OrderCard } from './order-card';

describe('OrderCard', () => {
  setUpComponentTests({ orders: ordersEn });

  it('tells beside the total what a refund is of, and says nothing of refunds an order never had', async () => {
    const refunded = orderInfoFixture({
      statusName: 'refund',
      refundStatus: 'refunding',
      refundAmount: '12.50',
    });
    await renderWithQueries(<OrderCard order={refunded} />, '/userInfo/my-order');
    const foot = screen.getByTestId('order-card').querySelector('.cv-order-card__foot');
    expect(foot?.textContent).toContain(`${ordersEn.list.total} 37.50 USDT`);
    expect(foot?.textContent).toContain(`${ordersEn.detail.returnAmount} 12.50 USDT`);
    cleanup();
    await renderWithQueries(<OrderCard order={orderInfoFixture()} />, '/userInfo/my-order');
    expect(screen.getByTestId('order-card').textContent).not.toContain(ordersEn.detail.returnAmount);
  });

  it('names a paid and a seller-confirmed order alike for the buyer (SPEC §3: 1 and 2 share a label)', async () => {
    for (const statusName of ['paid', 'confirmed'] as const) {
      await renderWithQueries(
        <OrderCard order={orderInfoFixture({ statusName, refundStatus: 'none' })} />,
        '/userInfo/my-order',
      );
      expect(screen.getByText(ordersEn.status.paid)).toBeTruthy();
      expect(screen.queryByText(ordersEn.status.confirmed)).toBeNull();
      cleanup();
    }
  });

  it("gives a product's name a line of its own, with variant, quantity and price together after it", async () => {
    await renderWithQueries(<OrderCard order={orderInfoFixture()} />, '/userInfo/my-order');
    const line = screen.getByTestId('order-card').querySelector('.cv-order-card__item');
    const body = line?.querySelector(':scope > .cv-order-card__item-body');
    // The picture, then one body: the name first, then the facts in their own box that wraps under it as one.
    expect(line?.firstElementChild?.classList.contains('cv-order-thumb')).toBe(true);
    expect([...(body?.children ?? [])].map((child) => child.className)).toEqual([
      'cv-order-goods__name',
      'cv-order-card__item-facts',
    ]);
    expect(body?.firstElementChild?.textContent).toBe('Soft Plush Puzzles');
    const facts = body?.querySelector('.cv-order-card__item-facts');
    expect(facts?.querySelector('bdi')?.textContent).toBe('Red');
    expect(facts?.querySelector('.cv-order-card__qty')?.textContent).toBe('× 3');
    expect(facts?.textContent).toBe('Red× 337.50 USDT');
  });
});

describe('order.css order card lines', () => {
  const declarationsOf = cssRulesOf('apps/web/src/components/order/order.css');

  it('lets the name and the facts wrap apart, the name taking the line', () => {
    const body = declarationsOf('.cv-order-card__item-body');
    expect(body).toContain('flex-wrap: wrap');
    expect(body).toContain('min-width: 0');
    // Wider than a phone's card body (some 250 px at 360): there the facts go under the name.
    expect(declarationsOf('.cv-order-card__items .cv-order-goods__name')).toContain('flex: 1 1 280px');
  });
});

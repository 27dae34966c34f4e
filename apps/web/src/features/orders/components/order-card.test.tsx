import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
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
});

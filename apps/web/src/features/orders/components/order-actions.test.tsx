import type { TOrderSummary } from '@caravan/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ordersEn from '../../../locales/en/orders.json';
import { goodsOnlyAmounts } from '../../../testing/orders';
import { renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { OrderActions } from './order-actions';

function paidOrder(isReminded: boolean): TOrderSummary {
  return {
    orderNo: '20261203000000000001',
    status: 1,
    statusName: 'paid',
    refundStatus: 'none',
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
});

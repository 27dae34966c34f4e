import type { TOrderSummary } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import { readPlacedOrders } from './placed-orders';

const NOW = Date.parse('2026-12-02T12:00:00.000Z');

function unpaidOrder(orderNo: string, payBefore: string | null): TOrderSummary {
  return {
    orderNo,
    status: 0,
    statusName: 'pending_payment',
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
        unitPrice: '20.00',
        quantity: 2,
        lineTotal: '40.00',
      },
    ],
    amounts: {
      itemsAmount: '40.00',
      dispatchFee: '1.00',
      longDistanceFee: '0.00',
      deliveryFee: '0.00',
      freight: '1.00',
      tax: '0.00',
      handlingFee: '0.00',
      discount: '0.00',
      total: '41.00',
    },
    paidAmount: '0.00',
    isReminded: false,
    createdAt: '2026-12-02T11:50:00.000Z',
    paidAt: null,
    payBefore,
  };
}

describe('the placed orders a checkout keeps in its history entry', () => {
  it('gives back orders still within their payment time', () => {
    const placed = {
      orders: [unpaidOrder('20261202000000000001', '2026-12-02T12:20:00.000Z')],
      total: '41.00',
    };
    expect(readPlacedOrders({ placed }, NOW)).toEqual(placed);
  });

  it('offers nothing once an order is past its payment time, or without a payment time', () => {
    const late = {
      orders: [unpaidOrder('20261202000000000001', '2026-12-02T11:59:59.000Z')],
      total: '41.00',
    };
    expect(readPlacedOrders({ placed: late }, NOW)).toBeNull();
    const paid = { orders: [unpaidOrder('20261202000000000001', null)], total: '41.00' };
    expect(readPlacedOrders({ placed: paid }, NOW)).toBeNull();
  });

  it('offers nothing for an entry without placed orders or with a damaged value', () => {
    expect(readPlacedOrders(null, NOW)).toBeNull();
    expect(readPlacedOrders({ other: 1 }, NOW)).toBeNull();
    expect(readPlacedOrders({ placed: { orders: [], total: '0.00' } }, NOW)).toBeNull();
    expect(readPlacedOrders({ placed: { orders: [{ orderNo: 1 }], total: '41.00' } }, NOW)).toBeNull();
  });
});

import type { TOrderInfo, TOrderSummary } from '@caravan/contracts';

/** An order's amounts with no freight, tax, fees or discount: the goods are the total. */
export function goodsOnlyAmounts(total: string): TOrderSummary['amounts'] {
  return {
    itemsAmount: total,
    dispatchFee: '0.00',
    longDistanceFee: '0.00',
    deliveryFee: '0.00',
    freight: '0.00',
    tax: '0.00',
    handlingFee: '0.00',
    discount: '0.00',
    total,
  };
}

/** One received order of one line (3 x 12.50 USDT), shipped to a Latin address in Berlin; `overrides` change it. */
export function orderInfoFixture(overrides: Partial<TOrderInfo> = {}): TOrderInfo {
  return {
    orderNo: '20261203348154048771',
    status: 4,
    statusName: 'received',
    refundStatus: 'none',
    refundAmount: null,
    seller: { id: '12', name: 'Sahara Trading House' },
    items: [
      {
        id: '5',
        productId: '12',
        variantId: '61',
        name: 'Soft Plush Puzzles',
        specification: 'Red',
        imgUrl: '/uploads/img/puzzle-640.webp',
        unitPrice: '12.50',
        quantity: 3,
        lineTotal: '37.50',
      },
    ],
    amounts: goodsOnlyAmounts('37.50'),
    paidAmount: '37.50',
    isReminded: false,
    createdAt: '2026-12-01T10:00:00.000Z',
    paidAt: '2026-12-01T10:01:00.000Z',
    payBefore: null,
    address: {
      consignee: 'Demo Buyer',
      areaCode: '+49',
      phone: '15112345678',
      email: null,
      country: 'DE',
      countryName: 'Germany',
      state: 'BE',
      stateName: 'Berlin',
      city: 'Berlin',
      postcode: '10115',
      detail: 'Invalidenstrasse 1',
    },
    remark: '',
    cancelReason: null,
    paymentMethod: 'balance',
    carrier: null,
    trackingNo: null,
    confirmedAt: null,
    shippedAt: null,
    receivedAt: '2026-12-02T10:00:00.000Z',
    cancelledAt: null,
    remindedAt: null,
    settledAt: null,
    refund: null,
    review: null,
    history: [],
    canReturnUntil: '2026-12-09T10:00:00.000Z',
    ...overrides,
  };
}

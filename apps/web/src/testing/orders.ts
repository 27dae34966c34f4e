import type { TOrderSummary } from '@caravan/contracts';

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

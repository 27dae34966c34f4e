import type { TSellerProductRow } from '@caravan/contracts';

/** A row of the seller's product list, on the shelf, for component tests. */
export function sellerProductRow(overrides: Partial<TSellerProductRow> = {}): TSellerProductRow {
  return {
    id: '405',
    name: 'Linen shirt',
    code: 'LS-1',
    image: null,
    categoryId: '3',
    price: '25.50',
    stock: 7,
    soldCount: 0,
    variantCount: 0,
    state: 'onShelf',
    takenDownReason: null,
    isLowStock: false,
    updatedAt: '2026-12-03T08:00:00.000Z',
    ...overrides,
  };
}

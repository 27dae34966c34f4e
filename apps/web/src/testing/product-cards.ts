import type { TProductCard } from '@caravan/contracts';

/** A product card as the catalogue lists it: 12.00 USDT, not discounted, unless `overrides` say otherwise. */
export function productCardFixture(overrides: Partial<TProductCard> = {}): TProductCard {
  return {
    id: '1',
    name: 'Thermos',
    image: null,
    price: '12.00',
    sellingPrice: '12.00',
    originalPrice: '12.00',
    discountPrice: null,
    isDiscounted: false,
    soldCount: 0,
    evaluationNum: 0,
    buyMin: 1,
    storeId: '1',
    storeName: 'Shop',
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

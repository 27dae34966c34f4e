import type { TProductCard, TProductDetail } from '@caravan/contracts';

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

/**
 * A product page's product: Soft Plush Puzzles of Sahara Trading House at 8.78 USDT, not discounted, no options,
 * unless `overrides` say otherwise.
 */
export function productDetailFixture(overrides: Partial<TProductDetail> = {}): TProductDetail {
  return {
    id: '12',
    name: 'Soft Plush Puzzles',
    description: '',
    textLang: 'en',
    images: [],
    categoryId: '42',
    categoryPath: [{ id: '36', name: 'Toys' }],
    price: '8.78',
    retailPrice: '8.78',
    originalPrice: '8.78',
    sellingPrice: '8.78',
    discountPrice: null,
    isDiscounted: false,
    discountEndsAt: null,
    freight: { dispatchFee: '0.81', longDistanceFee: '0.00', deliveryFee: '0.07', total: '0.88' },
    stock: 56,
    soldCount: 0,
    pageViews: 0,
    buyMin: 1,
    maxBuy: 56,
    isOnShelf: true,
    attributes: [],
    variants: [],
    store: {
      id: '12',
      name: 'Sahara Trading House',
      logo: null,
      description: '',
      followersCount: 0,
      soldCount: 0,
      pageViews: 0,
      favourableRate: null,
      isRecommended: false,
    },
    isFavourite: false,
    evaluationNum: 0,
    reviewCounts: { all: 0, good: 0, medium: 0, bad: 0, photo: 0 },
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

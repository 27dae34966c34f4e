import type { TProductDetail } from '@caravan/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import ProductDetailsPage from './product-details';

const DESCRIPTION =
  'Soft Plush Puzzles. Factory-direct wholesale, quality checked before dispatch. Ships within 24 hours from our warehouse.';

const PRODUCT: TProductDetail = {
  id: '12',
  name: 'Soft Plush Puzzles',
  description: DESCRIPTION,
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
};

describe('/productDetails', () => {
  setUpComponentTests();

  it("shows the seller's description in its own direction (an English text in an Arabic page)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(PRODUCT)),
    );
    await renderWithQueries(<ProductDetailsPage />, '/productDetails?id=12');
    const description = await screen.findByText(DESCRIPTION);
    // In the page's direction the full stop of an English text went to the start of the line (".from our warehouse").
    expect(description.getAttribute('dir')).toBe('auto');
    expect(description.getAttribute('lang')).toBe('en');
  });
});

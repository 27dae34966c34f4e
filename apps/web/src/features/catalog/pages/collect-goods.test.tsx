import type { TFavouriteProductPage } from '@caravan/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import catalogEn from '../../../locales/en/catalog.json';
import { productCardFixture } from '../../../testing/product-cards';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CollectGoodsPage from './collect-goods';

/** Two favourites on sale at 8.00 instead of 12.00: one still on shelf, one its seller has taken off. */
const FAVOURITES: TFavouriteProductPage = {
  total: 2,
  pageNum: 1,
  pageSize: 20,
  pageList: [
    { id: '1', name: 'Thermos', isOnShelf: true },
    { id: '2', name: 'Kettle', isOnShelf: false },
  ].map(({ isOnShelf, ...card }) => ({
    ...productCardFixture({
      ...card,
      price: '8.00',
      sellingPrice: '8.00',
      originalPrice: '12.00',
      discountPrice: '8.00',
      isDiscounted: true,
    }),
    isOnShelf,
    favouritedAt: '2026-12-01T00:00:00.000Z',
  })),
};

function cardNamed(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('article')!;
}

describe('CollectGoodsPage', () => {
  setUpComponentTests({ catalog: catalogEn });

  it('offers no sale on a favourite taken off shelf, which it shows dimmed and says is off shelf', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(FAVOURITES)),
    );
    await renderWithQueries(<CollectGoodsPage />, '/userInfo/collect-goods');
    const offShelf = await vi.waitFor(() => cardNamed('Kettle'));
    expect(offShelf.textContent).toContain(catalogEn.favourites.offShelf);
    expect(offShelf.querySelector('.cv-card__badge')).toBeNull();
    expect(offShelf.querySelector('.cv-card__price')?.textContent).not.toContain('12.00');
    expect(offShelf.className).toContain('cv-card--unavailable');
    // The one still for sale keeps its sale.
    const onShelf = cardNamed('Thermos');
    expect(onShelf.querySelector('.cv-card__badge')?.textContent).toBe(catalogEn.card.sale);
    expect(onShelf.querySelector('.cv-card__price')?.textContent).toContain('12.00');
    expect(onShelf.textContent).not.toContain(catalogEn.favourites.offShelf);
    expect(onShelf.className).not.toContain('cv-card--unavailable');
  });
});

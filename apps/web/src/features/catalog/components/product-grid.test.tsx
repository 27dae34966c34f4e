import type { TProductCard, TProductPage } from '@caravan/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import catalogEn from '../../../locales/en/catalog.json';
import { productCardFixture } from '../../../testing/product-cards';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { useProducts } from '../api/list-products';
import { ProductGrid } from './product-grid';

function card(id: string, name: string): TProductCard {
  return productCardFixture({ id, name });
}

function pageOf(products: TProductCard[]): TProductPage {
  return { pageList: products, total: 40, pageNum: 1, pageSize: 20 };
}

/** A list whose page the test turns, as the list pages do with their filters and pagination. */
function Listing() {
  const [page, setPage] = useState(1);
  const products = useProducts({ pageNum: page });
  return (
    <>
      <button type="button" onClick={() => setPage(2)}>
        next page
      </button>
      <ProductGrid
        products={products.data?.pageList}
        isLoading={products.isLoading}
        isUpdating={products.isPlaceholderData}
        loadFailure={products}
      />
    </>
  );
}

describe('ProductGrid while new results load', () => {
  setUpComponentTests();

  it('keeps the previous cards marked busy until the new ones arrive, then shows them unmarked', async () => {
    let answerPageTwo: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.searchParams.get('pageNum') === '2') {
        return new Promise<Response>((resolve) => {
          answerPageTwo = resolve;
        });
      }
      return jsonResponse(pageOf([card('1', 'Oak desk')]));
    });
    await renderWithQueries(<Listing />);
    await vi.waitFor(() => expect(screen.getByText('Oak desk')).toBeTruthy());
    const list = () => screen.getByRole('list');
    expect(list().getAttribute('aria-busy')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    await vi.waitFor(() => expect(list().getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByText('Oak desk')).toBeTruthy();
    expect(list().className).toContain('cv-grid--updating');

    await act(async () => answerPageTwo(jsonResponse(pageOf([card('2', 'Linen shirt')]))));
    await vi.waitFor(() => expect(screen.getByText('Linen shirt')).toBeTruthy());
    expect(screen.queryByText('Oak desk')).toBeNull();
    expect(list().getAttribute('aria-busy')).toBeNull();
    expect(list().className).not.toContain('cv-grid--updating');
  });
});

describe('ProductGrid when its list fails', () => {
  setUpComponentTests({ catalog: catalogEn });

  it('says so and loads again on Try again, instead of "No products"', async () => {
    let isDown = true;
    vi.stubGlobal('fetch', async () =>
      isDown
        ? jsonResponse({ error: { code: 'INTERNAL', message: 'database is down', details: {} } }, 503)
        : jsonResponse(pageOf([card('1', 'Oak desk')])),
    );
    await renderWithQueries(<Listing />);
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toContain('database is down'));
    expect(screen.queryByText(catalogEn.empty.products)).toBeNull();
    isDown = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: catalogEn.states.retry })));
    await vi.waitFor(() => expect(screen.getByText('Oak desk')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

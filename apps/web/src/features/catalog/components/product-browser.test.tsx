import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import catalogEn from '../../../locales/en/catalog.json';
import { Address } from '../../../testing/address';
import { productCardFixture } from '../../../testing/product-cards';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { ProductBrowser } from './product-browser';

describe('ProductBrowser (/commodity)', () => {
  setUpComponentTests({ catalog: catalogEn });

  it('turns a page past the end to the last page instead of "no products" under a count', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/catalog/categories')) {
          return jsonResponse({ categories: [] });
        }
        const pageNum = Number(url.searchParams.get('pageNum') ?? '1');
        asked.push(String(pageNum));
        // 45 products: three pages of 20.
        const pageList =
          pageNum <= 3 ? [productCardFixture({ id: `p${pageNum}`, name: `On page ${pageNum}` })] : [];
        return jsonResponse({ pageList, total: 45, pageNum, pageSize: 20 });
      }),
    );
    await renderWithQueries(
      <>
        <ProductBrowser />
        <Address />
      </>,
      '/commodity?page=999',
    );
    await screen.findByText('On page 3');
    expect(screen.getByTestId('address').textContent).toBe('?page=3');
    expect(screen.queryByText(catalogEn.empty.products)).toBeNull();
    await waitFor(() => expect(asked).toEqual(['999', '3']));
  });
});

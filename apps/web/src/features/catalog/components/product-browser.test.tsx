import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import catalogEn from '../../../locales/en/catalog.json';
import { Address } from '../../../testing/address';
import { productCardFixture } from '../../../testing/product-cards';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { ProductBrowser } from './product-browser';

/** /commodity over an empty catalogue: the filter bar alone, for tests of its structure. */
async function renderEmptyCatalogue() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/catalog/categories')) {
        return jsonResponse({ categories: [] });
      }
      return jsonResponse({ pageList: [], total: 0, pageNum: 1, pageSize: 20 });
    }),
  );
  await renderWithQueries(<ProductBrowser />, '/commodity');
}

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

  it('keeps the Price label with its Min and Max fields in one group that wraps as one', async () => {
    await renderEmptyCatalogue();
    const group = screen.getByRole('group', { name: catalogEn.filters.price });
    expect(group.classList.contains('cv-filter-group')).toBe(true);
    // The label, both fields and the dash between them, and nothing else (Apply and the category stay outside).
    expect(
      group.querySelector(`#${CSS.escape(group.getAttribute('aria-labelledby') ?? '')}`)?.textContent,
    ).toBe(catalogEn.filters.price);
    expect([...group.querySelectorAll('input')].map((input) => input.getAttribute('aria-label'))).toEqual([
      catalogEn.filters.minPrice,
      catalogEn.filters.maxPrice,
    ]);
    expect(group.contains(screen.getByTestId('filter-category'))).toBe(false);
    expect(group.contains(screen.getByRole('button', { name: catalogEn.filters.apply }))).toBe(false);
    // The group is one item of the toolbar, beside the category select.
    expect(group.parentElement).toBe(screen.getByTestId('filter-category').parentElement);
  });

  it('keeps the Sort label with its choices in one group that wraps them beside it', async () => {
    await renderEmptyCatalogue();
    const group = screen.getByRole('group', { name: catalogEn.sort.label });
    expect(group).toBe(screen.getByTestId('filter-sort'));
    expect(group.classList.contains('cv-filter-group')).toBe(true);
    expect(
      group.querySelector(`#${CSS.escape(group.getAttribute('aria-labelledby') ?? '')}`)?.textContent,
    ).toBe(catalogEn.sort.label);
    // The label and the choices, and nothing else: the product count stays outside.
    const choices = screen.getByRole('radiogroup', { name: catalogEn.sort.label });
    expect(group.contains(choices)).toBe(true);
    expect([...group.children]).toEqual([group.querySelector('.cv-toolbar__label'), choices]);
    expect(
      [...group.querySelectorAll('input[type="radio"]')].map((radio) => radio.parentElement?.textContent),
    ).toEqual([
      catalogEn.sort.newest,
      catalogEn.sort.sales,
      catalogEn.sort.priceAsc,
      catalogEn.sort.priceDesc,
    ]);
    expect(group.contains(await screen.findByText(/0/, { selector: '[aria-live="polite"]' }))).toBe(false);
    // One item of the sort toolbar, apart from the filters.
    expect(group.parentElement?.classList.contains('cv-toolbar')).toBe(true);
    expect(group.parentElement?.contains(screen.getByTestId('filter-category'))).toBe(false);
  });
});

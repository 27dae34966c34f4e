import type { TSellerProductRow } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { cssRulesOf } from '../../../testing/css-rules';
import { layOutAt } from '../../../testing/layout';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { sellerProductRow } from '../test-fixtures';
import SellerProductsPage from './products';

/** The seller's product list at `address`, under its route as the seller centre mounts it. */
function renderProductsPage(address: string) {
  return renderWithQueries(
    <Routes>
      <Route path="/seller/products/*" element={<SellerProductsPage />} />
    </Routes>,
    address,
  );
}

/**
 * Answers the list's reads with `pageFor` of each query (20 rows a page, exact totals) and anything else with an empty
 * category tree; returns the queries asked, in order.
 */
function serveProductPages(
  pageFor: (query: URLSearchParams) => { pageList: TSellerProductRow[]; pageNum: number; total: number },
): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/v1/seller/products') {
        return jsonResponse({ categories: [] });
      }
      asked.push(url.searchParams);
      return jsonResponse({
        ...pageFor(url.searchParams),
        pageSize: 20,
        lowStockThreshold: 5,
        isTotalExact: true,
        nextCursor: null,
      });
    }),
  );
  return asked;
}

describe('Seller -> products list', () => {
  setUpComponentTests({ seller: sellerEn });
  failOnAntdWarnings();

  it('reads its page and filters from the address, so a reload or Back keeps them', async () => {
    const asked = serveProductPages((query) => {
      const pageNum = Number(query.get('pageNum'));
      return {
        pageList: Array.from({ length: 20 }, (_, i) => sellerProductRow({ id: String(pageNum * 100 + i) })),
        pageNum,
        total: 75,
      };
    });
    await renderProductsPage('/seller/products?pageNum=2&state=onShelf&keyword=linen');
    // It started over at page 1, unfiltered.
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    expect(asked[0]?.get('pageNum')).toBe('2');
    expect(asked[0]?.get('state')).toBe('onShelf');
    expect(asked[0]?.get('keyword')).toBe('linen');
    expect(screen.getByRole('searchbox', { name: sellerEn.products.keyword })).toHaveProperty(
      'value',
      'linen',
    );

    await act(async () => fireEvent.click(await screen.findByTitle('3')));
    await waitFor(() => expect(asked.at(-1)?.get('pageNum')).toBe('3'));
    expect(asked.at(-1)?.get('state')).toBe('onShelf');
  });

  it('starts another search or page with no product ticked: a bulk action never reaches rows out of view (QA)', async () => {
    serveProductPages((query) => {
      const first = query.get('keyword') ? 50 : 1;
      return {
        pageList: [0, 1, 2].map((i) =>
          sellerProductRow({ id: String(first + i), name: `Product ${first + i}` }),
        ),
        pageNum: 1,
        total: 3,
      };
    });
    await renderProductsPage('/seller/products');
    const row = (await screen.findAllByText('Product 2'))[0]!.closest('tr')!;
    await act(async () => fireEvent.click(within(row).getByRole('checkbox')));
    const selectedText = sellerEn.products.selected.replace('{{count}}', '1');
    expect(screen.getByText(selectedText)).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: sellerEn.products.keyword });
    await act(async () => {
      fireEvent.change(search, { target: { value: 'kettle' } });
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    });
    await screen.findAllByText('Product 51');
    expect(screen.queryByText(selectedText)).toBeNull();
  });

  it('says above the list that the platform suspended the shop (QA seller 7)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/v1/seller/shop') {
          return jsonResponse({ status: 'suspended', suspendedReason: 'Counterfeit complaints' });
        }
        if (path !== '/api/v1/seller/products') {
          return jsonResponse({ categories: [] });
        }
        return jsonResponse({
          pageList: [sellerProductRow({ id: '1' })],
          pageNum: 1,
          pageSize: 20,
          total: 1,
          lowStockThreshold: 5,
          isTotalExact: true,
          nextCursor: null,
        });
      }),
    );
    await renderProductsPage('/seller/products');
    const notice = (await screen.findByText(sellerEn.shop.suspended)).closest('[role="alert"]');
    expect(notice?.textContent).toContain('Counterfeit complaints');
  });
});

describe('Seller -> products list, narrow and wide', () => {
  setUpComponentTests({ seller: sellerEn });
  failOnAntdWarnings();
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const LONG_NAME = 'Hand-woven organic linen shirt with mother-of-pearl buttons, relaxed fit';

  async function renderListAt(width: number) {
    const resize = layOutAt(width);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path !== '/api/v1/seller/products') {
          return jsonResponse({ categories: [] });
        }
        return jsonResponse({
          pageList: [
            sellerProductRow({ id: '1', name: LONG_NAME, stock: 2, isLowStock: true, soldCount: 14 }),
            sellerProductRow({ id: '2' }),
          ],
          pageNum: 1,
          pageSize: 20,
          total: 2,
          lowStockThreshold: 5,
          isTotalExact: true,
          nextCursor: null,
        });
      }),
    );
    await renderProductsPage('/seller/products');
    await screen.findByText(LONG_NAME);
    return resize;
  }

  const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
  const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

  it('at 360 px stacks each product in one cell: the whole name in two lines, its figures and buttons, no sideways scroll', async () => {
    await renderListAt(360);
    // The selection box and one product column: nothing pushes the table wider than the screen.
    expect(headers().filter(Boolean)).toEqual([sellerEn.products.name]);
    expect(document.querySelector('.ant-table-scroll-horizontal')).toBeNull();
    expect(document.querySelector('.ant-table-cell-fix-right, .ant-table-cell-fix-end')).toBeNull();
    const name = screen.getByText(LONG_NAME);
    expect(name.getAttribute('title')).toBe(LONG_NAME);
    // jsdom keeps no line-clamp style: that the name is cut at two lines is seen in a browser, not here.
    const row = within(rowOf(LONG_NAME));
    expect(row.getByText('Stock:')).toBeTruthy();
    expect(row.getByText('2').closest('.ant-tag')).toBeTruthy();
    expect(row.getByText(/14/)).toBeTruthy();
    expect(row.getByText(sellerEn.products.state.onShelf)).toBeTruthy();
    expect(row.getByRole('button', { name: sellerEn.products.adjustStock })).toBeTruthy();
    expect(row.getByRole('checkbox')).toBeTruthy();
  });

  it('at 1280 px keeps the table of columns, and turns into the stacked list when the window narrows', async () => {
    const resize = await renderListAt(1280);
    expect(headers()).toEqual(
      expect.arrayContaining([
        sellerEn.products.image,
        sellerEn.products.name,
        sellerEn.products.price,
        sellerEn.products.stock,
        sellerEn.products.sold,
        sellerEn.products.stateLabel,
      ]),
    );
    expect(document.querySelector('.ant-table-scroll-horizontal')).not.toBeNull();
    expect(screen.getByText(LONG_NAME).getAttribute('title')).toBeNull();
    await act(async () => resize(360));
    await waitFor(() => expect(headers().filter(Boolean)).toEqual([sellerEn.products.name]));
  });

  it('at 1280 px breaks a long word of a name inside its column, not pushing the columns under the actions (QA seller 5)', async () => {
    await renderListAt(1280);
    const cell = screen.getByText(LONG_NAME).closest('td') as HTMLElement;
    expect(cell.classList.contains('cv-table-name')).toBe(true);
    // The column has a width of its own, and the rule breaks a word inside it (jsdom lays nothing out).
    const nameColumn = [...document.querySelectorAll('thead th')].findIndex(
      (th) => th.textContent?.trim() === sellerEn.products.name,
    );
    const widths = [...document.querySelectorAll('colgroup col')].map(
      (col) => (col as HTMLElement).style.width,
    );
    expect(widths[nameColumn]).toBe('240px');
    expect(cssRulesOf('apps/web/src/app/global.css')('.cv-table-name')).toContain('overflow-wrap: anywhere');
  });
});

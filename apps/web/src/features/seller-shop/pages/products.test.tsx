import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import sellerEn from '../../../locales/en/seller.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { sellerProductRow } from '../test-fixtures';
import SellerProductsPage from './products';

describe('Seller -> products list', () => {
  setUpComponentTests({ seller: sellerEn });
  failOnAntdWarnings();

  it('reads its page and filters from the address, so a reload or Back keeps them', async () => {
    const asked: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname !== '/api/v1/seller/products') {
          return jsonResponse({ categories: [] });
        }
        asked.push(url.searchParams);
        const pageNum = Number(url.searchParams.get('pageNum'));
        return jsonResponse({
          pageList: Array.from({ length: 20 }, (_, i) => sellerProductRow({ id: String(pageNum * 100 + i) })),
          pageNum,
          pageSize: 20,
          total: 75,
          lowStockThreshold: 5,
          isTotalExact: true,
          nextCursor: null,
        });
      }),
    );
    await renderWithQueries(
      <Routes>
        <Route path="/seller/products/*" element={<SellerProductsPage />} />
      </Routes>,
      '/seller/products?pageNum=2&state=onShelf&keyword=linen',
    );
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
    await renderWithQueries(
      <Routes>
        <Route path="/seller/products/*" element={<SellerProductsPage />} />
      </Routes>,
      '/seller/products',
    );
    const notice = (await screen.findByText(sellerEn.shop.suspended)).closest('[role="alert"]');
    expect(notice?.textContent).toContain('Counterfeit complaints');
  });
});

import type { TCategoryNode } from '@caravan/contracts';
import { waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import ClassificationPage from './classification';
import SearchGoodsPage from './search-goods';
import SearchResultPage from './search-result';
import SearchStorePage from './search-store';

setUpComponentTests();

const node = (id: string, name: string, children: TCategoryNode[] = []): TCategoryNode => ({
  id,
  parentId: null,
  level: 1,
  name,
  icon: '',
  isRecommended: false,
  children,
});
const TREE = [node('1', 'Apparel', [node('2', "Men's Clothing")]), node('3', 'Packaging')];

/** Empty lists, and the category tree above. */
function answerEmptyPages() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://localhost').pathname.endsWith('/catalog/categories')
        ? jsonResponse({ categories: TREE })
        : jsonResponse({ pageList: [], total: 0, pageNum: 1, pageSize: 20 }),
    ),
  );
}

/**
 * The server writes a search page's <title> with its keyword and a category page's with its chain of names
 * (app/page-head.ts); the page keeps that title once it runs, so tabs tell themselves apart and the title does not
 * change as the page hydrates.
 */
describe("a page's tab title is the one the server wrote", () => {
  it('on the goods, stores and all-results pages, as the server titles them', async () => {
    answerEmptyPages();
    await renderWithQueries(<SearchGoodsPage />, `/searchGoods?k=${encodeURIComponent('"linen"')}`);
    await waitFor(() => expect(document.title).toBe('linen · Search results · Caravan'));

    document.title = '';
    await renderWithQueries(<SearchStorePage />, '/searchStore?k=tea');
    await waitFor(() => expect(document.title).toBe('tea · Store search · Caravan'));

    document.title = '';
    await renderWithQueries(
      <Routes>
        <Route path="/searchResult/:k" element={<SearchResultPage />} />
      </Routes>,
      `/searchResult/${encodeURIComponent('قطن')}`,
    );
    await waitFor(() => expect(document.title).toBe('قطن · Search results · Caravan'));
  });

  it("on a category's page, its chain of names, as the server titles it; without a category, the page name", async () => {
    answerEmptyPages();
    await renderWithQueries(<ClassificationPage />, '/classification?id=2');
    await waitFor(() => expect(document.title).toBe("Apparel / Men's Clothing · Caravan"));

    document.title = '';
    await renderWithQueries(<ClassificationPage />, '/classification');
    await waitFor(() => expect(document.title).toBe('Categories · Caravan'));
  });

  it('without a keyword, the page name alone', async () => {
    answerEmptyPages();
    await renderWithQueries(<SearchGoodsPage />, '/searchGoods');
    await waitFor(() => expect(document.title).toBe('Search results · Caravan'));
  });
});

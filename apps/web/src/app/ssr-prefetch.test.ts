import type { TCategoryNode } from '@caravan/contracts';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { categoriesQuery } from '../components/catalog/categories';
import { prefetchesFor } from './ssr-prefetch';

function node(id: string, level: number, children: TCategoryNode[] = []): TCategoryNode {
  return { id, parentId: null, level, name: `category ${id}`, icon: '', isRecommended: false, children };
}

const TREE = [node('1', 1, [node('11', 2, [node('111', 3)])]), node('2', 1)];

/** The query keys of each stage for an address; later stages see `client` as filled by the earlier ones. */
function stageKeys(address: string, client = new QueryClient()): QueryKey[][] {
  return prefetchesFor(new URL(address, 'http://localhost')).map((stage) =>
    (typeof stage === 'function' ? stage(client) : stage).map((prefetch) => prefetch.queryKey),
  );
}

function withCategories(tree: TCategoryNode[]): QueryClient {
  const client = new QueryClient();
  client.setQueryData(categoriesQuery().queryKey, { categories: tree });
  return client;
}

describe('server-render prefetch (issue 11: one render pass)', () => {
  it('reads the category tree, then the chosen category products of /classification', () => {
    const products = (categoryId: string, pageNum: number) => [
      'catalog',
      'products',
      { categoryId, pageNum, pageSize: 20 },
    ];
    expect(stageKeys('/classification?id=111&page=2', withCategories(TREE))).toEqual([
      [['catalog', 'categories']],
      [products('111', 2)],
    ]);
    // No id or an unknown one: the page lists the first top category, and so does the prefetch.
    expect(stageKeys('/classification', withCategories(TREE))[1]).toEqual([products('1', 1)]);
    expect(stageKeys('/classification?id=999', withCategories(TREE))[1]).toEqual([products('1', 1)]);
    // No categories at all: nothing to list.
    expect(stageKeys('/classification', withCategories([]))[1]).toEqual([]);
  });

  it('reads the stores of /searchStore for its keyword and page, nothing without a keyword', () => {
    expect(stageKeys(`/searchStore?k=${encodeURIComponent('"shoe"')}&page=3`)).toEqual([
      [['catalog', 'search-stores', 'shoe', 3]],
    ]);
    expect(stageKeys('/searchStore?k=%20')).toEqual([]);
  });

  it('reads goods and the first stores of /searchResult/:k with the keyword decoded from the path', () => {
    const keyword = 'حذاء رياضي';
    expect(stageKeys(`/searchResult/${encodeURIComponent(keyword)}?page=2`)).toEqual([
      [
        ['catalog', 'search-goods', keyword, 2],
        ['catalog', 'search-stores', keyword, 1],
      ],
    ]);
  });

  it('still reads the pages that were prefetched before, and nothing for pages it does not know', () => {
    expect(stageKeys('/searchGoods?k=%22bag%22')).toEqual([[['catalog', 'search-goods', 'bag', 1]]]);
    expect(stageKeys('/index')).toEqual([[['catalog', 'home']]]);
    expect(stageKeys('/help/buyer-rules')).toEqual([]);
  });
});

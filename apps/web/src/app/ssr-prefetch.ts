import { PAGE_SIZE } from '@caravan/contracts/constants';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchRoutes, type Params } from 'react-router';
import { categoriesQuery } from '../components/catalog/categories';
import { homeQuery } from '../features/catalog/api/get-home';
import { productQuery } from '../features/catalog/api/get-product';
import { storeQuery } from '../features/catalog/api/get-store';
import { productsQuery } from '../features/catalog/api/list-products';
import { searchGoodsQuery } from '../features/catalog/api/search-goods';
import { searchStoresQuery } from '../features/catalog/api/search-stores';
import { chooseCategory } from '../features/catalog/lib/category-path';
import { parseKeywordParam } from '../features/catalog/lib/format';
import { categoryProductFilters, readProductFilters } from '../features/catalog/lib/product-filters';
import { readPageParam } from '../lib/page-param';

/** Reads one query into the render's client; the query is then found by its key. */
export type TPrefetch = { queryKey: QueryKey; run: (client: QueryClient) => Promise<void> };
/** The reads of one stage; a function when they depend on what the stages before it read. */
export type TPrefetchStage = TPrefetch[] | ((client: QueryClient) => TPrefetch[]);

function prefetch<TData, TKey extends QueryKey>(
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): TPrefetch {
  return { queryKey: options.queryKey, run: (client) => client.prefetchQuery(options) };
}

/**
 * The public data a server-rendered page reads, known from its address (issue 11, speed at scale): the server
 * reads it before the first render pass, so the page renders once with its data instead of once empty (only to
 * learn what it reads) and once more with it. A stage runs after the previous one succeeded (a store's products
 * only for a store that exists, as the page asks). The queries are the pages' own (same keys and reads); a page
 * asking for something not here still gets it through another render pass, so a miss costs time, never
 * correctness.
 */
const PREFETCHES: Record<string, (params: URLSearchParams, route: Params) => TPrefetchStage[]> = {
  '/index': () => [[prefetch(homeQuery())]],
  '/classification': (params) => [
    [prefetch(categoriesQuery())],
    (client) => {
      const tree = client.getQueryData(categoriesQuery().queryKey)?.categories ?? [];
      const { chosen } = chooseCategory(tree, params.get('id') ?? '');
      return chosen
        ? [prefetch(productsQuery(categoryProductFilters(chosen.id, readPageParam(params.get('page')))))]
        : [];
    },
  ],
  '/commodity': (params) => [
    [prefetch(categoriesQuery()), prefetch(productsQuery(readProductFilters(params, false)))],
  ],
  '/discounted': (params) => [
    [prefetch(categoriesQuery()), prefetch(productsQuery(readProductFilters(params, true)))],
  ],
  '/productDetails': (params) => (params.get('id') ? [[prefetch(productQuery(params.get('id') ?? ''))]] : []),
  '/store': (params) => {
    const id = params.get('id') ?? '';
    const keyword = params.get('q') ?? '';
    return id
      ? [
          [prefetch(storeQuery(id))],
          [
            prefetch(
              productsQuery({
                storeId: id,
                keyword: keyword || undefined,
                pageNum: readPageParam(params.get('page')),
                pageSize: PAGE_SIZE.list,
              }),
            ),
          ],
        ]
      : [];
  },
  '/searchGoods': (params) => {
    const keyword = parseKeywordParam(params.get('k')).trim();
    return keyword ? [[prefetch(searchGoodsQuery(keyword, readPageParam(params.get('page'))))]] : [];
  },
  '/searchStore': (params) => {
    const keyword = parseKeywordParam(params.get('k')).trim();
    return keyword ? [[prefetch(searchStoresQuery(keyword, readPageParam(params.get('page'))))]] : [];
  },
  // The keyword is the path's own segment (decoded as the page's useParams() has it).
  '/searchResult/:k': (params, route) => {
    const keyword = parseKeywordParam(route.k).trim();
    return keyword
      ? [
          [
            prefetch(searchGoodsQuery(keyword, readPageParam(params.get('page')))),
            prefetch(searchStoresQuery(keyword, 1)),
          ],
        ]
      : [];
  },
};

const PREFETCH_ROUTES = Object.keys(PREFETCHES).map((path) => ({ path }));

export function prefetchesFor(url: URL): TPrefetchStage[] {
  // A path without parameters is its own key. matchRoutes flattens and ranks its routes again on every call, a
  // measurable share of a render miss, so it is left for the paths with parameters (and any other spelling).
  const exact = Object.hasOwn(PREFETCHES, url.pathname) ? PREFETCHES[url.pathname] : undefined;
  if (exact) {
    return exact(url.searchParams, {});
  }
  // matchRoutes decodes the path as the router does for the page's useParams().
  const match = matchRoutes(PREFETCH_ROUTES, url.pathname)?.[0];
  return match ? (PREFETCHES[match.route.path]?.(url.searchParams, match.params) ?? []) : [];
}

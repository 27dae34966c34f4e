import { PAGE_SIZE, PRODUCT_SORTS, type TProductSort } from '@caravan/contracts/constants';
import { isMoneyString } from '@caravan/contracts/money';
import { readPageParam } from '../../../lib/page-param';
import type { TProductFilters } from '../api/list-products';

export function readSort(raw: string | null): TProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(raw ?? '') ? (raw as TProductSort) : 'newest';
}

export function readPrice(raw: string | null): string | undefined {
  const value = raw?.trim() ?? '';
  return value !== '' && isMoneyString(value) && !value.startsWith('-') ? value : undefined;
}

/**
 * The product list's filters from its address (c, min, max, d, sort, page). The list and the server's
 * prefetch (app/ssr-prefetch.ts) both read them here, so they ask for the same query.
 */
export function readProductFilters(params: URLSearchParams, isDiscountFixed: boolean): TProductFilters {
  const isDiscounted = isDiscountFixed || params.get('d') === '1';
  return {
    categoryId: params.get('c') ?? undefined,
    minPrice: readPrice(params.get('min')),
    maxPrice: readPrice(params.get('max')),
    isDiscounted: isDiscounted || undefined,
    sort: readSort(params.get('sort')),
    pageNum: readPageParam(params.get('page')),
    pageSize: PAGE_SIZE.list,
  };
}

/** /classification's list: one category's products, newest first (the page and the server's prefetch). */
export function categoryProductFilters(categoryId: string | undefined, pageNum: number): TProductFilters {
  return { categoryId, pageNum, pageSize: PAGE_SIZE.list };
}

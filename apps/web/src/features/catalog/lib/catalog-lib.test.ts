import type { TProductDetail } from '@caravan/contracts';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSearchStorePath, formatRate, formatUsdtAmount, parseKeywordParam } from './format';
import { addSearchHistory, clearSearchHistory, rememberSearch, useSearchHistory } from './search-history';
import { findVariant, initialSelection, isValueAvailable, quantityLimits } from './variants';

describe('format', () => {
  it('shows money strings with at least two decimals and never through a float', () => {
    expect(formatUsdtAmount('3.7')).toBe('3.70');
    expect(formatUsdtAmount('12')).toBe('12.00');
    expect(formatUsdtAmount('0.1234567891')).toBe('0.1234567891');
    expect(formatUsdtAmount('99999999999999999999.5000000000')).toBe('99,999,999,999,999,999,999.50');
    expect(formatUsdtAmount('not money')).toBe('not money');
  });

  it('shows the favourable rate as a percentage', () => {
    expect(formatRate('0.9630', 'en')).toBe('96.3%');
    expect(formatRate('1', 'en')).toBe('100%');
    expect(formatRate('0.8378', 'en')).toBe('83.8%');
    expect(formatRate('0.9996', 'en')).toBe('100%');
    expect(formatRate(null, 'en')).toBe('--');
    // The sign where the language writes it, the figure as every amount is written (QA: Turkish "%100" beside "80.4%").
    expect(formatRate('0.8040', 'tr')).toBe('%80.4');
    expect(formatRate('0.8040', 'fr')).toBe('80.4\u00a0%');
    expect(formatRate('0.8040', 'ar')).toBe('80.4%');
  });

  it('reads JSON-encoded keywords and tolerates bare ones', () => {
    expect(parseKeywordParam('"Cotton shirt"')).toBe('Cotton shirt');
    expect(parseKeywordParam('Cotton')).toBe('Cotton');
    expect(parseKeywordParam('42')).toBe('42');
    expect(parseKeywordParam(null)).toBe('');
    expect(parseKeywordParam(' "tea" ')).toBe('tea');
    expect(parseKeywordParam('trueblue')).toBe('trueblue');
    expect(parseKeywordParam('[1]')).toBe('1');
  });

  it('reads every keyword as JSON.parse would, whether or not it is tried', () => {
    const asJsonReads = (raw: string) => {
      try {
        const parsed: unknown = JSON.parse(raw);
        return typeof parsed === 'string' ? parsed : String(parsed);
      } catch {
        return raw;
      }
    };
    const samples = [
      'tea',
      'null',
      'nul',
      'false',
      '-1',
      '1e3',
      '\n"x"',
      '\u00a0"x"',
      '{}',
      '"\\u0041"',
      'é',
      '"',
      '',
    ];
    for (const raw of samples) {
      expect(parseKeywordParam(raw), raw).toBe(raw === '' ? '' : asJsonReads(raw));
    }
    expect(buildSearchStorePath('قطن')).toBe(`/searchStore?k=${encodeURIComponent('"قطن"')}`);
  });
});

describe('search history', () => {
  beforeEach(() => {
    clearSearchHistory();
  });

  it('keeps at most 10 distinct keywords, newest first', () => {
    let history: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      history = addSearchHistory(`k${i}`, history);
    }
    history = addSearchHistory('k5', history);
    expect(history).toEqual(['k5', 'k12', 'k11', 'k10', 'k9', 'k8', 'k7', 'k6', 'k4', 'k3']);
    expect(addSearchHistory('   ', history)).toEqual(history);
  });

  it('persists in localStorage under the SPEC key and clears', () => {
    rememberSearch('Cotton');
    rememberSearch(' Linen ');
    rememberSearch('Cotton');
    expect(JSON.parse(localStorage.getItem('searchHistory') ?? '[]')).toEqual(['Cotton', 'Linen']);
    clearSearchHistory();
    expect(localStorage.getItem('searchHistory')).toBeNull();
  });

  it("shows another tab's searches and its clearing", () => {
    const { result } = renderHook(() => useSearchHistory());
    expect(result.current).toEqual([]);
    // What another tab does: it writes the storage, and this tab is told by a storage event.
    act(() => {
      localStorage.setItem('searchHistory', JSON.stringify(['Silk', 'Wool']));
      window.dispatchEvent(new StorageEvent('storage', { key: 'searchHistory' }));
    });
    expect(result.current).toEqual(['Silk', 'Wool']);
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toEqual([]);
  });
});

function makeProduct(): TProductDetail {
  const attribute = (code: string, values: string[]) => ({
    code,
    name: code,
    values: values.map((value) => ({ code: value, name: value })),
  });
  const variant = (id: string, colour: string, size: string, stock: number, price = '5.00') => ({
    id,
    attrs: { colour, size },
    name: `${colour} / ${size}`,
    price,
    stock,
  });
  return {
    attributes: [attribute('colour', ['red', 'blue']), attribute('size', ['S', 'L'])],
    variants: [
      variant('1', 'red', 'S', 0),
      variant('2', 'red', 'L', 4, '6.50'),
      variant('3', 'blue', 'S', 9),
      variant('4', 'blue', 'L', 0),
    ],
  } as unknown as TProductDetail;
}

describe('variants', () => {
  it('starts on the first variant in stock and finds variants by full selection', () => {
    const product = makeProduct();
    const selection = initialSelection(product);
    expect(selection).toEqual({ colour: 'red', size: 'L' });
    expect(findVariant(product, selection)?.price).toBe('6.50');
    expect(findVariant(product, { colour: 'red' })).toBeNull();
  });

  it('marks values that cannot reach a variant in stock', () => {
    const product = makeProduct();
    expect(isValueAvailable(product, { colour: 'red', size: 'L' }, 'size', 'S')).toBe(false);
    expect(isValueAvailable(product, { colour: 'blue', size: 'S' }, 'size', 'L')).toBe(false);
    expect(isValueAvailable(product, { colour: 'red', size: 'S' }, 'colour', 'blue')).toBe(true);
  });

  it('limits the quantity to buyMin .. min(maxBuy, stock)', () => {
    expect(quantityLimits(1, 500, 313)).toEqual({ min: 1, max: 313, canBuy: true });
    expect(quantityLimits(5, 500, 9000)).toEqual({ min: 5, max: 500, canBuy: true });
    expect(quantityLimits(5, 500, 3)).toEqual({ min: 5, max: 5, canBuy: false });
    expect(quantityLimits(0, 500, 0)).toEqual({ min: 1, max: 1, canBuy: false });
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSearchText } from '../../../app/layout/header-search';
import { initTestI18n } from '../../../testing/i18n';
import { clearSearchHistory } from '../lib/search-history';
import { SearchBox } from './search-box';

const searchAll = vi.hoisted(() => vi.fn());
const warning = vi.hoisted(() => vi.fn());
vi.mock('../api/search-all', () => ({ searchAll }));
// Two products named alike, ranked first and second: the panel shows the name once.
vi.mock('../api/suggest-search', () => ({
  useSuggestions: (keyword: string) => ({
    data:
      keyword === ''
        ? undefined
        : { keyword, goods: [{ id: '41', name: 'Cotton T-Shirt' }], storesEntry: false },
    isFetching: false,
  }),
}));
vi.mock('../../../lib/toast', () => ({
  toast: { warning, error: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{`${location.pathname}${location.search}`}</output>;
}

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/index']}>
        <SearchBox />
        <CurrentPath />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search keyword' });
}

async function submit(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  await act(async () => {
    fireEvent.submit(input.closest('form') as HTMLFormElement);
  });
}

describe('SearchBox', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  beforeEach(() => {
    setSearchText('');
    clearSearchHistory();
    searchAll.mockReset();
    warning.mockReset();
  });
  afterEach(() => {
    cleanup();
  });

  it('warns for 1.5 s on an empty keyword and goes nowhere', async () => {
    const input = renderBox();
    await submit(input, '   ');
    expect(warning).toHaveBeenCalledWith('Please enter a keyword', 1.5);
    expect(searchAll).not.toHaveBeenCalled();
    expect(screen.getByTestId('path').textContent).toBe('/index');
  });

  it('goes to goods results when goods match, with the keyword JSON-encoded, and remembers it', async () => {
    searchAll.mockResolvedValue({ goodsList: [{ id: '1', name: 'Cotton T-Shirt' }], sellerList: [] });
    const input = renderBox();
    await submit(input, ' Cotton ');
    expect(searchAll).toHaveBeenCalledWith('Cotton');
    expect(screen.getByTestId('path').textContent).toBe(`/searchGoods?k=${encodeURIComponent('"Cotton"')}`);
    expect(JSON.parse(localStorage.getItem('searchHistory') ?? '[]')).toEqual(['Cotton']);
  });

  it('searches for a chosen suggestion by its name instead of opening one of the products that carry it', async () => {
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'cott' } });
    const option = await screen.findByRole('option', { name: /Cotton T-Shirt/ });
    await act(async () => {
      fireEvent.click(option);
    });
    expect(screen.getByTestId('path').textContent).toBe(
      `/searchGoods?k=${encodeURIComponent('"Cotton T-Shirt"')}`,
    );
    expect((input as HTMLInputElement).value).toBe('Cotton T-Shirt');
    expect(JSON.parse(localStorage.getItem('searchHistory') ?? '[]')).toEqual(['Cotton T-Shirt']);
  });

  it('goes to store results when no goods match', async () => {
    searchAll.mockResolvedValue({ goodsList: [], sellerList: [{ id: '8', name: 'PackRight Supplies' }] });
    const input = renderBox();
    await submit(input, 'PackRight');
    expect(screen.getByTestId('path').textContent).toBe(
      `/searchStore?k=${encodeURIComponent('"PackRight"')}`,
    );
  });
});

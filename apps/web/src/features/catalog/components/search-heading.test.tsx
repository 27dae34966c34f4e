import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSearchText } from '../../../app/layout/header-search';
import { initTestI18n } from '../../../testing/i18n';
import { SearchBox } from './search-box';
import { SearchHeading } from './search-heading';

function ResultsFor({ keyword }: { keyword: string }) {
  const navigate = useNavigate();
  return (
    <>
      <SearchHeading keyword={keyword} current="goods" />
      <button type="button" onClick={() => void navigate('/results/linen')}>
        go to linen
      </button>
    </>
  );
}

let arrivals = 0;

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  // A history entry of its own: SearchHeading prefills once per entry, and another test file in this worker (the
  // web tests share modules) may have arrived at the first entry's default key already.
  arrivals += 1;
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: path, key: `search-heading-test-${arrivals}` }]}>
        <SearchBox />
        <Routes>
          <Route path="/results/cotton" element={<ResultsFor keyword="cotton" />} />
          <Route path="/results/linen" element={<ResultsFor keyword="linen" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search keyword' }) as HTMLInputElement;
}

describe('SearchHeading', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  beforeEach(() => {
    setSearchText('');
  });
  afterEach(() => {
    cleanup();
  });

  it('writes the keyword of a result page into the header box on arrival', async () => {
    const input = renderAt('/results/cotton');
    expect(input.value).toBe('cotton');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'go to linen' }));
    });
    expect(input.value).toBe('linen');
  });

  it('keeps what the visitor is typing when a result page arrives under the cursor', async () => {
    const input = renderAt('/results/cotton');
    input.focus();
    fireEvent.change(input, { target: { value: 'cottton' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'go to linen' }));
    });
    expect(screen.getByTestId('search-keyword').textContent).toContain('linen');
    expect(input.value).toBe('cottton');
  });
});

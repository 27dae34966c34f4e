import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { setUpComponentTests } from '../../testing/render';
import { useCountryOptions } from './country-options';

const COUNTRIES = [
  { code: 'AD', name: 'Andorra', flag: '🇦🇩', phoneCode: '+376' },
  { code: 'AE', name: 'United Arab Emirates', flag: '🇦🇪', phoneCode: '+971' },
  { code: 'AF', name: 'Afghanistan', flag: '🇦🇫', phoneCode: '+93' },
  { code: 'DE', name: 'Germany', flag: '🇩🇪', phoneCode: '+49' },
];

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useCountryOptions', () => {
  setUpComponentTests();
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18next.changeLanguage('en'));
  });

  it("lists the countries by their names in the reader's language, not by their flags' codes", async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ list: COUNTRIES });
    const { result, rerender } = renderHook(() => useCountryOptions(), { wrapper });
    await waitFor(() => expect(result.current.options).toHaveLength(4));
    // By the label the order was Andorra, United Arab Emirates, Afghanistan, Germany (the flags spell AD, AE, AF, DE).
    expect(result.current.options.map((option) => option.label)).toEqual([
      '🇦🇫 Afghanistan',
      '🇦🇩 Andorra',
      '🇩🇪 Germany',
      '🇦🇪 United Arab Emirates',
    ]);
    await act(() => i18next.changeLanguage('de'));
    rerender();
    expect(result.current.options.map((option) => option.value)).toEqual(['AF', 'AD', 'DE', 'AE']);
    expect(result.current.options[2]?.label).toBe('🇩🇪 Deutschland');
    await act(() => i18next.changeLanguage('fr'));
    rerender();
    // Afghanistan, Allemagne, Andorre, Émirats arabes unis: the accented É sorts with E.
    expect(result.current.options.map((option) => option.value)).toEqual(['AF', 'DE', 'AD', 'AE']);
  });
});

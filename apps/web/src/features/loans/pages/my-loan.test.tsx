import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import loansEn from '../../../locales/en/loans.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import MyLoanPage from './my-loan';

describe('/credit/myLoan', () => {
  setUpComponentTests({ loans: loansEn });

  it('with no loan yet, leads to the loans on offer (no "this loan" to apply for)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ current: null, history: [] })),
    );
    await renderWithQueries(<MyLoanPage />);
    await waitFor(() => expect(screen.getByText('You have no loan yet.')).toBeTruthy());
    const link = screen.getByRole('link', { name: 'See the loans on offer' });
    expect(link.getAttribute('href')).toBe('/credit');
    expect(screen.queryByText('Apply for this loan')).toBeNull();
  });
});

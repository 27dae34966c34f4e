import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import loansEn from '../../../locales/en/loans.json';
import { STARTUP_LOAN } from '../../../testing/loan-products';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import LoanProductsPage, { parseTermOptions } from './loan-products';

describe('Admin -> Loan products', () => {
  setUpComponentTests({ loans: loansEn });

  it('reads terms only when every entry is a whole number of days within the limit', () => {
    expect(parseTermOptions('30, 90,180')).toEqual([30, 90, 180]);
    expect(parseTermOptions('30,abc')).toBeNull();
    expect(parseTermOptions('30,')).toBeNull();
    expect(parseTermOptions('0')).toBeNull();
    expect(parseTermOptions('366')).toBeNull();
    expect(parseTermOptions('7.5')).toBeNull();
  });

  it('shows rates as percentages, says what a typed rate means, and refuses bad terms instead of dropping them', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse({ products: [STARTUP_LOAN] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<LoanProductsPage />);
    await waitFor(() => expect(screen.getByText('Start-up loan')).toBeTruthy());
    expect(screen.getByText('0.05 % · APR 18.25 %')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Type of loan')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByText('That is 0.05 % of the amount a day (APR 18.25 %)')).toBeTruthy(),
    );
    fireEvent.change(within(dialog).getByLabelText('Daily interest rate'), { target: { value: '0.05' } });
    await waitFor(() =>
      expect(within(dialog).getByText('That is 5.00 % of the amount a day (APR 1825.00 %)')).toBeTruthy(),
    );
    expect(within(dialog).getByText('That is 0.10 % of the amount a day')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(loansEn.fields.termOptions), {
      target: { value: '30,abc' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Enter whole days from 1 to 365, separated by commas')).toBeTruthy(),
    );
    const writes = fetchMock.mock.calls.filter(
      ([, init]) => init?.method === 'PUT' || init?.method === 'POST',
    );
    expect(writes).toEqual([]);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import loansDe from '../../../locales/de/loans.json';
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

  it('names each product by the kind the borrower reads, the own name after it only when it says more (QA consoles 6)', async () => {
    const micro = {
      ...STARTUP_LOAN,
      id: '2',
      code: 'micro',
      kind: 'other' as const,
      name: 'Harbour micro loan',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ products: [STARTUP_LOAN, micro] })),
    );
    i18next.addResourceBundle('de', 'loans', loansDe, true, true);
    await i18next.changeLanguage('de');
    try {
      await renderWithQueries(<LoanProductsPage />);
      // The seeded English name only repeats the kind: German staff read what the borrower reads.
      expect(await screen.findByText(loansDe.kind.startup)).toBeTruthy();
      expect(screen.queryByText(/Start-up loan/)).toBeNull();
      const own = screen.getByText('Harbour micro loan');
      expect(own.tagName).toBe('BDI');
      expect(own.parentElement!.textContent).toBe(`${loansDe.kind.other} (Harbour micro loan)`);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows rates as percentages, says what a typed rate means, and refuses bad terms instead of dropping them', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse({ products: [STARTUP_LOAN] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<LoanProductsPage />);
    await waitFor(() => expect(screen.getByText('Start-up loan')).toBeTruthy());
    expect(screen.getByText('0.05% · APR 18.25%')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Type of loan')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByText('That is 0.05% of the amount a day (APR 18.25%)')).toBeTruthy(),
    );
    fireEvent.change(within(dialog).getByLabelText('Daily interest rate'), { target: { value: '0.05' } });
    await waitFor(() =>
      expect(within(dialog).getByText('That is 5.00% of the amount a day (APR 1825.00%)')).toBeTruthy(),
    );
    expect(within(dialog).getByText('That is 0.10% of the amount a day')).toBeTruthy();

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

  it("refuses a rate or an amount the contract refuses beside its field, and shows the server's refusal of the code there", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Please check the highlighted fields',
                details: {
                  fields: [{ field: 'code', message: 'Another loan product already uses this code' }],
                },
              },
            },
            400,
          )
        : jsonResponse({ products: [STARTUP_LOAN] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<LoanProductsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: string) => within(dialog).getByLabelText(label);
    await waitFor(() => expect((field('Daily interest rate') as HTMLInputElement).value).toBe('0.0005'));
    fireEvent.change(field('Daily interest rate'), { target: { value: '5' } });
    fireEvent.change(field(loansEn.fields.maxAmount), { target: { value: '90000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(
        within(dialog).getByText('Please enter a daily rate from 0 to 0.1, such as 0.0005 for 0.05% a day'),
      ).toBeTruthy(),
    );
    expect(within(dialog).getByText('Please enter an amount from 100,000 to 30,000,000')).toBeTruthy();
    const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(writes()).toEqual([]);

    fireEvent.change(field('Daily interest rate'), { target: { value: '0.0006' } });
    fireEvent.change(field(loansEn.fields.maxAmount), { target: { value: '20000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(JSON.parse(String(writes()[0]![1]!.body))).toMatchObject({
      code: STARTUP_LOAN.code,
      dailyRate: '0.0006',
      maxAmount: '20000000',
      termOptions: STARTUP_LOAN.termOptions,
    });
    await waitFor(() =>
      expect(within(dialog).getByText('Another loan product already uses this code')).toBeTruthy(),
    );
    expect(field(loansEn.fields.code).closest('.ant-form-item')?.textContent).toContain(
      'Another loan product already uses this code',
    );
  });
});

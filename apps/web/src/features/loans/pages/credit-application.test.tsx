import type { TMyLoans, TMyVerification } from '@caravan/contracts';
import validationEn from '@caravan/contracts/locales/en/validation.json';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import loansEn from '../../../locales/en/loans.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { STARTUP_LOAN } from '../../../testing/loan-products';
import { disbursedLoan } from '../../../testing/loans';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CreditApplicationPage from './credit-application';

const VERIFIED: TMyVerification = {
  realName: {
    id: '1',
    level: 'real_name',
    status: 'approved',
    realName: 'Lee Demo',
    nationality: 'DE',
    idType: 'passport',
    idNumber: 'X1234567',
    images: { front: null, back: null, selfie: null, addressProof: null },
    reason: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    reviewedAt: '2026-11-20T09:00:00.000Z',
  },
  advanced: null,
  realNameStatus: 'approved',
  advancedStatus: 'not_submitted',
};

/** The buyer's loans: none in the history unless said, no overdue loan. */
function serve(loans: Partial<TMyLoans>) {
  const myLoans: TMyLoans = {
    current: null,
    history: [],
    historyTotal: 0,
    pageNum: 1,
    pageSize: 10,
    hasOverdueHistory: false,
    ...loans,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path.endsWith('/loans/mine')) {
        return jsonResponse(myLoans);
      }
      if (path.endsWith('/verification')) {
        return jsonResponse(VERIFIED);
      }
      return jsonResponse({ products: [STARTUP_LOAN] });
    }),
  );
}

describe('/credit/application', () => {
  setUpComponentTests({ loans: loansEn, validation: validationEn });
  failOnAntdWarnings();

  it('names the nationality and the product field, and says above which amount advanced verification is needed', async () => {
    serve({ current: null });
    await renderWithQueries(<CreditApplicationPage />);
    await waitFor(() => expect(screen.getByText('Germany')).toBeTruthy());
    expect(screen.getByText('Loan product')).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '600000' } });
    expect(
      screen.getByText(/Loans above 500,000\.00 USDT need an approved advanced verification\./),
    ).toBeTruthy();
    fireEvent.change(amount, { target: { value: '200000' } });
    // (Ant Design lets the old help text fade out.)
    await waitFor(() => expect(screen.queryByText(/need an approved advanced verification/)).toBeNull());
    expect(screen.queryByText(loansEn.application.openLoan)).toBeNull();
  });

  it('says an amount in the range with fractions of a cent is refused for its decimals, not its range (QA)', async () => {
    serve({ current: null });
    await renderWithQueries(<CreditApplicationPage />);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '200000.001' } });
    await waitFor(() => expect(screen.getByText(validationEn.amountCents)).toBeTruthy());
    // Below the range, the range is what to say, whatever the decimals.
    fireEvent.change(amount, { target: { value: '1.001' } });
    await waitFor(() => expect(screen.queryByText(validationEn.amountCents)).toBeNull());
    expect(screen.getByText(/^Amount from /)).toBeTruthy();
  });

  it('says up front that a loan not yet repaid blocks another application', async () => {
    serve({ current: disbursedLoan() });
    await renderWithQueries(<CreditApplicationPage />);
    await waitFor(() => expect(screen.getByText(loansEn.application.openLoan)).toBeTruthy());
    expect(screen.getByRole('link', { name: 'See my loan' }).getAttribute('href')).toBe('/credit/myLoan');
    expect(
      (screen.getByRole('button', { name: 'Submit the application' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says up front that an earlier overdue loan blocks another application, and the form cannot be sent', async () => {
    serve({
      current: disbursedLoan({ status: 'repaid', repaidAt: '2027-01-09T10:00:00.000Z' }),
      hasOverdueHistory: true,
    });
    await renderWithQueries(<CreditApplicationPage />);
    await waitFor(() => expect(screen.getByText(loansEn.application.overdueHistory)).toBeTruthy());
    expect(screen.queryByText(loansEn.application.openLoan)).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '200000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Purpose of the loan' }), {
      target: { value: 'Stock' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: loansEn.application.agree }));
    expect(
      (screen.getByRole('button', { name: 'Submit the application' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says beside the grey Submit that the agreement must be accepted, until it is ticked', async () => {
    serve({ current: null });
    await renderWithQueries(<CreditApplicationPage />);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '200000' } });
    const submit = screen.getByRole('button', { name: 'Submit the application' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // The button was grey with nothing saying why.
    const hint = screen.getByText(loansEn.application.agreeToSubmit);
    expect(submit.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.click(screen.getByRole('checkbox', { name: loansEn.application.agree }));
    expect(screen.queryByText(loansEn.application.agreeToSubmit)).toBeNull();
  });

  it('keeps a purpose pasted past its 200 characters whole, says it is too long, and the form cannot be sent', async () => {
    serve({ current: null });
    await renderWithQueries(<CreditApplicationPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Amount' }), { target: { value: '200000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: loansEn.application.agree }));
    const purpose = screen.getByRole('textbox', { name: loansEn.fields.purpose }) as HTMLTextAreaElement;
    expect(purpose.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(purpose, { target: { value: 'Stock for the spring season. '.repeat(8) } });
    expect(purpose.value).toHaveLength(232);
    expect(screen.getByText('This text is too long')).toBeTruthy();
    expect(screen.getByText('232 / 200')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit the application' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(purpose, { target: { value: 'Stock for the spring season.' } });
    await waitFor(() => expect(screen.queryByText('This text is too long')).toBeNull());
    expect(submit.disabled).toBe(false);
  });

  it("sends one application however quickly Submit is clicked twice, and says the server's refusal of the amount beside it", async () => {
    const message = 'The most this product lends is 400,000.00 USDT';
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'POST') {
          posts.push(String(init.body));
          await new Promise((resolve) => setTimeout(resolve, 50));
          return jsonResponse({ error: { code: 'LOAN_ABOVE_MAX', message, details: {} } }, 400);
        }
        if (path.endsWith('/loans/mine')) {
          return jsonResponse({ current: null, history: [], historyTotal: 0, pageNum: 1, pageSize: 10 });
        }
        return path.endsWith('/verification')
          ? jsonResponse(VERIFIED)
          : jsonResponse({ products: [STARTUP_LOAN] });
      }),
    );
    await renderWithQueries(<CreditApplicationPage />);
    const amount = await screen.findByRole('textbox', { name: 'Amount' });
    fireEvent.change(amount, { target: { value: '200000' } });
    fireEvent.click(screen.getByRole('checkbox', { name: loansEn.application.agree }));
    fireEvent.change(screen.getByRole('textbox', { name: loansEn.fields.purpose }), {
      target: { value: 'Stock for the spring season' },
    });
    const submit = screen.getByRole('button', { name: 'Submit the application' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    // Beside the amount (a toast was gone in seconds), and sent once.
    expect(await screen.findByText(message)).toBeTruthy();
    expect(posts).toHaveLength(1);
    fireEvent.change(amount, { target: { value: '150000' } });
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });
});

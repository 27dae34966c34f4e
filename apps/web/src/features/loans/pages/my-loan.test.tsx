import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import loansEn from '../../../locales/en/loans.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { disbursedLoan } from '../../../testing/loans';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import MyLoanPage from './my-loan';

/** Serves the buyer's current loan (no history) and a wallet with `available` to repay from. */
function serveLoan(current: ReturnType<typeof disbursedLoan>, available: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/loans/mine')
        ? jsonResponse({ current, history: [], historyTotal: 0, pageNum: 1, pageSize: 10 })
        : jsonResponse({ available, frozen: '0.00' }),
    ),
  );
}

describe('/credit/myLoan', () => {
  setUpComponentTests({ loans: loansEn });
  failOnAntdWarnings();

  it('with no loan yet, leads to the loans on offer (no "this loan" to apply for)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ current: null, history: [], historyTotal: 0, pageNum: 1, pageSize: 10 }),
      ),
    );
    await renderWithQueries(<MyLoanPage />);
    await waitFor(() => expect(screen.getByText('You have no loan yet.')).toBeTruthy());
    const link = screen.getByRole('link', { name: 'See the loans on offer' });
    expect(link.getAttribute('href')).toBe('/credit');
    expect(screen.queryByText('Apply for this loan')).toBeNull();
  });

  it('offers "Apply again" after a repaid loan, but not to a buyer whose earlier loan went overdue, and says why', async () => {
    const repaid = disbursedLoan({
      status: 'repaid',
      repaidAt: '2026-12-20T10:00:00.000Z',
      totalOwed: '0.00',
    });
    for (const hasOverdueHistory of [false, true]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          jsonResponse({
            current: repaid,
            history: [],
            historyTotal: 0,
            pageNum: 1,
            pageSize: 10,
            hasOverdueHistory,
          }),
        ),
      );
      await renderWithQueries(<MyLoanPage />);
      await waitFor(() => expect(screen.getAllByText(loansEn.kind.startup).length).toBeGreaterThan(0));
      expect(screen.queryByRole('link', { name: 'Apply again' }) !== null).toBe(!hasOverdueHistory);
      expect(screen.queryByText(loansEn.application.overdueHistory) !== null).toBe(hasOverdueHistory);
      cleanup();
    }
  });

  it('opens a past loan from the history with its figures and its progress', async () => {
    const declined = disbursedLoan({
      id: '7',
      status: 'failed',
      approvedAmount: null,
      amount: '900.00',
      rejectReason: 'Income not shown',
      createdAt: '2026-10-02T09:30:00.000Z',
      events: [{ kind: 'applied', at: '2026-10-02T09:30:00.000Z', amount: null }],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ current: null, history: [declined], historyTotal: 1, pageNum: 1, pageSize: 10 }),
      ),
    );
    await renderWithQueries(<MyLoanPage />);
    const open = await screen.findByRole('button', { name: /^Details of the loan applied for on / });
    const reason = 'Reason: \u2068Income not shown\u2069';
    expect(screen.queryByText(reason)).toBeNull();
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(reason)).toBeTruthy();
    // Never paid out: nothing is owed, and a declined application has no repayment plan.
    expect(within(drawer).queryByText(loansEn.fields.totalOwed)).toBeNull();
    expect(within(drawer).queryByText(loansEn.fields.nextDue)).toBeNull();
    expect(within(drawer).queryByText(loansEn.credit.schedule)).toBeNull();
    expect(within(drawer).getByText(loansEn.fields.term)).toBeTruthy();
    expect(within(drawer).getByText(loansEn.event.applied, { exact: false })).toBeTruthy();
    expect(within(drawer).getByText(loansEn.status.failed)).toBeTruthy();
  });

  it('tells in the timeline how an offer ended, as its tag does, not "Loan failed" (QA)', async () => {
    for (const [outcome, text] of [
      ['declined', loansEn.statusOffer.declined],
      ['withdrawn', loansEn.statusOffer.withdrawn],
    ] as const) {
      const ended = disbursedLoan({
        id: '8',
        status: 'failed',
        approvedAmount: '500.00',
        offerOutcome: outcome,
        createdAt: '2026-10-02T09:30:00.000Z',
        events: [
          { kind: 'applied', at: '2026-10-02T09:30:00.000Z', amount: '900.00' },
          { kind: 'approved', at: '2026-10-03T09:30:00.000Z', amount: '500.00' },
          { kind: 'failed', at: '2026-10-04T09:30:00.000Z', amount: null },
        ],
      });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          jsonResponse({ current: null, history: [ended], historyTotal: 1, pageNum: 1, pageSize: 10 }),
        ),
      );
      await renderWithQueries(<MyLoanPage />);
      fireEvent.click(await screen.findByRole('button', { name: /^Details of the loan applied for on / }));
      const drawer = await screen.findByRole('dialog');
      const timeline = drawer.querySelector('.ant-timeline')!;
      expect(timeline.textContent).toContain(text);
      expect(timeline.textContent).not.toContain(loansEn.event.failed);
      cleanup();
    }
  });

  it('asks the server for each page of the history: older loans are not cut off', async () => {
    const loanOn = (id: number) =>
      disbursedLoan({
        id: String(id),
        status: 'repaid',
        createdAt: `2026-0${(id % 9) + 1}-02T09:30:00.000Z`,
      });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const page = Number(new URL(String(input), 'http://localhost').searchParams.get('pageNum'));
      const history = page === 2 ? [loanOn(1)] : Array.from({ length: 10 }, (_, i) => loanOn(11 - i));
      return jsonResponse({ current: null, history, historyTotal: 11, pageNum: page, pageSize: 10 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<MyLoanPage />);
    expect(
      await screen.findAllByRole('button', { name: /^Details of the loan applied for on / }),
    ).toHaveLength(10);
    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Details of the loan applied for on / })).toHaveLength(1),
    );
    const asked = fetchMock.mock.calls.map(([input]) => {
      const params = new URL(String(input), 'http://localhost').searchParams;
      return `${params.get('pageNum')}/${params.get('pageSize')}`;
    });
    expect(asked).toEqual(['1/10', '2/10']);
  });
});

describe('/credit/myLoan, repaying another amount', () => {
  setUpComponentTests({ loans: loansEn });
  failOnAntdWarnings();

  it("names the loan by its kind in the reader's language and confirms only an amount that can be repaid", async () => {
    serveLoan(disbursedLoan({ productName: 'Stored English name' }), '5000.845');
    await renderWithQueries(<MyLoanPage />);
    await waitFor(() => expect(screen.getByText(loansEn.kind.startup)).toBeTruthy());
    expect(screen.queryByText('Stored English name')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Repay now' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Another amount'));
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), {
      target: { value: '123456' },
    });
    const amount = within(dialog).getByRole('textbox', { name: 'Another amount' });
    const ok = () => within(dialog).getByRole('button', { name: /OK/ }) as HTMLButtonElement;
    // The balance as the wallet shows it: a refund can leave more than two decimals, and rounding showed 5,000.85.
    await waitFor(() => expect(within(dialog).getByText('5,000.845 USDT')).toBeTruthy());

    // Three decimals were rounded up into the confirmation (100.999 read "Repay 101.00 USDT").
    fireEvent.change(amount, { target: { value: '100.999' } });
    expect(
      within(dialog).getByText('Please enter an amount greater than 0 with at most 2 decimals'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/^Repay .* from your wallet\?$/)).toBeNull();
    expect(ok().disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '-5' } });
    expect(ok().disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '1206.51' } });
    expect(
      // The owed amount is isolated (LRI … PDI), so it stays one left-to-right piece in an Arabic sentence.
      within(dialog).getByText('The amount is more than the loan still owes (\u20661,206.50 USDT\u2069)'),
    ).toBeTruthy();
    expect(ok().disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '100.5' } });
    expect(within(dialog).getByText('Repay 100.50 USDT from your wallet?')).toBeTruthy();
    expect(ok().disabled).toBe(false);
  });

  it('confirms what the next instalment takes now, not what it will need by its due date', async () => {
    serveLoan(disbursedLoan({ nextDue: '2094.84', nextPayableNow: '1000.20' }), '5000.00');
    await renderWithQueries(<MyLoanPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Repay now' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/Next instalment/));
    await waitFor(() =>
      expect(within(dialog).getByText('Repay 1,000.20 USDT from your wallet?')).toBeTruthy(),
    );
  });

  it('offers no next instalment while nothing of it is owed yet, and says why', async () => {
    serveLoan(disbursedLoan({ nextDue: '1500.00', nextPayableNow: '0.00' }), '5000.00');
    await renderWithQueries(<MyLoanPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Repay now' }));
    const dialog = await screen.findByRole('dialog');
    // Before, it offered the whole instalment, which went to the principal and left the instalment unpaid.
    expect((within(dialog).getByLabelText(/Next instalment/) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('radio', { name: 'Another amount' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(
      within(dialog).getByText(
        loansEn.myLoan.nothingDueYet.replace('{{amount}}', '1,500.00').replace('{{date}}', '2026-12-21'),
      ),
    ).toBeTruthy();
  });

  it('says the balance is short before the password is asked for, and keeps OK off', async () => {
    serveLoan(disbursedLoan({ totalOwed: '1206.50' }), '1000.00');
    await renderWithQueries(<MyLoanPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Repay now' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/Everything owed/));
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), { target: { value: '482916' } });
    expect(await within(dialog).findByText('Insufficient balance, please recharge')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: /OK/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

/** Serves the current loan and a wallet of 5,000.00 USDT; a repayment gets `answerRepayment`'s answer. */
function serveRepayment(answerRepayment: (body: string) => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/repay')) {
        return answerRepayment(String(init?.body));
      }
      return url.includes('/loans/mine')
        ? jsonResponse({ current: disbursedLoan(), history: [] })
        : jsonResponse({ available: '5000.00', frozen: '0.00' });
    }),
  );
}

/** The repayment dialog, opened from the page. */
async function openRepayment() {
  await renderWithQueries(<MyLoanPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Repay now' }));
  return screen.findByRole('dialog');
}

describe('/credit/myLoan, repaying', () => {
  setUpComponentTests({ loans: loansEn });
  failOnAntdWarnings();

  it('sends one repayment however quickly OK is clicked twice', async () => {
    const repayments: string[] = [];
    serveRepayment(async (body) => {
      repayments.push(body);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return jsonResponse({ loan: disbursedLoan() });
    });
    const dialog = await openRepayment();
    fireEvent.change(within(dialog).getByLabelText('Transaction password'), { target: { value: '123456' } });
    const ok = within(dialog).getByRole('button', { name: /OK/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(repayments).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(repayments).toHaveLength(1);
  });

  it('says a wrong transaction password beside the field, with the attempts left, until it is changed', async () => {
    const message = 'Wrong transaction password. Attempts left: 2';
    serveRepayment(async () =>
      jsonResponse({ error: { code: 'TX_PASSWORD_WRONG', message, details: {} } }, 400),
    );
    const dialog = await openRepayment();
    const password = within(dialog).getByLabelText('Transaction password');
    fireEvent.change(password, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /OK/ }));
    // A toast was gone in seconds, and the field said nothing.
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
    fireEvent.change(password, { target: { value: '654321' } });
    await waitFor(() => expect(within(dialog).queryByText(message)).toBeNull());
  });
});

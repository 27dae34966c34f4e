import type { TAdminLoan, TAdminLoanDetail, TAdminVerification, TPage } from '@caravan/contracts';
import validationEn from '@caravan/contracts/locales/en/validation.json';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bindToastInstance } from '../../../lib/toast';
import adminEn from '../../../locales/en/admin.json';
import consoleEn from '../../../locales/en/console.json';
import loansEn from '../../../locales/en/loans.json';
import walletEn from '../../../locales/en/wallet.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { cssRulesOf } from '../../../testing/css-rules';
import { disbursedLoan } from '../../../testing/loans';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import KycReviewPage from './kyc-review';
import LoanReviewPage from './loan-review';

function verification(id: string): TAdminVerification {
  return {
    id,
    level: 'real_name',
    status: 'reviewing',
    realName: `Real name ${id}`,
    nationality: 'DE',
    idType: null,
    idNumber: null,
    images: { front: null, back: null, selfie: null, addressProof: null },
    reason: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    reviewedAt: null,
    userId: `u${id}`,
    usercode: `1000${id}`,
    userDisplayName: `Applicant ${id}`,
    reviewerId: null,
  };
}

function loan(id: string): TAdminLoan {
  // The queue table reads only these fields; the detail (schedule, events, rates) is another request.
  return {
    id,
    status: 'reviewing',
    amount: '500.00',
    approvedAmount: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    userId: `u${id}`,
    usercode: `1000${id}`,
    userDisplayName: `Applicant ${id}`,
    needsSecondReview: false,
  } as TAdminLoan;
}

/** The queue's user column: display name and user code. */
function userCell(id: string) {
  return `Applicant ${id} (1000${id})`;
}

/**
 * Answers the queue's list call: the first `failures` calls fail with a server error, then pages of a
 * 45-record queue (20 a page) whose rows are named after the page asked for.
 */
function serveQueue<TRecord>(makeRecord: (id: string) => TRecord, failures: number) {
  let calls = 0;
  return vi.fn(async (input: RequestInfo | URL) => {
    calls += 1;
    if (calls <= failures) {
      return jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'database is down' } }, 500);
    }
    const pageNum = Number(new URL(String(input), 'http://localhost').searchParams.get('pageNum'));
    const page: TPage<TRecord> = {
      pageList: [makeRecord(`${pageNum}01`), makeRecord(`${pageNum}02`)],
      total: 45,
      pageNum,
      pageSize: 20,
    };
    return jsonResponse(page);
  });
}

function calledUrls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map((call) => new URL(String((call as unknown[])[0]), 'http://localhost'));
}

const QUEUES = [
  {
    name: 'KYC review',
    Page: KycReviewPage,
    path: '/api/v1/admin/verifications',
    makeRecord: verification,
    firstStatus: 'reviewing',
  },
  {
    name: 'loan review',
    Page: LoanReviewPage,
    path: '/api/v1/admin/loans',
    makeRecord: loan,
    firstStatus: null,
  },
] as const;

describe.each(QUEUES)('Console -> $name queue', ({ Page, path, makeRecord, firstStatus }) => {
  setUpComponentTests({ console: consoleEn, loans: loansEn });
  failOnAntdWarnings();

  it('says the queue could not load and loads it again on "Try again"', async () => {
    const fetchMock = serveQueue<unknown>(makeRecord, 1);
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<Page />);
    await waitFor(() => expect(screen.getByText('Could not load. Please try again.')).toBeTruthy());
    expect(screen.queryByText(userCell('101'))).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(screen.getByText(userCell('101'))).toBeTruthy());
    expect(screen.queryByText('Could not load. Please try again.')).toBeNull();
    const urls = calledUrls(fetchMock);
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url.pathname).toBe(path);
      expect(url.searchParams.get('pageNum')).toBe('1');
      expect(url.searchParams.get('status')).toBe(firstStatus);
    }
  });

  it('pages through the queue on the server, 20 at a time', async () => {
    const fetchMock = serveQueue<unknown>(makeRecord, 0);
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<Page />);
    await waitFor(() => expect(screen.getByText(userCell('101'))).toBeTruthy());
    // 45 records at 20 a page: three pages, no fourth.
    expect(screen.getByTitle('3')).toBeTruthy();
    expect(screen.queryByTitle('4')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByTitle('2'));
    });
    await waitFor(() => expect(screen.getByText(userCell('201'))).toBeTruthy());
    expect(screen.queryByText(userCell('101'))).toBeNull();
    const last = calledUrls(fetchMock).at(-1)!;
    expect(last.pathname).toBe(path);
    expect(last.searchParams.get('pageNum')).toBe('2');
    expect(last.searchParams.get('pageSize')).toBe('20');
    expect(last.searchParams.get('status')).toBe(firstStatus);
  });
});

/** Serves the queue and, for its first row (loan 101), `detail`; an approval answers `approveAnswer`. */
function serveDetail(detail: TAdminLoanDetail, approveAnswer: () => Response = () => jsonResponse({})) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname.endsWith('/approve') && init?.method === 'POST') {
      return approveAnswer();
    }
    return pathname.endsWith('/admin/loans/101') ? jsonResponse(detail) : serveQueue(loan, 0)(input);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openFirstLoan() {
  await renderWithQueries(<LoanReviewPage />, '/admin/loan-review');
  fireEvent.click((await screen.findAllByRole('button', { name: loansEn.admin.documents }))[0]!);
  return screen.findByRole('dialog');
}

describe('Console -> loan application details', () => {
  setUpComponentTests({ console: consoleEn, loans: loansEn, wallet: walletEn, admin: adminEn });
  failOnAntdWarnings();

  /** Applicant 1's loan as the console reads it, with no first approval yet. */
  const adminLoan = (fields: Parameters<typeof disbursedLoan>[0]): TAdminLoanDetail['loan'] => ({
    ...disbursedLoan(fields),
    userId: 'u1',
    usercode: '10001',
    userDisplayName: 'Applicant 1',
    firstReviewerId: null,
    firstApprovedAmount: null,
    needsSecondReview: false,
    userStatus: 'active',
  });

  const applying = (amount: string): TAdminLoanDetail => ({
    loan: adminLoan({ status: 'applying', amount, approvedAmount: null }),
    verification: null,
    advanced: null,
    history: {
      orderCount: 0,
      orderTotal: '0.00',
      walletAvailable: '0.00',
      walletHeld: '0.00',
      earlierLoans: [],
    },
    movements: [],
    approval: { minAmount: '100000.00', maxAmount: amount, fourEyesThreshold: '1000000.00' },
  });

  it.each([
    ['2000000.00', '', /^Above the four-eyes threshold of 1,000,000\.00 USDT: this is the first approval/],
    // Lowered below the amount asked: an offer the borrower accepts before anything is credited.
    [
      '2000000.00',
      '900000',
      /^Less than the 2,000,000\.00 USDT asked for: the borrower is offered this amount/,
    ],
    ['900000.00', '', /^The money is credited to the borrower's wallet now\.$/],
    // Lowered but still above the threshold: the second approval offers it, it does not credit it.
    [
      '2000000.00',
      '1500000',
      /^Above the four-eyes threshold of 1,000,000\.00 USDT: this is the first approval\. Less than the 2,000,000\.00 USDT asked for: once a second reviewer approves, the borrower is offered this amount/,
    ],
  ])(
    'says what approving %s as %j does: waits for a second reviewer above the threshold, offers less, else credits',
    async (asked, typed, outcome) => {
      serveDetail(applying(asked));
      const drawer = await openFirstLoan();
      const amount = await within(drawer).findByRole('textbox', { name: loansEn.admin.approveAmount });
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.click(within(drawer).getByRole('button', { name: loansEn.admin.approve }));
      const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
      expect(within(confirm).getByText(outcome)).toBeTruthy();
      expect(within(confirm).queryByText(/four-eyes/) !== null).toBe(outcome.source.includes('four-eyes'));
    },
  );

  it('shows an offer waiting for the borrower, and how an answered one ended with the borrower’s reason', async () => {
    const offered: TAdminLoanDetail = {
      ...applying('150000.00'),
      loan: adminLoan({
        status: 'approved',
        amount: '150000.00',
        approvedAmount: '120000.00',
        offerExpiresAt: '2026-12-12T10:00:00.000Z',
      }),
      approval: null,
    };
    serveDetail(offered);
    let drawer = await openFirstLoan();
    const row = (label: string) => within(drawer).getByText(label).closest('tr')!.textContent;
    await within(drawer).findByText(loansEn.fields.offerExpiresAt);
    expect(row(loansEn.fields.state)).toContain(loansEn.status.approved);
    expect(row(loansEn.fields.offerExpiresAt)).toContain('2026-12-12');
    // No approval form: the decision is the borrower's now.
    expect(within(drawer).queryByRole('button', { name: loansEn.admin.approve })).toBeNull();
    cleanup();

    serveDetail({
      ...offered,
      loan: {
        ...offered.loan,
        status: 'failed',
        offerOutcome: 'declined',
        offerAnsweredAt: '2026-12-08T09:30:00.000Z',
        offerDeclineReason: 'Too little for my order',
      },
    });
    drawer = await openFirstLoan();
    await within(drawer).findByText(loansEn.fields.offerOutcome);
    expect(row(loansEn.fields.offerOutcome)).toContain(loansEn.offerOutcome.declined);
    expect(row(loansEn.fields.declineReason)).toContain('Too little for my order');
    expect(row(loansEn.fields.offerAnsweredAt)).toContain('2026-12-08');
    // Only offered, never lent: named so, and no total to repay for money never paid out.
    expect(row(loansEn.myLoan.offer.amount)).toContain('120,000.00');
    expect(within(drawer).queryByText(loansEn.fields.approvedAmount)).toBeNull();
    expect(within(drawer).queryByText(loansEn.fields.totalRepayment)).toBeNull();
  });

  it('toasts that a single approval below the amount asked only offers it, not a bare "Saved"', async () => {
    const toasts: string[] = [];
    bindToastInstance({
      error: (text: string) => toasts.push(`error ${text}`),
      success: (text: string) => toasts.push(text),
      warning: () => undefined,
      info: () => undefined,
    } as unknown as Parameters<typeof bindToastInstance>[0]);
    serveDetail(applying('900000.00'), () => jsonResponse({ ...loan('101'), status: 'approved' }));
    const drawer = await openFirstLoan();
    const amount = await within(drawer).findByRole('textbox', { name: loansEn.admin.approveAmount });
    fireEvent.change(amount, { target: { value: '600000' } });
    fireEvent.click(within(drawer).getByRole('button', { name: loansEn.admin.approve }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.click(within(confirm).getByRole('button', { name: loansEn.admin.approve }));
    await waitFor(() => expect(toasts).toEqual([loansEn.admin.offered]));
  });

  it('lists a decided offer by the amount asked, as the drawer does, with the amount offered named beside it', async () => {
    vi.stubGlobal(
      'fetch',
      serveQueue<TAdminLoan>(
        (id) => ({ ...loan(id), status: 'failed', approvedAmount: '300.00', offerOutcome: 'lapsed' }),
        0,
      ),
    );
    await renderWithQueries(<LoanReviewPage />, '/admin/loan-review');
    const cell = (
      await screen.findAllByText(`${loansEn.myLoan.offer.amount}:`, { exact: false })
    )[0]!.closest('td')!;
    expect(cell.textContent).toMatch(/^500\.00.*Amount offered: 300\.00/);
  });

  it.each(['250000.', '-', 'abc', '1,5'])(
    'keeps the drawer while %j is being typed, the amount refused beside its field',
    async (typed) => {
      serveDetail(applying('2000000.00'));
      const drawer = await openFirstLoan();
      const amount = await within(drawer).findByRole('textbox', { name: loansEn.admin.approveAmount });
      // Half an amount on its way ("250000." before its cents) made the page throw and the console show its error.
      fireEvent.change(amount, { target: { value: typed } });
      expect(within(drawer).getByText(validationEn.amountCents)).toBeTruthy();
      expect(
        (within(drawer).getByRole('button', { name: loansEn.admin.approve }) as HTMLButtonElement).disabled,
      ).toBe(true);
    },
  );

  it("refuses an amount above the one asked for beside the field, and shows the server's refusal there after closing the confirmation", async () => {
    const fetchMock = serveDetail(applying('150000.00'), () =>
      jsonResponse(
        {
          error: {
            code: 'LOAN_BELOW_MIN',
            message: 'The amount is below the minimum loan amount',
            details: { field: 'amount', min: '120000.00' },
          },
        },
        400,
      ),
    );
    const drawer = await openFirstLoan();
    const amount = await within(drawer).findByRole('textbox', { name: loansEn.admin.approveAmount });
    const approve = within(drawer).getByRole('button', { name: loansEn.admin.approve }) as HTMLButtonElement;
    fireEvent.change(amount, { target: { value: '150000.01' } });
    expect(
      within(drawer).getByText(
        'Enter an amount from 100,000.00 to 150,000.00 USDT: an approval can lower the amount asked for, not raise it',
      ),
    ).toBeTruthy();
    expect(approve.disabled).toBe(true);

    fireEvent.change(amount, { target: { value: '110000' } });
    expect(approve.disabled).toBe(false);
    fireEvent.click(approve);
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: loansEn.admin.approve })),
    );
    await waitFor(() =>
      expect(within(drawer).getByText('The amount is below the minimum loan amount')).toBeTruthy(),
    );
    expect(approve.disabled).toBe(true);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    // The confirmation is on its way out (jsdom never ends Ant Design's closing animation).
    await waitFor(() => expect(confirm.className).toContain('ant-zoom-leave'));
  });

  it("asks to confirm an approval at the screen's foot, the loan's facts left in view above it (QA consoles 7)", async () => {
    serveDetail(applying('900000.00'));
    const drawer = await openFirstLoan();
    await within(drawer).findByRole('textbox', { name: loansEn.admin.approveAmount });
    fireEvent.click(within(drawer).getByRole('button', { name: loansEn.admin.approve }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(confirm.closest('.cv-confirm-sheet')).not.toBeNull();
    const sheet = cssRulesOf('apps/web/src/app/global.css')('.cv-confirm-sheet .ant-modal');
    expect(sheet).toMatch(/position: fixed;/);
    expect(sheet).toMatch(/inset-block: auto 16px;/);
    // Rejecting asks below its button too.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    fireEvent.change(within(drawer).getByRole('textbox', { name: loansEn.fields.reason }), {
      target: { value: 'Income not confirmed' },
    });
    await act(async () =>
      fireEvent.click(within(drawer).getByRole('button', { name: loansEn.admin.reject })),
    );
    const question = await screen.findByText(loansEn.admin.rejectLoanConfirm);
    expect(question.closest('.ant-popover')!.className).toMatch(/ant-popover-placement-bottom\b/);
  });

  it('names the application in its title and shows the product, its price and the nationality', async () => {
    serveDetail(applying('150000.00'));
    const drawer = await openFirstLoan();
    expect(await within(drawer).findByText('Loan application #101')).toBeTruthy();
    expect(within(drawer).queryByText(loansEn.admin.loansTitle)).toBeNull();
    const row = (label: string) => within(drawer).getByText(label).closest('tr')!.textContent;
    expect(row(loansEn.fields.product)).toContain('Start-up loan');
    expect(row(loansEn.fields.dailyRate)).toContain('0.05%');
    expect(row(loansEn.fields.apr)).toContain('18.25%');
    expect(row(loansEn.fields.totalRepayment)).toContain('1,218.51 USDT');
    expect(row(loansEn.fields.nationality)).toContain('Germany');
    expect(row(loansEn.fields.accountStatus)).toContain('Active');
    expect(within(drawer).queryByText(loansEn.admin.accountNotActive)).toBeNull();
  });

  it("names the product by the kind the borrower reads, the staff's own name after it (QA consoles 6)", async () => {
    const detail = applying('150000.00');
    serveDetail({
      ...detail,
      loan: { ...detail.loan, productKind: 'credit', productName: 'Pearl credit line' },
    });
    const drawer = await openFirstLoan();
    await within(drawer).findByText('Loan application #101');
    const row = within(drawer).getByText(loansEn.fields.product).closest('tr')!;
    expect(within(row).getByText('Pearl credit line').tagName).toBe('BDI');
    expect(within(row).getByText('Pearl credit line').parentElement!.textContent).toBe(
      `${loansEn.kind.credit} (Pearl credit line)`,
    );
  });

  it('opens the application the address names, as the second-approval queue links it', async () => {
    serveDetail(applying('150000.00'));
    await renderWithQueries(<LoanReviewPage />, '/admin/loan-review?loan=101');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Loan application #101')).toBeTruthy();
    expect(await within(drawer).findByText('Start-up loan')).toBeTruthy();
    // The queue itself still loads: `loan` is not one of the list's filters.
    expect((await screen.findAllByRole('button', { name: loansEn.admin.documents })).length).toBeGreaterThan(
      0,
    );
  });

  it.each([
    ['disabled', 'Disabled'],
    ['cancelled', 'Closed'],
  ] as const)('shows a %s account and offers no approval for it', async (userStatus, label) => {
    const detail = applying('150000.00');
    serveDetail({ ...detail, loan: { ...detail.loan, userStatus } });
    const drawer = await openFirstLoan();
    await within(drawer).findByText(loansEn.admin.accountNotActive);
    expect(within(drawer).getByText(loansEn.fields.accountStatus).closest('tr')!.textContent).toContain(
      label,
    );
    expect(
      (within(drawer).getByRole('button', { name: loansEn.admin.approve }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows the approved amount, names ledger movements, groups the wallet and checks an approved amount', async () => {
    const detail: TAdminLoanDetail = {
      loan: adminLoan({ status: 'reviewing', amount: '150000.55', approvedAmount: '120000.50' }),
      verification: null,
      advanced: null,
      history: {
        orderCount: 3,
        orderTotal: '420.00',
        walletAvailable: '123733.85',
        walletHeld: '0',
        earlierLoans: [],
      },
      movements: [
        {
          transactionId: '7',
          kind: 'loan_disbursement',
          amount: '120000.50',
          createdAt: '2026-11-21T10:00:00.000Z',
        },
      ],
      approval: { minAmount: '100000.00', maxAmount: '150000.55', fourEyesThreshold: '1000000.00' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname.endsWith('/admin/loans/101')
          ? jsonResponse(detail)
          : serveQueue(loan, 0)(input),
      ),
    );
    await renderWithQueries(<LoanReviewPage />, '/admin/loan-review');
    fireEvent.click((await screen.findAllByRole('button', { name: loansEn.admin.documents }))[0]!);
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByText('Approved amount')).toBeTruthy());
    expect(within(drawer).getByText('150,000.55 USDT')).toBeTruthy();
    expect(within(drawer).getAllByText('120,000.50 USDT').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('Wallet: 123,733.85 USDT available, 0.00 USDT held')).toBeTruthy();
    expect(within(drawer).getByText(/Loan disbursement/)).toBeTruthy();
    expect(within(drawer).queryByText(/loan_disbursement/)).toBeNull();

    const amount = within(drawer).getByRole('textbox', { name: loansEn.admin.approveAmount });
    const approve = within(drawer).getByRole('button', { name: loansEn.admin.approve }) as HTMLButtonElement;
    fireEvent.change(amount, { target: { value: 'abc' } });
    expect(
      within(drawer).getByText('Please enter an amount greater than 0 with at most 2 decimals'),
    ).toBeTruthy();
    expect(approve.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '100000' } });
    expect(approve.disabled).toBe(false);
  });
});

describe('Console -> identity checks: a reason belongs to one applicant', () => {
  setUpComponentTests({ console: consoleEn, loans: loansEn });
  failOnAntdWarnings();

  it('clears a reason typed for one applicant before another one is opened', async () => {
    vi.stubGlobal('fetch', serveQueue(verification, 0));
    await renderWithQueries(<KycReviewPage />, '/admin/kyc-review');
    const openDocuments = async (index: number) => {
      await act(async () => {
        fireEvent.click((await screen.findAllByRole('button', { name: loansEn.admin.documents }))[index]!);
      });
      return screen.findByRole('textbox', { name: loansEn.fields.reason });
    };
    fireEvent.change(await openDocuments(0), { target: { value: 'The photo of applicant one is blurry' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(((await openDocuments(1)) as HTMLTextAreaElement).value).toBe('');
  });

  it('asks before approving an identity, which lets the applicant borrow', async () => {
    const queue = serveQueue(verification, 0);
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? jsonResponse({}) : queue(input),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<KycReviewPage />, '/admin/kyc-review');
    await act(async () => {
      fireEvent.click((await screen.findAllByRole('button', { name: loansEn.admin.documents }))[0]!);
    });
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    // One click approved at once, while resubmitting and rejecting asked for a reason.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: loansEn.admin.approve })));
    const question = await screen.findByText(
      "Approve Real name 101's identity? They can then apply for loans.",
    );
    expect(posts()).toHaveLength(0);
    const popover = question.closest('.ant-popover') as HTMLElement;
    // Below the buttons: above them it covered the ID photo and the reason (QA consoles 7).
    expect(popover.className).toMatch(/ant-popover-placement-bottom\b/);
    await act(async () =>
      fireEvent.click(within(popover).getByRole('button', { name: loansEn.admin.approve })),
    );
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]?.body))).toMatchObject({ decision: 'approve' });
  });

  it('sends one resubmission request however quickly it is clicked twice (QA: "Saved" beside "already reviewed")', async () => {
    const queue = serveQueue(verification, 0);
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return jsonResponse({});
      }
      return queue(input);
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderWithQueries(<KycReviewPage />, '/admin/kyc-review');
    await act(async () => {
      fireEvent.click((await screen.findAllByRole('button', { name: loansEn.admin.documents }))[0]!);
    });
    fireEvent.change(await screen.findByRole('textbox', { name: loansEn.fields.reason }), {
      target: { value: 'The back of the ID card is missing' },
    });
    const resubmit = screen.getByRole('button', { name: loansEn.admin.resubmit });
    await act(async () => {
      fireEvent.click(resubmit);
      fireEvent.click(resubmit);
    });
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]![1]?.body))).toMatchObject({ decision: 'resubmit' });
  });
});

import type { TAdminLoan, TAdminLoanDetail, TPage } from '@caravan/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bindToastInstance } from '../../../lib/toast';
import adminEn from '../../../locales/en/admin.json';
import consoleEn from '../../../locales/en/console.json';
import loansEn from '../../../locales/en/loans.json';
import walletEn from '../../../locales/en/wallet.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { disbursedLoan } from '../../../testing/loans';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import LoanReviewPage from './loan-review';

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();

/** Loan 101 of applicant 1 as the console reads it: by default an offer of 120,000 for 150,000 still open. */
function adminLoan(fields: Partial<TAdminLoan> = {}): TAdminLoan {
  return {
    ...disbursedLoan({
      id: '101',
      status: 'approved',
      amount: '150000.00',
      approvedAmount: '120000.00',
      offerExpiresAt: IN_A_WEEK,
      disbursedAt: null,
    }),
    userId: 'u1',
    usercode: '10001',
    userDisplayName: 'Applicant 1',
    firstReviewerId: null,
    firstApprovedAmount: null,
    needsSecondReview: false,
    userStatus: 'active',
    ...fields,
  };
}

function detailOf(loan: TAdminLoan): TAdminLoanDetail {
  return {
    loan,
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
    approval: null,
  };
}

type TCall = { method: string; pathname: string; body: unknown; headers: Headers };

/** Serves the queue (one row), loan 101's detail, and the withdrawal with `withdrawAnswer`; records every call. */
function serve(loan: TAdminLoan, withdrawAnswer: () => Response = () => jsonResponse(loan)) {
  const calls: TCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      headers: new Headers(init?.headers),
    });
    if (pathname.endsWith('/withdraw-offer') && method === 'POST') {
      return withdrawAnswer();
    }
    if (pathname.endsWith('/admin/loans/101')) {
      return jsonResponse(detailOf(loan));
    }
    const page: TPage<TAdminLoan> = { pageList: [loan], total: 1, pageNum: 1, pageSize: 20 };
    return jsonResponse(page);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function collectToasts() {
  const toasts: string[] = [];
  bindToastInstance({
    error: (text: string) => toasts.push(`error ${text}`),
    success: (text: string) => toasts.push(text),
    warning: () => undefined,
    info: () => undefined,
  } as unknown as Parameters<typeof bindToastInstance>[0]);
  return toasts;
}

async function openDrawer() {
  await renderWithQueries(<LoanReviewPage />, '/admin/loan-review');
  fireEvent.click(await screen.findByRole('button', { name: loansEn.admin.documents }));
  return screen.findByRole('dialog');
}

const withdrawCalls = (calls: TCall[]) => calls.filter((c) => c.pathname.endsWith('/withdraw-offer'));

describe('Console -> withdrawing a loan offer', () => {
  setUpComponentTests({ console: consoleEn, loans: loansEn, wallet: walletEn, admin: adminEn });
  failOnAntdWarnings();

  it('tells in the list a declined, lapsed or withdrawn offer from a rejected loan (QA: all read "Loan failed")', async () => {
    for (const [offerOutcome, text] of [
      ['declined', loansEn.offerOutcome.declined],
      ['lapsed', loansEn.offerOutcome.lapsed],
      ['withdrawn', loansEn.offerOutcome.withdrawn],
      [null, loansEn.status.failed],
    ] as const) {
      serve(adminLoan({ status: 'failed', offerOutcome }));
      await renderWithQueries(<LoanReviewPage />, '/admin/loan-review');
      const row = (await screen.findByText('Applicant 1', { exact: false })).closest('tr')!;
      expect(within(row).getByText(text)).toBeTruthy();
      if (offerOutcome) {
        expect(within(row).queryByText(loansEn.status.failed)).toBeNull();
      }
      cleanup();
    }
  });

  it('asks for a reason in a confirmation before withdrawing, then sends it trimmed and says it is done', async () => {
    const toasts = collectToasts();
    const calls = serve(adminLoan(), () =>
      jsonResponse(
        adminLoan({ status: 'failed', offerOutcome: 'withdrawn', rejectReason: 'No income proof' }),
      ),
    );
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: loansEn.admin.withdrawOffer }));
    // Nothing is sent by the button itself: a confirmation says what happens and asks why.
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(withdrawCalls(calls)).toEqual([]);
    expect(
      within(confirm).getByText(loansEn.admin.withdrawOfferConfirm.replace('{{amount}}', '120,000.00')),
    ).toBeTruthy();
    const ok = () =>
      within(confirm)
        .getAllByRole('button', { name: loansEn.admin.withdrawOffer })
        .at(-1)! as HTMLButtonElement;
    // No reason (or only spaces): it cannot be confirmed.
    expect(ok().disabled).toBe(true);
    const reason = within(confirm).getByRole('textbox', { name: loansEn.admin.withdrawReason });
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(ok().disabled).toBe(true);
    // The server keeps 500 characters: a longer reason is kept whole in the box, counted in red, and not sent.
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } });
    expect(within(confirm).getByText('501 / 500')).toBeTruthy();
    expect(ok().disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '  No income proof  ' } });
    expect(ok().disabled).toBe(false);
    fireEvent.click(ok());
    await waitFor(() => expect(toasts).toEqual([loansEn.admin.offerWithdrawn]));
    const sent = withdrawCalls(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      pathname: '/api/v1/admin/loans/101/withdraw-offer',
      body: { reason: 'No income proof' },
    });
    expect(sent[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  it('cancelling the confirmation sends nothing', async () => {
    const calls = serve(adminLoan());
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: loansEn.admin.withdrawOffer }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.change(within(confirm).getByRole('textbox', { name: loansEn.admin.withdrawReason }), {
      target: { value: 'Changed my mind' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(loansEn.admin.withdrawReason)).toBeNull());
    expect(withdrawCalls(calls)).toEqual([]);
  });

  it("shows the server's refusal when the borrower answered first", async () => {
    const toasts = collectToasts();
    const message =
      "This loan has no offer waiting for the borrower's answer: it was already accepted, declined, withdrawn or has lapsed";
    serve(adminLoan(), () => jsonResponse({ error: { code: 'LOAN_OFFER_NOT_PENDING', message } }, 409));
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: loansEn.admin.withdrawOffer }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.change(within(confirm).getByRole('textbox', { name: loansEn.admin.withdrawReason }), {
      target: { value: 'Too late' },
    });
    fireEvent.click(within(confirm).getAllByRole('button', { name: loansEn.admin.withdrawOffer }).at(-1)!);
    await waitFor(() => expect(toasts).toEqual([`error ${message}`]));
  });

  it.each([
    ['accepted and paid out', { status: 'disbursed', offerOutcome: 'accepted' }],
    ['lapsed', { status: 'failed', offerOutcome: 'lapsed' }],
    ['past its expiry', { offerExpiresAt: new Date(Date.now() - 60_000).toISOString() }],
    ['not an offer', { status: 'applying', approvedAmount: null, offerExpiresAt: null }],
  ] as const)('offers no withdrawal for a loan %s', async (_, fields) => {
    serve(adminLoan(fields as Partial<TAdminLoan>));
    const drawer = await openDrawer();
    await within(drawer).findByText(loansEn.fields.state);
    expect(screen.queryByRole('button', { name: loansEn.admin.withdrawOffer })).toBeNull();
  });

  it('lists the withdraw button beside a pending offer in the queue', async () => {
    serve(adminLoan());
    await renderWithQueries(<LoanReviewPage />, '/admin/loan-review');
    const row = (await screen.findByRole('button', { name: loansEn.admin.documents })).closest('tr')!;
    expect(within(row).getByRole('button', { name: loansEn.admin.withdrawOffer })).toBeTruthy();
  });

  it('shows a withdrawn offer with its outcome and the staff reason', async () => {
    serve(adminLoan({ status: 'failed', offerOutcome: 'withdrawn', rejectReason: 'No income proof' }));
    const drawer = await openDrawer();
    await within(drawer).findByText(loansEn.fields.offerOutcome);
    const row = (label: string) => within(drawer).getByText(label).closest('tr')!.textContent;
    expect(row(loansEn.fields.offerOutcome)).toContain(loansEn.offerOutcome.withdrawn);
    expect(row(loansEn.fields.withdrawReason)).toContain('No income proof');
    expect(within(drawer).queryByRole('button', { name: loansEn.admin.withdrawOffer })).toBeNull();
  });
});

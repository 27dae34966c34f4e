import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bindToastInstance } from '../../../lib/toast';
import loansEn from '../../../locales/en/loans.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { disbursedLoan } from '../../../testing/loans';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import MyLoanPage from './my-loan';

/** Asked for 1,500, approved for 1,200.50: an offer waiting for the borrower's answer. */
const offer = disbursedLoan({
  status: 'approved',
  amount: '1500.00',
  approvedAmount: '1200.50',
  disbursedAt: null,
  offerExpiresAt: '2026-12-12T10:00:00.000Z',
  principalOutstanding: '0.00',
  totalOwed: '0.00',
  totalInterestScheduled: '18.01',
  totalRepaymentScheduled: '1218.51',
});

type TSent = { url: string; body: string; idempotencyKey: string | null };

/** The toasts shown, by kind (the app shell's message holder is not mounted in component tests). */
const toasts: { kind: string; text: string }[] = [];
const recordToast = (kind: string) => (text: string) => {
  toasts.push({ kind, text });
};

/** Serves the offer as the current loan and answers accept/decline with `answer` after a short wait. */
function serveOffer(answer: () => Response) {
  const sent: TSent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/accept') || url.includes('/decline')) {
        sent.push({
          url,
          body: String(init?.body),
          idempotencyKey: new Headers(init?.headers).get('idempotency-key'),
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        return answer();
      }
      return url.includes('/loans/mine')
        ? jsonResponse({
            current: offer,
            history: [],
            historyTotal: 0,
            pageNum: 1,
            pageSize: 10,
            hasOverdueHistory: false,
          })
        : jsonResponse({ available: '0.00', frozen: '0.00' });
    }),
  );
  return sent;
}

describe('/credit/myLoan, an offer for less than asked', () => {
  setUpComponentTests({ loans: loansEn });
  failOnAntdWarnings();
  beforeEach(() => {
    toasts.length = 0;
    bindToastInstance({
      error: recordToast('error'),
      success: recordToast('success'),
      warning: recordToast('warning'),
      info: recordToast('info'),
    });
  });

  it('shows the amount offered, what it costs and until when, with no repayment yet', async () => {
    serveOffer(() => jsonResponse(offer));
    await renderWithQueries(<MyLoanPage />);
    expect(await screen.findByText('We can lend you 1,200.50 USDT')).toBeTruthy();
    expect(screen.getByText(loansEn.status.approved)).toBeTruthy();
    expect(
      screen.getByText(/You asked for 1,500.00 USDT; your application was approved for 1,200.50 USDT/),
    ).toBeTruthy();
    expect(screen.getByText(/^Accept or decline by /)).toBeTruthy();
    expect(screen.getAllByText('1,218.51 USDT').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Repay now' })).toBeNull();
  });

  it('accepts only after the confirmation, once however quickly it is clicked, with an Idempotency-Key', async () => {
    const sent = serveOffer(() => jsonResponse({ ...offer, status: 'disbursed', offerOutcome: 'accepted' }));
    await renderWithQueries(<MyLoanPage />);
    fireEvent.click(await screen.findByRole('button', { name: loansEn.myLoan.offer.accept }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Borrow 1,200.50 USDT for 30 days? It is paid into your wallet now, and in total you repay 1,218.51 USDT following the schedule.',
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: loansEn.myLoan.offer.accept });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/\/loans\/1\/accept/);
    expect(sent[0]!.idempotencyKey).toBeTruthy();
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', text: loansEn.myLoan.offer.accepted }]));
  });

  it('a refused accept says why in the reader’s language and keeps the dialog open', async () => {
    const message = 'This loan offer is no longer open: it has been answered or has lapsed';
    serveOffer(() => jsonResponse({ error: { code: 'LOAN_OFFER_NOT_OPEN', message, details: {} } }, 409));
    await renderWithQueries(<MyLoanPage />);
    fireEvent.click(await screen.findByRole('button', { name: loansEn.myLoan.offer.accept }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: loansEn.myLoan.offer.accept }));
    await waitFor(() => expect(toasts).toEqual([{ kind: 'error', text: message }]));
    expect(within(screen.getByRole('dialog')).getByText(/^Borrow 1,200.50 USDT/)).toBeTruthy();
  });

  it('declines with an optional reason after its own confirmation', async () => {
    const sent = serveOffer(() => jsonResponse({ ...offer, status: 'failed', offerOutcome: 'declined' }));
    await renderWithQueries(<MyLoanPage />);
    fireEvent.click(await screen.findByRole('button', { name: loansEn.myLoan.offer.decline }));
    const dialog = await screen.findByRole('dialog');
    expect(sent).toHaveLength(0);
    expect(within(dialog).getByText(loansEn.myLoan.offer.declineConfirm)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(loansEn.myLoan.offer.declineReason), {
      target: { value: '  Too little for my order ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: loansEn.myLoan.offer.decline }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toMatch(/\/loans\/1\/decline/);
    expect(JSON.parse(sent[0]!.body)).toEqual({ reason: 'Too little for my order' });
    await waitFor(() => expect(toasts).toEqual([{ kind: 'success', text: loansEn.myLoan.offer.declined }]));
  });

  it('after an answer puts the focus on the loan heading that names the new status, not on the page body', async () => {
    for (const [button, after, statusText] of [
      [
        loansEn.myLoan.offer.accept,
        { ...offer, status: 'disbursed', offerOutcome: 'accepted' },
        loansEn.status.disbursed,
      ],
      [
        loansEn.myLoan.offer.decline,
        { ...offer, status: 'failed', offerOutcome: 'declined' },
        loansEn.statusOffer.declined,
      ],
    ] as const) {
      let current: typeof offer = offer;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          const url = String(input);
          if (url.includes('/accept') || url.includes('/decline')) {
            current = after as typeof offer;
            return jsonResponse(after);
          }
          return url.includes('/loans/mine')
            ? jsonResponse({
                current,
                history: [],
                historyTotal: 0,
                pageNum: 1,
                pageSize: 10,
                hasOverdueHistory: false,
              })
            : jsonResponse({ available: '0.00', frozen: '0.00' });
        }),
      );
      await renderWithQueries(<MyLoanPage />);
      const opener = await screen.findByRole('button', { name: button });
      opener.focus();
      fireEvent.click(opener);
      const dialog = await screen.findByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: button }));
      const heading = await waitFor(() => {
        const found = screen.getByRole('heading', { level: 2 });
        expect(found.textContent).toContain(statusText);
        return found;
      });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      cleanup();
    }
  });

  it('opens the decline dialog in its reason box, where Enter does not close it', async () => {
    serveOffer(() => jsonResponse(offer));
    await renderWithQueries(<MyLoanPage />);
    fireEvent.click(await screen.findByRole('button', { name: loansEn.myLoan.offer.decline }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByLabelText(loansEn.myLoan.offer.declineReason);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.keyDown(reason, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps the offer deadline whole: the sentence may wrap, the date inside it may not', async () => {
    serveOffer(() => jsonResponse(offer));
    await renderWithQueries(<MyLoanPage />);
    const [before] = loansEn.myLoan.offer.validUntil.split('{{date}}');
    const sentence = await screen.findByText(
      (_, el) => el?.tagName === 'P' && el.textContent!.startsWith(before!),
    );
    const pieces = [...sentence.querySelectorAll('.cv-nowrap')].map((el) => el.textContent);
    expect(pieces).toHaveLength(2);
    expect(pieces[0]).toMatch(/2026-12-1[12]/);
  });

  it('a declined, lapsed or withdrawn offer says so', async () => {
    for (const [outcome, text, tag] of [
      ['declined', loansEn.myLoan.offerDeclined, loansEn.statusOffer.declined],
      ['lapsed', loansEn.myLoan.offerLapsed, loansEn.statusOffer.lapsed],
      ['withdrawn', loansEn.myLoan.offerWithdrawn, loansEn.statusOffer.withdrawn],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          jsonResponse({
            current: { ...offer, status: 'failed', offerOutcome: outcome },
            history: [],
            historyTotal: 0,
            pageNum: 1,
            pageSize: 10,
            hasOverdueHistory: false,
          }),
        ),
      );
      await renderWithQueries(<MyLoanPage />);
      expect(await screen.findByText(text)).toBeTruthy();
      // The card's status tag names how the offer ended, not "Loan failed" (read as a rejection by staff).
      expect(screen.getByText(tag)).toBeTruthy();
      expect(screen.queryByText(loansEn.status.failed)).toBeNull();
      expect(screen.queryByRole('button', { name: loansEn.myLoan.offer.accept })).toBeNull();
      expect(screen.getByRole('link', { name: 'Apply again' })).toBeTruthy();
      cleanup();
    }
  });
});

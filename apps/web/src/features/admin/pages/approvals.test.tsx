import type { TApproval } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import financeEn from '../../../locales/en/finance.json';
import loansEn from '../../../locales/en/loans.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { captureToasts } from '../../../testing/toasts';
import ApprovalsPage from './approvals';

const ADDRESS = 'TTumca9c2LsbQ9rPWYjfHNNaaLaVvSmust';

const WITHDRAWAL: TApproval = {
  id: '9',
  action: 'withdrawal',
  targetId: '4',
  userId: '31',
  amount: '12000.00',
  threshold: '10000.00',
  judgedAmount: null,
  reason: null,
  status: 'waiting',
  firstStaffId: '2',
  firstStaffName: 'Finance reviewer (finance)',
  firstApprovedAt: '2026-12-03T09:00:00.000Z',
  secondStaffId: null,
  secondStaffName: null,
  decidedAt: null,
  facts: {
    userName: 'qabigwhale',
    usercode: '23983670',
    network: 'USDT-TRC20',
    address: ADDRESS,
    txHash: null,
    bank: null,
    fee: '1.00',
    actualAmount: '11999.00',
  },
};

const LOAN: TApproval = {
  ...WITHDRAWAL,
  id: '11',
  action: 'loan',
  targetId: '5',
  amount: '1800000.00',
  threshold: '1000000.00',
  facts: {
    userName: 'qaloanar',
    usercode: '99227466',
    network: null,
    address: null,
    txHash: null,
    bank: null,
    fee: null,
    actualAmount: null,
    loan: {
      productKind: 'startup',
      productName: 'Start-up loan',
      termDays: 60,
      dailyRate: '0.0015',
      mode: 'equal_instalments',
      amountAsked: '2000000.00',
      firstApprovedAmount: '1800000.00',
      realNameStatus: 'approved',
      advancedStatus: 'reviewing',
    },
  },
};

const ADMIN = { id: '1', username: 'admin', displayName: 'Admin' };

/** The console's answers: `staff` (an administrator unless said) logged in, `approval` the queue's one entry. */
function serveApprovals(approval: TApproval, staff = ADMIN) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/admin/auth/me')) {
        return jsonResponse({ staff: { ...staff, permissions: [] } });
      }
      return url.includes('/approve')
        ? jsonResponse({ ...approval, status: 'approved' })
        : jsonResponse({ pageList: [approval], total: 1, pageNum: 1, pageSize: 20 });
    }),
  );
}

describe('Console -> second approvals', () => {
  setUpComponentTests({ console: consoleEn, finance: financeEn, loans: loansEn });

  it("shows a loan's terms, the amount asked and approved and the identity checks, and links its review", async () => {
    serveApprovals(LOAN);
    await renderWithQueries(<ApprovalsPage />, '/admin/approvals');
    // "Loan #5 · qaloanar · 1,800,000.00": the product, term and amount asked were nowhere, and #5 led nowhere.
    const link = await screen.findByRole('link', { name: '#5' });
    expect(link.getAttribute('href')).toBe('/admin/loan-review?loan=5');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Start-up loan')).toBeTruthy();
    expect(row.textContent).toContain('60 days');
    expect(row.textContent).toContain(`${consoleEn.approvals.loan.asked} 2,000,000.00`);

    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    const dialog = within(screen.getByRole('dialog'));
    const fact = (label: string) => dialog.getByText(label).closest('tr')?.textContent ?? '';
    expect(fact(loansEn.fields.product)).toContain('Start-up loan');
    expect(fact(loansEn.fields.term)).toContain('60 days');
    expect(fact(loansEn.fields.dailyRate)).toContain('0.15');
    expect(fact(loansEn.fields.mode)).toContain(loansEn.mode.equal_instalments);
    expect(fact(consoleEn.approvals.loan.asked)).toContain('2,000,000.00');
    expect(fact(consoleEn.approvals.loan.firstApproved)).toContain('1,800,000.00');
    expect(fact(loansEn.verify.realName)).toContain(loansEn.verifyStatus.approved);
    expect(fact(loansEn.verify.advanced)).toContain(loansEn.verifyStatus.reviewing);
  });

  it("says why a part refund below the threshold waits: with the order's earlier refunds it is above (QA)", async () => {
    const refund: TApproval = {
      ...WITHDRAWAL,
      id: '12',
      action: 'refund',
      targetId: '20261207883113932400',
      amount: '6.00',
      threshold: '10.00',
      judgedAmount: '11.00',
      facts: null,
    };
    serveApprovals(refund);
    await renderWithQueries(<ApprovalsPage />, '/admin/approvals');
    const judged = consoleEn.approvals.judged.replace('{{amount}}', '11.00');
    const row = (await screen.findByText(judged)).closest('tr')!;
    expect(row.textContent).toContain('6.00');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    expect(within(screen.getByRole('dialog')).getByText(judged, { exact: false })).toBeTruthy();
  });

  it("names the loan product by its kind in the reader's language, the staff's own name after it", async () => {
    const credit: TApproval = {
      ...LOAN,
      facts: {
        ...LOAN.facts!,
        loan: { ...LOAN.facts!.loan!, productKind: 'credit', productName: 'Pearl credit line' },
      },
    };
    serveApprovals(credit);
    await renderWithQueries(<ApprovalsPage />, '/admin/approvals');
    const row = (await screen.findByRole('link', { name: '#5' })).closest('tr')!;
    // The stored English name alone was shown: a German reviewer read "Start-up loan" where the borrower read
    // "Gründerkredit".
    expect(within(row).getByText('Pearl credit line').parentElement!.textContent).toBe(
      `${loansEn.kind.credit} (Pearl credit line)`,
    );
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(loansEn.fields.product).closest('tr')?.textContent).toContain(
      `${loansEn.kind.credit} (Pearl credit line)`,
    );
  });

  it('shows the second approver whose money goes where before it moves', async () => {
    serveApprovals(WITHDRAWAL);
    await renderWithQueries(<ApprovalsPage />, '/admin/approvals');
    // The row named only "#4" and the amount: whose withdrawal and to which address was nowhere.
    const row = (await screen.findByText('#4')).closest('tr')!;
    expect(within(row).getByText('qabigwhale')).toBeTruthy();
    expect(within(row).getByText(ADDRESS)).toBeTruthy();
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(financeEn.fields.address)).toBeTruthy();
    expect(dialog.getByText(ADDRESS)).toBeTruthy();
    expect(dialog.getByText(financeEn.fields.actualAmount)).toBeTruthy();
    expect(dialog.getByText(/11,999\.00/)).toBeTruthy();
    expect(dialog.getByText('USDT-TRC20')).toBeTruthy();
  });

  it("sends a withdrawal's payout hash with the second approval", async () => {
    const calls: { url: string; body: string | undefined }[] = [];
    const me = (id: string) =>
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, body: init?.body === undefined ? undefined : String(init.body) });
        if (url.includes('/admin/auth/me')) {
          return jsonResponse({ staff: { id, username: 'x', displayName: 'X', permissions: [] } });
        }
        return url.includes('/approve')
          ? jsonResponse({ ...WITHDRAWAL, status: 'approved' })
          : jsonResponse({ pageList: [WITHDRAWAL], total: 1, pageNum: 1, pageSize: 20 });
      });
    vi.stubGlobal('fetch', me('1'));
    await renderWithQueries(<ApprovalsPage />, '/admin/approvals');
    const row = (await screen.findByText('#4')).closest('tr')!;
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    const dialog = within(screen.getByRole('dialog'));
    // The largest payouts are approved here, and their hash could not be recorded anywhere afterwards.
    fireEvent.change(dialog.getByLabelText(financeEn.review.chainTxHash), {
      target: { value: `0x${'ab'.repeat(32)}` },
    });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Approve' })));
    const approved = calls.find((c) => c.url.includes('/approvals/9/approve'));
    expect(JSON.parse(approved!.body!)).toEqual({ chainTxHash: `0x${'ab'.repeat(32)}` });
  });

  it('says a loan lowered by its first approver is offered to the borrower, not paid out', async () => {
    serveApprovals(LOAN);
    const toasts = captureToasts();
    await renderWithQueries(<ApprovalsPage />, '/admin/approvals');
    const row = (await screen.findByRole('link', { name: '#5' })).closest('tr')!;
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    const dialog = within(screen.getByRole('dialog'));
    // "The money moves now" and then "the money has moved" were said of an approval that only offers the amount.
    expect(dialog.queryByText(/The money moves now/)).toBeNull();
    expect(dialog.getByText(/for less than asked\. The borrower is offered it/)).toBeTruthy();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Approve' })));
    await waitFor(() => expect(toasts).toEqual([`success: ${consoleEn.approvals.offered}`]));
  });

  it('keeps Decline from the staff member who gave the first approval', async () => {
    serveApprovals(WITHDRAWAL, { id: '2', username: 'finance', displayName: 'F' });
    await renderWithQueries(<ApprovalsPage />, '/admin/approvals');
    const row = (await screen.findByText('#4')).closest('tr')!;
    const decline = await within(row).findByRole('button', { name: 'Decline' });
    await vi.waitFor(() => expect((decline as HTMLButtonElement).disabled).toBe(true));
    expect(decline.getAttribute('title')).toBe(consoleEn.approvals.ownFirstDecline);
  });
});

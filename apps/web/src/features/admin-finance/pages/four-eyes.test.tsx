import type { TAdminWithdrawal, TRecordFourEyes, TStaffInfo } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import financeEn from '../../../locales/en/finance.json';
import walletEn from '../../../locales/en/wallet.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { adminWithdrawalFixture } from '../../../testing/finance';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import FinanceWithdrawalsPage from './withdrawals';

const ME: TStaffInfo = {
  id: '5',
  username: 'fin1',
  displayName: 'Finance One',
  roleId: '2',
  roleName: 'Finance',
  permissions: ['finance.review'],
};

function withdrawal(fourEyes: TRecordFourEyes): TAdminWithdrawal {
  return adminWithdrawalFixture({ amount: '12000.00', actualAmount: '11999.00', fourEyes });
}

const firstApprovalBy = (staffId: string, staffName: string): TRecordFourEyes => ({
  threshold: '10000.00',
  firstApproval: {
    staffId,
    staffName,
    approvedAt: '2026-11-20T09:30:00.000Z',
    amount: '12000.00',
    reason: null,
  },
  lastDecline: null,
});

/** The queue with one record, the logged-in staff member, and the approve call's body and answer. */
function serve(record: TAdminWithdrawal) {
  const approveBodies: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === '/api/v1/admin/auth/me') {
      return jsonResponse({ staff: ME });
    }
    if (pathname === `/api/v1/admin/finance/withdrawals/${record.id}/approve`) {
      approveBodies.push(JSON.parse(String(init?.body)));
      return jsonResponse({
        ...record,
        secondApproval: {
          id: '9',
          firstStaffName: 'Finance One (fin1)',
          amount: '12000.00',
          threshold: '10000.00',
        },
      });
    }
    return jsonResponse({ pageList: [record], total: 1, pageNum: 1, pageSize: 20 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return approveBodies;
}

/** The open dialog (drawer or modal) whose title is `title`. */
async function findDialogTitled(title: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog').find((dialog) => within(dialog).queryByText(title));
    expect(found).toBeDefined();
  });
  return found!;
}

async function openReview() {
  await renderWithQueries(<FinanceWithdrawalsPage />);
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
  });
  return (await screen.findAllByRole('dialog')).at(-1)!;
}

describe('Console -> finance withdrawals above the four-eyes threshold', () => {
  setUpComponentTests({ console: consoleEn, finance: financeEn, wallet: walletEn });
  failOnAntdWarnings();

  it('says who declined the last first approval and why, when the record came back to the queue', async () => {
    serve(
      withdrawal({
        threshold: '10000.00',
        firstApproval: null,
        lastDecline: {
          staffName: 'Admin (admin)',
          decidedAt: '2026-11-20T10:00:00.000Z',
          reason: 'Address on sanctions list',
        },
      }),
    );
    const drawer = await openReview();
    // It read as a fresh record: approving it again sent the same money to the same address for a second look.
    expect(
      within(drawer).getByText(/^Admin \(admin\) declined the last first approval as second approver on /),
    ).toBeTruthy();
    expect(within(drawer).getByText('Address on sanctions list')).toBeTruthy();
  });

  it('says a first approval moves nothing, asks for no payout hash and sends none', async () => {
    const approveBodies = serve(
      withdrawal({ threshold: '10000.00', firstApproval: null, lastDecline: null }),
    );
    const drawer = await openReview();
    expect(
      within(drawer).getByText(
        'Above the 10,000.00 USDT threshold two staff members must approve: the first approval moves no money.',
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    });
    const modal = await findDialogTitled('Approve this withdrawal?');
    expect(
      within(modal).getByText(
        'Yours is the first of two approvals: nothing moves until another staff member approves.',
      ),
    ).toBeTruthy();
    expect(within(modal).getByText(/^Send nothing yet\. After the second approval/)).toBeTruthy();
    expect(within(modal).queryByText(/^Approving pays out/)).toBeNull();
    expect(within(modal).queryByLabelText('Payout transaction hash (optional)')).toBeNull();
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Approve' }));
    });
    await waitFor(() => expect(approveBodies).toEqual([{}]));
  });

  it('names the first approver to someone else, who may give the payout approval', async () => {
    serve(withdrawal(firstApprovalBy('6', 'Finance Two')));
    await renderWithQueries(<FinanceWithdrawalsPage />);
    expect(await screen.findByText('Awaiting 2nd approval')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    });
    const drawer = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(drawer).getByText(/^Finance Two gave the first approval on /)).toBeTruthy();
    const approve = within(drawer).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(approve);
    });
    const modal = await findDialogTitled('Approve this withdrawal?');
    expect(within(modal).getByText(/^Approving pays out the held amount/)).toBeTruthy();
    expect(within(modal).getByLabelText('Payout transaction hash (optional)')).toBeTruthy();
  });

  it('keeps the first approver from approving again and says why', async () => {
    serve(withdrawal(firstApprovalBy(ME.id, ME.displayName)));
    const drawer = await openReview();
    await waitFor(() =>
      expect(
        within(drawer).getByText(/^You gave the first approval on .*; another staff member/),
      ).toBeTruthy(),
    );
    const approve = within(drawer).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    // Rejecting stays possible: it ends the waiting approval and returns the held amount.
    expect((within(drawer).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

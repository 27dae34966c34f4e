import type { TAdminUserDetail } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { UserDetailDrawer } from './user-detail-drawer';

const DETAIL: TAdminUserDetail = {
  user: {
    id: '7',
    usercode: '10000007',
    username: null,
    email: null,
    areaCode: null,
    phone: null,
    status: 'cancelled',
    isSeller: false,
    invitationCode: 'INV7',
    invitedByUserId: null,
    agentCode: null,
    loginLockedUntil: null,
    createdAt: '2026-10-01T08:00:00.000Z',
    cancelledAt: '2026-11-02T09:30:00.000Z',
    txLockedUntil: null,
    hasTxPassword: false,
  },
  wallet: { available: '0.00', held: '0.00' },
  ledger: [],
  orders: [],
  loans: [],
  sessions: [],
  shop: null,
  cancellation: {
    cancelledAt: '2026-11-02T09:30:00.000Z',
    reason: 'Moving to another platform',
    heldUntil: '2026-11-09T09:30:00.000Z',
    releasedAt: '2026-11-20T12:00:00.000Z',
    formerUsername: 'oldtrader',
    formerEmail: 'oldtrader@example.com',
    formerAreaCode: '+49',
    formerPhone: '15112345678',
  },
};

function pathOf(input: RequestInfo | URL) {
  return new URL(String(input), 'http://localhost').pathname;
}

/** Serves the user's detail; any other call (the unlock) answers an empty success. */
async function renderDrawer(detail: TAdminUserDetail, canManage = false) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    pathOf(input).endsWith('/admin/users/7') ? jsonResponse(detail) : jsonResponse({}),
  );
  vi.stubGlobal('fetch', fetchMock);
  await renderWithQueries(<UserDetailDrawer userId="7" canManage={canManage} onClose={() => undefined} />);
  return fetchMock;
}

/** The profile row whose label is `label`. */
function profileRow(label: string) {
  const row = screen.getByText(label).closest('tr');
  expect(row).toBeTruthy();
  return row!;
}

const ACTIVE: TAdminUserDetail = {
  ...DETAIL,
  user: { ...DETAIL.user, status: 'active', cancelledAt: null, username: 'trader' },
  cancellation: null,
};

describe('Admin -> user in depth', () => {
  setUpComponentTests({ console: consoleEn });

  it("shows a closed account's date, reason and the names it had, and when they were freed", async () => {
    await renderDrawer(DETAIL);
    await waitFor(() => expect(screen.getByTestId('user-cancellation')).toBeTruthy());
    const section = screen.getByTestId('user-cancellation');
    expect(section.textContent).toContain('Account closed on');
    expect(section.textContent).toContain('Moving to another platform');
    expect(section.textContent).toContain('oldtrader@example.com');
    expect(section.textContent).toContain('oldtrader');
    expect(section.textContent).toContain('+49 15112345678');
    expect(section.textContent).toContain('Names freed on');
    expect(section.textContent).not.toContain('Names held until');
  });

  it('shows no closing details for an active account', async () => {
    await renderDrawer(ACTIVE);
    await waitFor(() => expect(screen.getByText('trader')).toBeTruthy());
    expect(screen.queryByTestId('user-cancellation')).toBeNull();
  });

  it.each([
    { lock: 'login', label: 'Log-in locked until', other: 'Transaction password locked until' },
    { lock: 'txPassword', label: 'Transaction password locked until', other: 'Log-in locked until' },
  ] as const)('lifts the $lock lock from its own row, with the reason', async ({ lock, label, other }) => {
    const until = '2026-12-01T10:00:00.000Z';
    const fetchMock = await renderDrawer(
      {
        ...ACTIVE,
        user: {
          ...ACTIVE.user,
          loginLockedUntil: lock === 'login' ? until : null,
          txLockedUntil: lock === 'txPassword' ? until : null,
        },
      },
      true,
    );
    await waitFor(() => expect(screen.getByText('trader')).toBeTruthy());
    expect(profileRow(label).textContent).toContain('2026-12-01');
    expect(profileRow(other).querySelector('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Lift the lock' })).toHaveLength(1);

    await act(async () => {
      fireEvent.click(profileRow(label).querySelector('button')!);
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Reason (kept in the audit log)'), {
        target: { value: 'Owner called from the known number' },
      });
    });
    const ok = screen
      .getAllByRole('button', { name: 'Lift the lock' })
      .find((b) => !profileRow(label).contains(b));
    await act(async () => {
      fireEvent.click(ok!);
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => pathOf(url).endsWith('/unlock'))).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([u]) => pathOf(u).endsWith('/unlock'))!;
    expect(pathOf(url)).toBe('/api/v1/admin/users/7/unlock');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ lock, reason: 'Owner called from the known number' });
  });

  it('shows locks without a button to staff who may not manage users', async () => {
    await renderDrawer({
      ...ACTIVE,
      user: {
        ...ACTIVE.user,
        loginLockedUntil: '2026-12-01T10:00:00.000Z',
        txLockedUntil: '2026-12-02T10:00:00.000Z',
      },
    });
    await waitFor(() => expect(screen.getByText('trader')).toBeTruthy());
    expect(profileRow('Log-in locked until').textContent).toContain('2026-12-01');
    expect(profileRow('Transaction password locked until').textContent).toContain('2026-12-02');
    expect(screen.queryByRole('button', { name: 'Lift the lock' })).toBeNull();
  });
});

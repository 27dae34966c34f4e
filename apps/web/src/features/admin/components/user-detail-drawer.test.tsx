import type { TAdminUserDetail } from '@caravan/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import { initTestI18n } from '../../../testing/i18n';
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

async function renderDrawer(detail: TAdminUserDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(detail), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <UserDetailDrawer userId="7" canManage={false} onClose={() => undefined} />
      </QueryClientProvider>,
    );
  });
}

describe('Admin -> user in depth', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('en', 'console', consoleEn, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

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
    await renderDrawer({
      ...DETAIL,
      user: { ...DETAIL.user, status: 'active', cancelledAt: null, username: 'trader' },
      cancellation: null,
    });
    await waitFor(() => expect(screen.getByText('trader')).toBeTruthy());
    expect(screen.queryByTestId('user-cancellation')).toBeNull();
  });
});

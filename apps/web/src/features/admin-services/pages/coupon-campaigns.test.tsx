import type { TCampaign } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import adminEn from '../../../locales/en/admin.json';
import servicesEn from '../../../locales/en/services.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CouponCampaignsPage, { campaignState } from './coupon-campaigns';

const NOW = Date.parse('2026-12-07T01:00:00.000Z');
const running = {
  status: 'active' as const,
  validFrom: '2026-12-01T00:00:00.000Z',
  validUntil: '2026-12-31T00:00:00.000Z',
};

describe('campaignState', () => {
  it('tells a running campaign before its start and after its end from one running now (QA: all read "Active")', () => {
    expect(campaignState(running, NOW)).toBe('active');
    expect(campaignState({ ...running, validFrom: '2027-01-01T00:00:00.000Z' }, NOW)).toBe('scheduled');
    expect(campaignState({ ...running, validUntil: '2026-12-07T00:53:00.000Z' }, NOW)).toBe('ended');
    expect(campaignState({ ...running, validUntil: '2026-12-07T01:00:00.000Z' }, NOW)).toBe('ended');
  });

  it('says a stopped campaign is stopped, whatever its dates', () => {
    expect(campaignState({ ...running, status: 'stopped' }, NOW)).toBe('stopped');
    expect(campaignState({ ...running, status: 'stopped', validFrom: '2027-01-01T00:00:00.000Z' }, NOW)).toBe(
      'stopped',
    );
  });
});

function campaign(id: string, name: string, status: TCampaign['status']): TCampaign {
  return {
    id,
    name,
    claimCode: null,
    kind: 'amount',
    amountOff: '5.00',
    percentOff: 0,
    minSpend: '50.00',
    validFrom: '2026-01-01T00:00:00.000Z',
    validUntil: '2099-01-01T00:00:00.000Z',
    validDays: null,
    perUserLimit: 1,
    stock: null,
    issuedCount: 0,
    usedCount: 0,
    discountTotal: '0.00',
    isWelcome: false,
    status,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

describe('Coupon campaigns page', () => {
  setUpComponentTests({ admin: adminEn, services: servicesEn });
  failOnAntdWarnings();

  it('moves the focus to the next Stop once a campaign is stopped, not to the page start (QA)', async () => {
    let isWinterStopped = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/stop') && init?.method === 'POST') {
          isWinterStopped = true;
          return jsonResponse({ ok: true });
        }
        const pageList = [
          campaign('1', 'Winter', isWinterStopped ? 'stopped' : 'active'),
          campaign('2', 'Spring', 'active'),
        ];
        return jsonResponse({ pageList, total: 2, pageNum: 1, pageSize: 20 });
      }),
    );
    await renderWithQueries(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <CouponCampaignsPage />
      </ConfigProvider>,
      '/admin/coupon-campaigns',
    );
    const rowOf = (name: string) => screen.getAllByText(name)[0]!.closest('tr')!;
    const winterStop = await waitFor(() =>
      within(rowOf('Winter')).getByRole('button', { name: servicesEn.campaigns.stop }),
    );
    // Dates are shown in the reader's zone, which the column names (QA: a campaign's dates showed no zone).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(
      screen.getByRole('columnheader', { name: `${servicesEn.campaigns.validity} (${zone})` }),
    ).toBeTruthy();
    winterStop.focus();
    fireEvent.click(winterStop);
    const dialog = await screen.findByRole('dialog');
    // A destructive step starts on Cancel.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: /cancel/i })),
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: servicesEn.campaigns.stop }));
    });
    await waitFor(() => expect(within(rowOf('Winter')).queryByRole('button')).toBeNull(), { timeout: 5000 });
    const springStop = within(rowOf('Spring')).getByRole('button', { name: servicesEn.campaigns.stop });
    await waitFor(() => expect(document.activeElement).toBe(springStop), { timeout: 5000 });
  });
});

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isolateDate } from '../../../lib/bidi';
import { formatDateTime } from '../../../lib/format';
import chatEn from '../../../locales/en/chat.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { initTestI18n } from '../../../testing/i18n';
import { expectLoadErrorThenRetry } from '../../../testing/load-error';
import { jsonResponse, renderWithQueries } from '../../../testing/render';
import { NotificationList } from './notification-list';

describe('NotificationList', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('en', 'chat', chatEn, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  failOnAntdWarnings();

  it('shows the server\'s message when the list fails and loads it again on "Try again"', async () => {
    await expectLoadErrorThenRetry(
      <NotificationList audience="buyer" page={1} onPageChange={() => undefined} />,
      {
        path: '/api/v1/notifications',
        body: { pageList: [], total: 0, pageNum: 1, pageSize: 20, unread: 0 },
        errorText: 'database is down',
        shown: chatEn.notifications.empty,
      },
    );
  });

  it('names the amount, due date and reason the server sent with loan, deposit and withdrawal notices', async () => {
    const notice = (id: string, event: string, params: Record<string, string>) => ({
      id,
      event,
      params,
      isRead: true,
      createtime: '2027-08-28T00:00:00.000Z',
    });
    const pageList = [
      notice('1', 'loan.dueSoon', { loanId: '3', amount: '101500.00', dueDate: '2027-08-31' }),
      notice('2', 'loan.rejected', { loanId: '4', reason: 'Insufficient trading history' }),
      notice('3', 'loan.disbursed', { loanId: '1', amount: '120000.25' }),
      notice('7', 'loan.offered', { loanId: '9', amount: '90000.00', expiresAt: '2027-09-04T12:00:00.000Z' }),
      notice('8', 'loan.offerLapsed', { loanId: '9', amount: '90000.00' }),
      notice('9', 'loan.offerWithdrawn', { loanId: '9', amount: '90000.00', reason: 'Income not confirmed' }),
      notice('4', 'recharge.failed', { recordId: '7', reason: 'No such transaction on chain' }),
      notice('5', 'withdrawal.failed', {
        recordId: '8',
        amount: '50.00',
        reason: 'Address flagged by compliance',
      }),
      // Written before deposit notices carried the reason.
      notice('6', 'recharge.failed', { recordId: '6' }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ pageList, total: pageList.length, pageNum: 1, pageSize: 20, unread: 0 }),
      ),
    );
    await renderWithQueries(<NotificationList audience="buyer" page={1} onPageChange={() => undefined} />);
    const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(pageList.length));
    expect(screen.getAllByRole('link').map((link) => plain(link.textContent))).toEqual([
      // Dates on one line: non-breaking hyphens and spaces.
      'Your loan instalment of 101,500.00 USDT is due on 2027\u201108\u201131',
      'Your loan application was declined: Insufficient trading history',
      'Your loan of 120,000.25 USDT has been paid into your balance',
      // The offer's deadline in the reader's zone, as every date is shown.
      `Your loan was approved for 90,000.00 USDT, less than you asked for: accept or decline it by ${plain(isolateDate(formatDateTime('2027-09-04T12:00:00.000Z')))}`,
      'The loan offer of 90,000.00 USDT lapsed without an answer: you can apply again',
      'The loan offer of 90,000.00 USDT was withdrawn: Income not confirmed. You can apply again',
      'Your deposit request was declined: No such transaction on chain',
      'Your withdrawal of 50.00 USDT was declined and the money returned to your balance: Address flagged by compliance',
      'Your deposit request was declined: --',
    ]);
  });

  it('tells the buyer the corrected carrier and tracking number and links to the order', async () => {
    const pageList = [
      {
        id: '11',
        event: 'order.trackingCorrected',
        params: { orderNo: 'ORD-20261205-7', carrier: 'UPS', trackingNo: '1Z 999-AA1' },
        isRead: false,
        createtime: '2026-12-05T00:00:00.000Z',
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList, total: 1, pageNum: 1, pageSize: 20, unread: 1 })),
    );
    await renderWithQueries(<NotificationList audience="buyer" page={1} onPageChange={() => undefined} />);
    const link = await screen.findByRole('link', { name: /ORD-20261205-7/ });
    // The carrier is the seller's text (first-strong isolate), the number a code kept left to right (LRI).
    expect(link.textContent).toBe(
      'The seller corrected the tracking number of order ORD-20261205-7: \u2068UPS\u2069 \u20661Z 999-AA1\u2069',
    );
    expect(link.getAttribute('href')).toBe('/userInfo/order-detail?orderNo=ORD-20261205-7');
  });

  it('keeps the focus in the list when a notice is marked read and its button goes, and after Mark all (QA)', async () => {
    let readIds = new Set<string>();
    const notice = (id: string) => ({
      id,
      event: 'recharge.failed',
      params: { recordId: id },
      isRead: readIds.has(id),
      createtime: '2027-08-28T00:00:00.000Z',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'POST') {
          const one = /\/notifications\/(\d+)\/read$/.exec(path)?.[1];
          readIds = one ? new Set([...readIds, one]) : new Set(['1', '2']);
          return jsonResponse({ ok: true });
        }
        const pageList = [notice('1'), notice('2')];
        return jsonResponse({
          pageList,
          total: 2,
          pageNum: 1,
          pageSize: 20,
          unread: pageList.filter((n) => !n.isRead).length,
        });
      }),
    );
    await renderWithQueries(<NotificationList audience="buyer" page={1} onPageChange={() => undefined} />);
    const [first] = await screen.findAllByRole('button', { name: chatEn.notifications.markRead });
    first!.focus();
    await act(async () => fireEvent.click(first!));
    // Its button gone, the focus was on the page's start: it goes to the next notice's.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: chatEn.notifications.markRead })).toHaveLength(1),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: chatEn.notifications.markRead }),
      ),
    );
    const markAll = screen.getByRole('button', { name: chatEn.notifications.markAll });
    markAll.focus();
    await act(async () => fireEvent.click(markAll));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: chatEn.notifications.markRead })).toBeNull(),
    );
    await waitFor(() => expect(document.activeElement?.classList.contains('cv-notifications')).toBe(true), {
      timeout: 5000,
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import chatEn from '../../../locales/en/chat.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import NotificationsPage from './notifications';

describe('/userInfo/notifications', () => {
  setUpComponentTests({ chat: chatEn });

  it('has the user centre frame: a breadcrumb back to the account, the page title and the tab title', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList: [], total: 0, pageNum: 1, pageSize: 20, unread: 0 })),
    );
    await renderWithQueries(<NotificationsPage />);
    await waitFor(() => expect(screen.getByText(chatEn.notifications.empty)).toBeTruthy());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Notifications');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe(
      '/userInfo/dashboard',
    );
    expect(document.title).toContain('Notifications');
  });

  it('shows a withdrawal notice with its amount grouped by thousands, as every amount', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          pageList: [
            {
              id: '7',
              event: 'withdrawal.succeeded',
              params: { amount: '25000' },
              isRead: true,
              createtime: '2026-11-30 10:00:00',
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 20,
          unread: 0,
        }),
      ),
    );
    await renderWithQueries(<NotificationsPage />);
    expect(await screen.findByText('Your withdrawal of 25,000.00 USDT has been sent')).toBeTruthy();
  });
});

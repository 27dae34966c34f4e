import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import chatEn from '../../../locales/en/chat.json';
import { Address } from '../../../testing/address';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import NotificationsPage from './notifications';

function notificationPage(pageNum: number) {
  return {
    pageList: [
      {
        id: String(pageNum),
        event: 'order.shipped',
        params: { orderNo: `ORDER-ON-PAGE-${pageNum}` },
        isRead: true,
        createtime: '2026-12-01T10:00:00.000Z',
      },
    ],
    total: 45,
    pageNum,
    pageSize: 20,
    unread: 0,
  };
}

describe('/userInfo/notifications', () => {
  setUpComponentTests({ chat: chatEn });

  it('opens on the page its address names and keeps the page it turns to in the address', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        asked.push(url.searchParams.get('pageNum') ?? '');
        return jsonResponse(notificationPage(Number(url.searchParams.get('pageNum'))));
      }),
    );
    await renderWithQueries(
      <>
        <NotificationsPage />
        <Address />
      </>,
      '/userInfo/notifications?page=2',
    );
    const onPage2 = await screen.findByRole('link', { name: /ORDER-ON-PAGE-2/ });
    expect(onPage2.getAttribute('href')).toBe('/userInfo/order-detail?orderNo=ORDER-ON-PAGE-2');
    expect(asked).toEqual(['2']);

    fireEvent.click(screen.getByRole('listitem', { name: '3' }).querySelector('a')!);
    await screen.findByRole('link', { name: /ORDER-ON-PAGE-3/ });
    expect(screen.getByTestId('address').textContent).toBe('?page=3');
    expect(asked).toEqual(['2', '3']);

    fireEvent.click(screen.getByRole('listitem', { name: '1' }).querySelector('a')!);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('turns a page past the end (a kept link, a list that shrank) to the last page', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const pageNum = new URL(String(input), 'http://localhost').searchParams.get('pageNum') ?? '';
        asked.push(pageNum);
        // 45 notifications: three pages of 20; a later page is empty.
        return jsonResponse(
          Number(pageNum) <= 3 ? notificationPage(Number(pageNum)) : { ...notificationPage(9), pageList: [] },
        );
      }),
    );
    await renderWithQueries(
      <>
        <NotificationsPage />
        <Address />
      </>,
      '/userInfo/notifications?page=9',
    );
    await screen.findByRole('link', { name: /ORDER-ON-PAGE-3/ });
    expect(screen.getByTestId('address').textContent).toBe('?page=3');
    expect(screen.queryByText(chatEn.notifications.empty)).toBeNull();
    expect(asked).toEqual(['9', '3']);
  });
});

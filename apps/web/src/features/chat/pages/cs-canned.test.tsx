import type { TPermission, TStaffInfo } from '@caravan/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import chat from '../../../locales/en/chat.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import CsCannedPage from './cs-canned';

const staff = (permissions: TPermission[]): TStaffInfo => ({
  id: '3',
  username: 'agent3',
  displayName: 'Agent Three',
  roleId: '2',
  roleName: 'Customer service',
  permissions,
});

/** The console answering as `me`, with no canned reply kept yet. */
function serveEmptyList(me: TStaffInfo) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/v1/admin/auth/me') {
        return jsonResponse({ staff: me });
      }
      if (pathname === '/api/v1/cs/canned-replies') {
        return jsonResponse({ replies: [] });
      }
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
}

describe('/cs/canned', () => {
  setUpComponentTests({ chat });

  it('tells an agent who may not add replies who can, rather than only that there are none', async () => {
    serveEmptyList(staff(['chat.answer']));
    await renderWithQueries(<CsCannedPage />);
    expect(await screen.findByText(chat.canned.emptyAskAdmin)).toBeTruthy();
    expect(screen.queryByRole('button', { name: chat.canned.add })).toBeNull();
  });

  it('offers an administrator the add right in the empty list', async () => {
    serveEmptyList(staff(['chat.answer', 'settings.manage']));
    await renderWithQueries(<CsCannedPage />);
    const empty = (await screen.findByText(chat.canned.empty)).closest('.ant-empty') as HTMLElement;
    expect(screen.queryByText(chat.canned.emptyAskAdmin)).toBeNull();
    await act(async () => fireEvent.click(within(empty).getByRole('button', { name: chat.canned.add })));
    expect(await screen.findByRole('dialog', { name: chat.canned.add })).toBeTruthy();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import chat from '../../../locales/en/chat.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import ChatDialog from './chat-dialog';

vi.mock('./chat-provider', () => ({
  useChatContext: () => ({
    dialog: { isOpen: true, target: { kind: 'list' } },
    setDialog: () => undefined,
    socket: null,
    isSocketOpen: false,
    settings: { pollSeconds: 5, imageMaxKb: 2048 },
    refreshUnread: () => undefined,
    // Three unread shop messages and two other notifications: the header shows 5.
    unread: { service: 0, shops: 3, notifications: 4, chat: 5 },
  }),
}));
vi.mock('../../../lib/session', async (importActual) => ({
  ...(await importActual<typeof import('../../../lib/session')>()),
  useSession: () => ({ userInfo: { id: '1', username: 'demobuyer' } }),
}));

describe('chat dialog, Messages', () => {
  setUpComponentTests({ chat });

  it("splits the header's count between its tabs: shops' unread messages and the other notifications", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: { pageList: [], pageNum: 1, pageSize: 20, total: 0 } })),
    );
    await renderWithQueries(<ChatDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Messages' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Shops3', 'Notifications2']);
  });
});

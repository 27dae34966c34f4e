import type { TChatConversation } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import chat from '../../../locales/en/chat.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { fakeChatSocket } from '../testing/fake-socket';
import ChatDialog from './chat-dialog';

/** What the chat provider gives the dialog; each test sets its target and socket. */
const context = vi.hoisted(() => ({
  dialog: { isOpen: true, target: { kind: 'list' } as { kind: 'list' } | { kind: 'service' } },
  setDialog: (_next: { isOpen: boolean }): void => undefined,
  socket: null as unknown,
  isSocketOpen: false,
  settings: { pollSeconds: 5, imageMaxKb: 2048 },
  refreshUnread: () => undefined,
  // Three unread shop messages and two other notifications: the header shows 5.
  unread: { service: 0, shops: 3, notifications: 4, chat: 5 },
}));

vi.mock('./chat-provider', () => ({ useChatContext: () => context }));
vi.mock('../../../lib/session', async (importActual) => ({
  ...(await importActual<typeof import('../../../lib/session')>()),
  useSession: () => ({ userInfo: { id: '1', username: 'demobuyer' } }),
}));

const SERVICE_CONVERSATION: TChatConversation = {
  id: '41',
  kind: 'service',
  status: 'closed',
  peer: { id: '0', name: 'Customer service', avatar: null },
  agent: null,
  unread: 0,
  lastMessage: null,
  lastMessageAt: null,
  createtime: '2026-12-01T10:00:00.000Z',
};

describe('chat dialog, Messages', () => {
  setUpComponentTests({ chat });
  failOnAntdWarnings();

  it("splits the header's count between its tabs: shops' unread messages and the other notifications", async () => {
    context.dialog = { isOpen: true, target: { kind: 'list' } };
    context.socket = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList: [], pageNum: 1, pageSize: 20, total: 0 })),
    );
    await renderWithQueries(<ChatDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Messages' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Shops3', 'Notifications2']);
  });
});

describe('chat dialog, customer service', () => {
  setUpComponentTests({ chat });
  failOnAntdWarnings();

  it('says when customer service has closed the conversation, as it happens, and not once it is open again', async () => {
    const live = fakeChatSocket();
    context.dialog = { isOpen: true, target: { kind: 'service' } };
    context.socket = live.socket;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname.endsWith('/chat/conversations')
          ? jsonResponse(SERVICE_CONVERSATION)
          : jsonResponse({ messages: [], hasMore: false }),
      ),
    );
    await renderWithQueries(<ChatDialog />);
    // Opened closed (the agent closed it earlier): said at once.
    expect(await screen.findByText(chat.dialog.serviceClosed)).toBeTruthy();

    live.push({ type: 'conversation', conversationId: '41', status: 'waiting', agentId: null });
    expect(screen.queryByText(chat.dialog.serviceClosed)).toBeNull();

    // Another conversation's change is not this one's.
    live.push({ type: 'conversation', conversationId: '42', status: 'closed', agentId: '3' });
    expect(screen.queryByText(chat.dialog.serviceClosed)).toBeNull();

    live.push({ type: 'conversation', conversationId: '41', status: 'closed', agentId: '3' });
    // Announced: a status that screen readers read when it appears.
    expect(screen.getByText(chat.dialog.serviceClosed).getAttribute('role')).toBe('status');
  });
});

/** The page's customer-service button and the dialog it opens, as the chat provider shows them. */
function Page() {
  const [isOpen, setIsOpen] = useState(false);
  context.setDialog = (next) => setIsOpen(next.isOpen);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Customer service
      </button>
      {isOpen && <ChatDialog />}
    </>
  );
}

describe('chat dialog, keyboard', () => {
  setUpComponentTests({ chat });
  failOnAntdWarnings();

  it('puts the keyboard in the message box on opening, and Escape closes it back to the button that opened it', async () => {
    context.dialog = { isOpen: true, target: { kind: 'service' } };
    context.socket = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname.endsWith('/chat/conversations')
          ? jsonResponse({ ...SERVICE_CONVERSATION, status: 'open' })
          : jsonResponse({ messages: [], hasMore: false }),
      ),
    );
    await renderWithQueries(<Page />);
    const opener = screen.getByRole('button', { name: 'Customer service' });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    const box = await screen.findByRole('textbox', { name: chat.composer.placeholder });
    await waitFor(() => expect(document.activeElement).toBe(box));

    await act(async () => fireEvent.keyDown(box, { key: 'Escape', code: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes on Escape when the focus is nowhere in particular', async () => {
    context.dialog = { isOpen: true, target: { kind: 'list' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList: [], pageNum: 1, pageSize: 20, total: 0 })),
    );
    await renderWithQueries(<Page />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Customer service' })));
    expect(screen.getByRole('dialog')).toBeTruthy();
    (document.activeElement as HTMLElement | null)?.blur();
    await act(async () => fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

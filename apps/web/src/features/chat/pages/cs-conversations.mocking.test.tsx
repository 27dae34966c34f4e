import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import chat from '../../../locales/en/chat.json';
import { initTestI18n } from '../../../testing/i18n';
import CsConversationsPage from './cs-conversations';

const conversations = vi.hoisted(() => vi.fn());
const searchProducts = vi.hoisted(() => vi.fn());
const send = vi.hoisted(() => vi.fn());
vi.mock('../api/chat-api', async (importActual) => {
  const actual = await importActual<typeof import('../api/chat-api')>();
  return {
    ...actual,
    chatApi: {
      ...actual.chatApi,
      conversations,
      csUnread: async () => ({ waiting: 0, mine: 0 }),
      csAgents: async () => ({ agents: [] }),
      cannedReplies: async () => ({ replies: [] }),
      history: async () => ({ messages: [], hasMore: false }),
      searchProducts,
      send,
      csContext: async () => null,
      settings: async () => ({ data: {} }),
    },
  };
});
vi.mock('../lib/use-console-socket', () => ({ useConsoleSocket: () => ({ socket: null, isOpen: false }) }));
vi.mock('../../../components/console/staff-session', () => ({
  useStaffMe: () => ({ data: { id: '1' }, isLoading: false }),
}));

function renderConsole() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CsConversationsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/cs/conversations', () => {
  beforeAll(async () => {
    (await initTestI18n()).addResourceBundle('en', 'chat', chat, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what an empty list means in each view and for a search', async () => {
    conversations.mockResolvedValue({ pageList: [], pageNum: 1, pageSize: 20, total: 0 });
    renderConsole();
    expect(await screen.findByText('No customer is waiting for an answer')).toBeTruthy();
    expect(screen.queryByText('No conversations yet')).toBeNull();

    fireEvent.click(screen.getByText('Mine'));
    expect(await screen.findByText('No conversation is assigned to you')).toBeTruthy();

    fireEvent.click(screen.getByText('All'));
    expect(await screen.findByText('No conversations yet')).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Find a customer' });
    fireEvent.change(search, { target: { value: ' lee ' } });
    await act(async () => {
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    expect(await screen.findByText('No conversation with a customer matching “lee”')).toBeTruthy();
    expect(conversations).toHaveBeenLastCalledWith('cs', expect.objectContaining({ view: 'all', q: 'lee' }));
  });

  /** Opens the console on one open conversation with Lee Trader. */
  async function openLeeConversation() {
    // The conversation marks itself read and is read again; neither matters here.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    conversations.mockResolvedValue({
      pageList: [
        {
          id: '41',
          kind: 'service',
          status: 'open',
          peer: { id: '7', name: 'Lee Trader', avatar: null },
          agent: { id: '1', name: 'Agent One' },
          unread: 0,
          lastMessage: null,
          lastMessageAt: null,
          createtime: '2026-12-01T08:00:00.000Z',
        },
      ],
      pageNum: 1,
      pageSize: 20,
      total: 1,
    });
    renderConsole();
    fireEvent.click(screen.getByText('All'));
    await act(async () => fireEvent.click(await screen.findByText('Lee Trader')));
  }

  it('says there are no canned replies yet, and where they are kept, instead of a silent disabled button', async () => {
    await openLeeConversation();
    const replies = await screen.findByRole('button', { name: chat.cs.cannedShort });
    expect((replies as HTMLButtonElement).disabled).toBe(false);
    await act(async () => fireEvent.click(replies));
    expect(await screen.findByText('No canned replies yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the canned replies page' }).getAttribute('href')).toBe(
      '/cs/canned',
    );
  });

  it('names the canned replies button by the word it shows, the longer text describing it', async () => {
    await openLeeConversation();
    const replies = await screen.findByRole('button', { name: chat.cs.cannedShort });
    expect(replies.textContent).toBe(chat.cs.cannedShort);
    expect(screen.getByRole('button', { name: chat.cs.cannedShort, description: chat.cs.canned })).toBe(
      replies,
    );
  });

  it('sends a product card the agent finds by name', async () => {
    searchProducts.mockResolvedValue([
      {
        id: '5',
        name: 'Eco Wool T-Shirts',
        image: null,
        price: '13.85',
        storeName: 'Caravan Demo Trading Co.',
      },
    ]);
    send.mockImplementation(async (_scope: string, conversationId: string, body: { content: string }) => ({
      id: '900',
      conversationId,
      send_receive: 'send',
      sender: 'agent',
      type: 'product',
      content: body.content,
      createtime: '2026-12-03T08:00:00.000Z',
      isDelivered: false,
      isRead: false,
      product: { id: body.content, name: 'Eco Wool T-Shirts', image: null, price: '13.85' },
      order: null,
    }));
    await openLeeConversation();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: chat.productPicker.short })));
    const search = await screen.findByRole('searchbox', { name: chat.productPicker.search });
    fireEvent.change(search, { target: { value: ' wool ' } });
    await act(async () => fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    const sendButton = await screen.findByRole('button', { name: 'Send Eco Wool T-Shirts' });
    expect(searchProducts).toHaveBeenCalledWith('cs', 'wool', expect.anything());
    await act(async () => fireEvent.click(sendButton));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        'cs',
        '41',
        expect.objectContaining({ type: 'product', content: '5' }),
      ),
    );
    const card = await screen.findByRole('link', { name: /Eco Wool T-Shirts/ });
    expect(card.getAttribute('href')).toBe('/productDetails?id=5');
  });
});

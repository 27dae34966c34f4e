import type { TChatConversation, TCsCustomerContext } from '@caravan/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { createQueryClient } from '../../../lib/query-client';
import chat from '../../../locales/en/chat.json';
import { Address, addressParams } from '../../../testing/address';
import { initTestI18n } from '../../../testing/i18n';
import { captureErrorToasts } from '../../../testing/toasts';
import CsConversationsPage from './cs-conversations';

const conversations = vi.hoisted(() => vi.fn());
const conversation = vi.hoisted(() => vi.fn());
const searchProducts = vi.hoisted(() => vi.fn());
const send = vi.hoisted(() => vi.fn());
const csClaim = vi.hoisted(() => vi.fn());
const csTransfer = vi.hoisted(() => vi.fn());
const cannedReplies = vi.hoisted(() =>
  vi.fn(async () => ({ replies: [] as { id: string; title: string; content: string }[] })),
);
const csAgents = vi.hoisted(() =>
  vi.fn(async () => ({ agents: [] as { id: string; name: string; isOnline: boolean }[] })),
);
const csContext = vi.hoisted(() => vi.fn(async (): Promise<TCsCustomerContext | null> => null));
vi.mock('../api/chat-api', async (importActual) => {
  const actual = await importActual<typeof import('../api/chat-api')>();
  return {
    ...actual,
    chatApi: {
      ...actual.chatApi,
      conversations,
      conversation,
      csUnread: async () => ({ waiting: 0, mine: 0 }),
      csAgents,
      csTransfer,
      cannedReplies,
      history: async () => ({ messages: [], hasMore: false }),
      searchProducts,
      send,
      csContext,
      csClaim,
      settings: async () => ({ data: {} }),
    },
  };
});
vi.mock('../lib/use-console-socket', () => ({ useConsoleSocket: () => ({ socket: null, isOpen: false }) }));
vi.mock('../../../components/console/staff-session', () => ({
  useStaffMe: () => ({ data: { id: '1' }, isLoading: false }),
}));

function renderConsole(
  url = '/cs/conversations',
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <CsConversationsPage />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const LEE: TChatConversation = {
  id: '41',
  kind: 'service',
  status: 'open',
  peer: { id: '7', name: 'Lee Trader', avatar: null },
  agent: { id: '1', name: 'Agent One' },
  unread: 0,
  lastMessage: null,
  lastMessageAt: null,
  createtime: '2026-12-01T08:00:00.000Z',
};

/** The name the open conversation's header shows, or null with none open. */
const openConversationName = () =>
  document.querySelector('.cv-chat-console__pane .cv-chat-console__actions strong')?.textContent ?? null;

describe('/cs/conversations', () => {
  beforeAll(async () => {
    (await initTestI18n()).addResourceBundle('en', 'chat', chat, true, true);
  });
  beforeEach(() => {
    conversation.mockReset();
    conversation.mockRejectedValue(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Not found' }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    csContext.mockReset().mockResolvedValue(null);
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
    conversations.mockResolvedValue({ pageList: [LEE], pageNum: 1, pageSize: 20, total: 1 });
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

  it('puts a chosen canned reply into the reply box with the focus there, at its end', async () => {
    cannedReplies.mockResolvedValue({
      replies: [{ id: '5', title: 'Greeting', content: 'Hello, how can I help?' }],
    });
    await openLeeConversation();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: chat.cs.cannedShort })));
    await act(async () => fireEvent.click(await screen.findByText('Greeting')));
    const composer = document.querySelector<HTMLTextAreaElement>('.cv-chat__composer textarea')!;
    await waitFor(() => expect(composer.value).toBe('Hello, how can I help?'));
    // It fell to the page's start once the menu closed (QA): the agent goes on writing.
    await waitFor(() => expect(document.activeElement).toBe(composer));
    expect(composer.selectionStart).toBe(composer.value.length);
    cannedReplies.mockResolvedValue({ replies: [] });
  });

  it('names the canned replies button by the word it shows, the longer text describing it', async () => {
    await openLeeConversation();
    const replies = await screen.findByRole('button', { name: chat.cs.cannedShort });
    expect(replies.textContent).toBe(chat.cs.cannedShort);
    expect(screen.getByRole('button', { name: chat.cs.cannedShort, description: chat.cs.canned })).toBe(
      replies,
    );
  });

  it("shows the customer's money with its unit, a deposit in review as well as the balance", async () => {
    csContext.mockResolvedValue({
      account: {
        id: '7',
        usercode: '100007',
        name: 'Lee Trader',
        email: null,
        phone: null,
        status: 'active',
        createtime: '2026-11-01T08:00:00.000Z',
      },
      orders: [
        { orderNo: 'C2026120100001', status: 1, total: '1234.5', createtime: '2026-12-01T08:00:00.000Z' },
      ],
      wallet: {
        balance: '2500',
        held: '0',
        unfinished: { type: 'recharge', id: '3', amount: '15000', createtime: '2026-12-02T08:00:00.000Z' },
      },
      loan: null,
      permissions: [],
    });
    await openLeeConversation();
    expect(await screen.findByText('Deposit in review: 15,000.00 USDT')).toBeTruthy();
    expect(screen.getByText('2,500.00 USDT')).toBeTruthy();
    expect(screen.getByText('1,234.50 USDT')).toBeTruthy();
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

  describe('in the address', () => {
    /** Lets a fetch the page makes (the conversation's messages, marking it read) answer nothing in particular. */
    function answerOtherReads() {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
      );
    }

    it('writes the conversation opened, the view and the search into the address', async () => {
      answerOtherReads();
      conversations.mockResolvedValue({ pageList: [LEE], pageNum: 1, pageSize: 20, total: 1 });
      renderConsole();
      fireEvent.click(screen.getByText('All'));
      await act(async () => fireEvent.click(await screen.findByText('Lee Trader')));
      expect(addressParams()).toEqual({ view: 'all', conversation: '41' });
      const search = screen.getByRole('searchbox', { name: 'Find a customer' });
      fireEvent.change(search, { target: { value: ' lee ' } });
      await act(async () => fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 }));
      expect(addressParams()).toEqual({ view: 'all', conversation: '41', q: 'lee' });
      expect(openConversationName()).toBe('Lee Trader');
    });

    it('opens the conversation, view and search the address names (a reload left none open)', async () => {
      answerOtherReads();
      conversations.mockResolvedValue({ pageList: [], pageNum: 1, pageSize: 20, total: 0 });
      conversation.mockResolvedValue(LEE);
      renderConsole('/cs/conversations?view=mine&q=lee&conversation=41');
      await waitFor(() => expect(openConversationName()).toBe('Lee Trader'));
      expect(conversation).toHaveBeenCalledWith('cs', '41');
      expect(conversations).toHaveBeenLastCalledWith(
        'cs',
        expect.objectContaining({ view: 'mine', q: 'lee' }),
      );
      expect((screen.getByRole('searchbox', { name: 'Find a customer' }) as HTMLInputElement).value).toBe(
        'lee',
      );
    });

    it('shows none open for a conversation the server does not know, without an error', async () => {
      const errors = captureErrorToasts();
      conversations.mockResolvedValue({ pageList: [], pageNum: 1, pageSize: 20, total: 0 });
      // The app's own query client, which shows a failed read's error unless the query says it shows it itself.
      renderConsole('/cs/conversations?conversation=999', createQueryClient());
      await waitFor(() => expect(conversation).toHaveBeenCalledWith('cs', '999'));
      expect(await screen.findByText(chat.console.pick)).toBeTruthy();
      expect(openConversationName()).toBeNull();
      expect(errors).toEqual([]);
    });

    it.each(['0', '-4', 'abc', '4.5', ' 41', '1234567890123456789', '9'.repeat(40)])(
      'does not ask for a conversation id that is not one (%s), and shows none open',
      async (id) => {
        conversations.mockResolvedValue({ pageList: [], pageNum: 1, pageSize: 20, total: 0 });
        renderConsole(`/cs/conversations?conversation=${encodeURIComponent(id)}`);
        expect(await screen.findByText(chat.console.pick)).toBeTruthy();
        expect(conversation).not.toHaveBeenCalled();
        expect(conversations).toHaveBeenLastCalledWith('cs', expect.objectContaining({ view: 'waiting' }));
      },
    );
  });
});

describe('/cs/conversations, taking a conversation', () => {
  beforeAll(async () => {
    (await initTestI18n()).addResourceBundle('en', 'chat', chat, true, true);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    csClaim.mockReset();
  });

  async function openConversation(shown: TChatConversation) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    conversation.mockResolvedValue(shown);
    conversations.mockResolvedValue({ pageList: [shown], pageNum: 1, pageSize: 20, total: 1 });
    csClaim.mockResolvedValue({ ...shown, status: 'open', agent: { id: '1', name: 'Agent One' } });
    renderConsole();
    fireEvent.click(screen.getByText('All'));
    await act(async () => fireEvent.click(await screen.findByText('Lee Trader')));
  }

  it("asks before taking over a colleague's conversation, naming the colleague, and says whom it takes it from", async () => {
    await openConversation({ ...LEE, agent: { id: '2', name: 'Sam Colleague' } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: chat.cs.claim })));
    expect(
      await screen.findByText(chat.cs.takeOverConfirm.replace('{{name}}', 'Sam Colleague')),
    ).toBeTruthy();
    expect(csClaim).not.toHaveBeenCalled();
    const confirm = screen
      .getAllByRole('button', { name: chat.cs.claim })
      .find((button) => button.closest('.ant-popover'));
    await act(async () => fireEvent.click(confirm!));
    await waitFor(() => expect(csClaim).toHaveBeenCalledWith('41', '2'));
  });

  it('claims a waiting conversation at once, without naming anyone', async () => {
    await openConversation({ ...LEE, status: 'waiting', agent: null });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: chat.cs.claim })));
    await waitFor(() => expect(csClaim).toHaveBeenCalledWith('41'));
    expect(screen.queryByText(/is answering this conversation/)).toBeNull();
  });

  it('offers to transfer only to colleagues, not to oneself, asks first, and shows its name again after', async () => {
    csAgents.mockResolvedValue({
      agents: [
        { id: '1', name: 'Agent One', isOnline: true },
        { id: '3', name: 'Ana Colleague', isOnline: false },
      ],
    });
    csTransfer.mockResolvedValue({ ...LEE, agent: { id: '3', name: 'Ana Colleague' } });
    await openConversation({ ...LEE, status: 'waiting', agent: null });
    const transfer = await screen.findByRole('combobox', { name: chat.cs.transfer });
    await act(async () => fireEvent.mouseDown(transfer));
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')];
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    // The agent signed in (id 1) was offered: "transferred" to oneself.
    expect(options.map((option) => option.textContent)).toEqual(['Ana Colleague']);
    // Picking asks first, naming the colleague: the conversation leaves the agent's list at once.
    await act(async () => fireEvent.click(options[0]!));
    const question = (
      await screen.findAllByText(
        'Transfer this conversation to Ana Colleague? Ana Colleague answers it from now on.',
      )
    )[0]!;
    const dialog = question.closest('.ant-modal') as HTMLElement;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: chat.cs.cancel })));
    expect(csTransfer).not.toHaveBeenCalled();
    await act(async () => fireEvent.mouseDown(transfer));
    await act(async () =>
      fireEvent.click(
        [...document.querySelectorAll('.ant-select-item-option')].find(
          (option) => option.textContent === 'Ana Colleague',
        )!,
      ),
    );
    const again = (
      await screen.findAllByText(
        'Transfer this conversation to Ana Colleague? Ana Colleague answers it from now on.',
      )
    ).at(-1)!;
    await act(async () =>
      fireEvent.click(
        within(again.closest('.ant-modal') as HTMLElement).getByRole('button', { name: chat.cs.transferOk }),
      ),
    );
    await waitFor(() => expect(csTransfer).toHaveBeenCalledWith('41', '3'));
    // The picked colleague stayed shown in the box after the transfer.
    await waitFor(() =>
      expect(transfer.closest('.ant-select')?.querySelector('.ant-select-placeholder')?.textContent).toBe(
        chat.cs.transfer,
      ),
    );
  });
});

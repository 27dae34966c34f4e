import type { TChatMessage } from '@caravan/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import chat from '../../../locales/en/chat.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import type { ChatSocket } from '../lib/chat-socket';
import { fakeChatSocket } from '../testing/fake-socket';
import { ConversationView } from './conversation-view';

const CLIENT_HEIGHT = 515;

function message(id: number, fields: Partial<TChatMessage> = {}): TChatMessage {
  return {
    id: String(id),
    conversationId: '7',
    send_receive: 'receive',
    sender: 'buyer',
    content: `Message ${id}`,
    type: 'text',
    createtime: '2025-01-01T10:00:00.000Z',
    clientId: null,
    isDelivered: true,
    isRead: false,
    product: null,
    order: null,
    ...fields,
  };
}

const HISTORY = [
  message(1, { content: 'x'.repeat(1990) }),
  message(2, { type: 'img', content: '/uploads/chat/parcel.png' }),
  message(3, { content: 'And the box was open.' }),
];

/**
 * jsdom lays nothing out: the message list gets a browser's geometry (its content `contentHeight` tall, 515 px of it
 * in view, its scroll position clamped as a browser clamps it), and the ResizeObservers are told when it grows.
 */
function layOutList() {
  const layout = { contentHeight: 1678 };
  const scrollTops = new WeakMap<Element, number>();
  const isList = (element: Element) => element.classList.contains('cv-chat__messages');
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return isList(this) ? layout.contentHeight : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isList(this) ? CLIENT_HEIGHT : 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return scrollTops.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, top: number) {
    const bottom = isList(this) ? Math.max(0, layout.contentHeight - CLIENT_HEIGHT) : 0;
    scrollTops.set(this, Math.min(Math.max(0, top), bottom));
  });
  const callbacks = new Set<() => void>();
  class FakeResizeObserver {
    private readonly notify: () => void;
    constructor(callback: ResizeObserverCallback) {
      this.notify = () => callback([], this as unknown as ResizeObserver);
    }
    observe() {
      callbacks.add(this.notify);
    }
    unobserve() {}
    disconnect() {
      callbacks.delete(this.notify);
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    /** The content grows (a picture loaded, a long text wrapped anew); `scrollTop` is where the browser left the view. */
    grow(height: number, scrollTop?: number) {
      layout.contentHeight = height;
      const list = screen.getByRole('log');
      if (scrollTop !== undefined) {
        list.scrollTop = scrollTop;
        fireEvent.scroll(list);
      }
      act(() => {
        for (const notify of callbacks) {
          notify();
        }
      });
    },
  };
}

function stubHistory() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost').pathname;
      if (url.endsWith('/read')) {
        return jsonResponse({ unread: 0 });
      }
      return jsonResponse({ messages: HISTORY, hasMore: false });
    }),
  );
}

async function openConversation(socket: ChatSocket | null = null) {
  await renderWithQueries(
    <ConversationView scope="cs" conversationId="7" socket={socket} isSocketOpen={socket !== null} />,
  );
  await screen.findByText('And the box was open.');
  const list = screen.getByRole('log');
  // Where the browser put it when the messages first showed (before the picture had its height).
  expect(list.scrollTop).toBe(1678 - CLIENT_HEIGHT);
  fireEvent.scroll(list);
  return list;
}

describe('ConversationView scrolling', () => {
  setUpComponentTests({ chat });
  let layout: ReturnType<typeof layOutList>;
  beforeEach(() => {
    layout = layOutList();
    stubHistory();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opened at its end, stays there while a picture and a long text reach their height', async () => {
    const list = await openConversation();
    layout.grow(1822);
    expect(list.scrollTop).toBe(1822 - CLIENT_HEIGHT);
  });

  it('stays at its end when the browser moves the view down as the content grows, before the list follows', async () => {
    const list = await openConversation();
    // Scroll anchoring: the view moved down with the picture above it, the end moved further still.
    layout.grow(1822, 1200);
    expect(list.scrollTop).toBe(1822 - CLIENT_HEIGHT);
  });

  it('leaves a reader who scrolled up to older messages where they are', async () => {
    const list = await openConversation();
    list.scrollTop = 400;
    fireEvent.scroll(list);
    layout.grow(1822);
    expect(list.scrollTop).toBe(400);
  });

  it('at its end, shows a new message and follows its picture as it loads', async () => {
    const { socket, push: emit } = fakeChatSocket();
    const list = await openConversation(socket);
    layout.grow(1800);
    emit({ type: 'message', message: message(4, { type: 'img', content: '/uploads/chat/label.png' }) });
    expect(screen.getAllByTestId('chat-message')).toHaveLength(4);
    expect(list.scrollTop).toBe(1800 - CLIENT_HEIGHT);
    layout.grow(2000);
    expect(list.scrollTop).toBe(2000 - CLIENT_HEIGHT);
  });

  it('a new message does not move a reader who scrolled up', async () => {
    const { socket, push: emit } = fakeChatSocket();
    const list = await openConversation(socket);
    list.scrollTop = 400;
    fireEvent.scroll(list);
    emit({ type: 'message', message: message(4, { content: 'Any news?' }) });
    layout.grow(1900);
    expect(list.scrollTop).toBe(400);
  });
});

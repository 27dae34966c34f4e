import type { TUserInfo } from '@caravan/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import {
  BrowserChatProvider,
  ChatProvider,
  ServerChatProvider,
  useChatContext,
  useUnreadCounts,
} from './chat-provider';

/** Everything a page can read from the provider, and an id from useId (its value depends on the tree's shape). */
function ChatProbe() {
  const id = useId();
  const { settings, dialog, socket, isSocketOpen } = useChatContext();
  return (
    <p id={id}>{JSON.stringify({ unread: useUnreadCounts(), settings, dialog, socket, isSocketOpen })}</p>
  );
}

const USER = { id: '7', usercode: 'U7', username: 'buyer7' } as unknown as TUserInfo;

describe('ChatProvider', () => {
  setUpComponentTests();
  const requested: string[] = [];
  beforeEach(() => {
    window.localStorage.clear();
    requested.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        requested.push(String(input));
        return String(input).includes('/system-params')
          ? jsonResponse({ data: { chat_unread_poll_seconds: '30' } })
          : jsonResponse({ service: 0, shops: 0, unread: 0, messages: 0 });
      }),
    );
  });
  afterEach(() => {
    clearSession();
  });

  const settingsRequests = () => requested.filter((url) => url.includes('/system-params'));

  it("renders on the server what the browser's provider renders before hydrating, ids included", () => {
    const inPage = (provider: 'server' | 'browser') => {
      const Provider = provider === 'server' ? ServerChatProvider : BrowserChatProvider;
      return renderToString(
        <QueryClientProvider client={new QueryClient()}>
          <div>
            <Provider>
              <ChatProbe />
              <ChatProbe />
            </Provider>
          </div>
        </QueryClientProvider>,
      );
    };
    const onServer = inPage('server');
    expect(onServer.replaceAll('&quot;', '"')).toContain('"unread":{"service":0,"chat":0,"notifications":0}');
    expect(onServer).toBe(inPage('browser'));
  });

  it('asks an anonymous visitor for no chat settings once mounted (issue 11: no work after hydration)', async () => {
    await renderWithQueries(
      <ChatProvider>
        <p>page</p>
      </ChatProvider>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(settingsRequests()).toEqual([]);
  });

  it('loads the chat settings for a signed-in buyer, who polls the unread counts with them', async () => {
    setSession({ userInfo: USER });
    await renderWithQueries(
      <ChatProvider>
        <p>page</p>
      </ChatProvider>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(settingsRequests()).toHaveLength(1);
  });
});

import type { TUserInfo } from '@caravan/contracts';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { ChatProvider } from './chat-provider';

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

import type { TUserInfo } from '@caravan/contracts';
import { HEARTBEAT_MS } from '@caravan/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render as renderTree } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setSession } from '../../lib/session';
import { SessionKeeper } from './session-keeper';

/** The storefront gives the keeper a query client (it reloads the catalogue after restoring a session). */
const render = (ui: ReactElement) =>
  renderTree(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

const USER = { id: '1', usercode: 'U1', username: 'buyer1' } as unknown as TUserInfo;

describe('SessionKeeper', () => {
  const calls: { method: string; url: string }[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ method: init?.method ?? 'GET', url: String(input) });
        const body = String(input).includes('/auth/me') ? { user: USER } : { ok: true, expiresAt: '' };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const heartbeats = () => calls.filter((c) => c.method === 'POST' && c.url.includes('/auth/heartbeat'));

  it('sends the heartbeat every 5 minutes while logged in (SPEC §7, §9)', async () => {
    setSession({ userInfo: USER });
    render(<SessionKeeper />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS + 10);
    });
    expect(heartbeats()).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    });
    expect(heartbeats()).toHaveLength(2);
  });

  it('keeps the 5-minute rhythm across the user info refresh after the page loads', async () => {
    setSession({ userInfo: USER });
    render(<SessionKeeper />);
    // The refreshed user info arrives after 4 minutes of a slow network: the timer must not restart.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4 * 60_000);
    });
    await act(async () => {
      setSession({ userInfo: { ...USER, username: 'renamed' } as TUserInfo });
      await vi.advanceTimersByTimeAsync(60_000 + 10);
    });
    expect(heartbeats()).toHaveLength(1);
  });

  it('keeps counting across page loads, so moving on every few minutes still sends it', async () => {
    setSession({ userInfo: USER });
    const first = render(<SessionKeeper />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * 60_000);
    });
    // A full page load (language switch, reload, a link opened in a new tab) mounts the app again.
    first.unmount();
    render(<SessionKeeper />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60_000 + 10);
    });
    expect(heartbeats()).toHaveLength(1);
  });

  it('stops after log-out', async () => {
    setSession({ userInfo: USER });
    render(<SessionKeeper />);
    await act(async () => clearSession('logout'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    });
    expect(heartbeats()).toHaveLength(0);
  });

  it('shows the visitor logged out once another tab clears the whole storage', async () => {
    setSession({ userInfo: USER });
    render(<SessionKeeper />);
    expect(getSession().userInfo).not.toBeNull();
    // Another tab's localStorage.clear(): the storage is empty and the event has no key.
    await act(async () => {
      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(getSession().userInfo).toBeNull();
  });
});

import { BUYER_SESSION_MARKER_COOKIE } from '@caravan/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, setUpComponentTests } from '../../testing/render';

/**
 * QA mobile finding 6: a buyer whose session cookie is valid but whose storage holds no `userInfo` (site storage
 * cleared, or a log-in made outside this page) was shown the visitor's header, chat and cart on every storefront
 * page. The server's marker cookie (readable, no token) now says a session exists, and the page asks for it once.
 */
const USER = { id: '7', usercode: '10000007', username: 'demobuyer', displayName: 'demobuyer' };

// biome-ignore-start lint/suspicious/noDocumentCookie: the server's Set-Cookie, as the browser applies it.
function setMarker() {
  document.cookie = `${BUYER_SESSION_MARKER_COOKIE}=1; Path=/`;
}

function forgetMarker() {
  document.cookie = `${BUYER_SESSION_MARKER_COOKIE}=; Path=/; Max-Age=0`;
}
// biome-ignore-end lint/suspicious/noDocumentCookie: see above.

const hasMarker = () => document.cookie.includes(`${BUYER_SESSION_MARKER_COOKIE}=1`);

/** Answers /auth/me with `status`; everything else (the header's counts and so on) with an empty object. */
function answerMe(status: number) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
    String(input).includes('/api/v1/auth/me')
      ? status === 200
        ? jsonResponse({ user: USER })
        : jsonResponse({ error: { code: 'SESSION_EXPIRED', message: 'Your session has expired' } }, status)
      : jsonResponse({}),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/v1/auth/me')).length;
}

/** A first page load: the session modules as a new page has them (the web project shares modules between files). */
async function freshLoad() {
  vi.resetModules();
  const session = await import('../../lib/session');
  const { Header } = await import('./header');
  const { SessionKeeper } = await import('./session-keeper');
  const toast = await import('../../lib/toast');
  const toasts: string[] = [];
  const record = (text: unknown) => {
    toasts.push(String(text));
  };
  toast.bindToastInstance({ error: record, success: record, warning: record, info: record });
  return { session, Header, SessionKeeper, toasts };
}

/** The storefront's boot: the anonymous server HTML (as cached for everyone), hydrated in the browser. */
async function hydrateStorefront(makeUi: () => ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/index']}>{makeUi()}</MemoryRouter>
    </QueryClientProvider>
  );
  const container = document.createElement('div');
  document.body.append(container);
  const serverHtml = renderToString(page);
  container.innerHTML = serverHtml;
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, page);
  });
  return { serverHtml, unmount: () => act(async () => root?.unmount()) };
}

describe('a buyer session the storage does not know (QA mobile finding 6)', () => {
  setUpComponentTests();
  beforeEach(() => {
    localStorage.clear();
    forgetMarker();
  });
  afterEach(() => {
    localStorage.clear();
    forgetMarker();
    document.body.innerHTML = '';
  });

  it('the marker and no localStorage: the page loads the profile once and shows the signed-in header', async () => {
    const meCalls = answerMe(200);
    setMarker();
    const { session, Header, SessionKeeper, toasts } = await freshLoad();
    const page = await hydrateStorefront(() => (
      <>
        <SessionKeeper />
        <Header />
      </>
    ));
    // The server's HTML is the visitor's, the same for everyone.
    expect(page.serverHtml).not.toContain('demobuyer');
    expect(page.serverHtml).toContain('Log in');
    expect(await screen.findByText('demobuyer')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(session.getSession().userInfo?.id).toBe('7');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({ id: '7' });
    // One question: the refresh of a stored user's info is not asked again right after.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(meCalls()).toBe(1);
    expect(toasts).toEqual([]);
    expect(hasMarker()).toBe(true);
    await page.unmount();
  });

  it('no marker: an anonymous visitor’s page load asks nothing and stays the visitor’s', async () => {
    const meCalls = answerMe(200);
    const { session, Header, SessionKeeper } = await freshLoad();
    const page = await hydrateStorefront(() => (
      <>
        <SessionKeeper />
        <Header />
      </>
    ));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(meCalls()).toBe(0);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(session.getSession().userInfo).toBeNull();
    await page.unmount();
  });

  it('a stale marker (the session expired): one 401 forgets it, quietly, and the next page load asks nothing', async () => {
    const meCalls = answerMe(401);
    setMarker();
    const first = await freshLoad();
    const page = await hydrateStorefront(() => (
      <>
        <first.SessionKeeper />
        <first.Header />
      </>
    ));
    await waitFor(() => expect(hasMarker()).toBe(false));
    expect(meCalls()).toBe(1);
    expect(first.session.getSession().userInfo).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(first.toasts).toEqual([]);
    // Not a lost session of a logged-in buyer: no log-out, so no trip home and nothing to forget.
    expect(first.session.hasSessionEnded()).toBe(false);
    await page.unmount();

    const second = await freshLoad();
    const again = await hydrateStorefront(() => (
      <>
        <second.SessionKeeper />
        <second.Header />
      </>
    ));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(meCalls()).toBe(1);
    await again.unmount();
  });

  it('a log-out forgets the marker in the page too, so a marker the answer did not clear cannot ask again', async () => {
    setMarker();
    const { session } = await freshLoad();
    session.setSession({ userInfo: USER as never });
    session.clearSession('logout');
    expect(hasMarker()).toBe(false);
  });
});

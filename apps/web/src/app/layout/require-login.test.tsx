import type { TUserInfo } from '@caravan/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../lib/session';
import { RequireLogin } from './require-login';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderProtectedPage(Guard: typeof RequireLogin = RequireLogin) {
  const router = createMemoryRouter(
    [
      { path: '/userInfo/setup', element: <Guard>{<p>settings</p>}</Guard> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/userInfo/setup'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RequireLogin', () => {
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('sends a log-out from a user-centre page home, not to the log-in page (SPEC §4)', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    renderProtectedPage();
    expect(screen.getByText('settings')).toBeTruthy();
    await act(async () => clearSession('logout'));
    expect(screen.getByTestId('where').textContent).toBe('/index');
  });

  it('sends an ended session to the log-in page and back afterwards', async () => {
    setSession({ userInfo: { id: '1' } as unknown as TUserInfo });
    renderProtectedPage();
    await act(async () => clearSession());
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2FuserInfo%2Fsetup');
  });
});

/** A first page load: the guard and the session module without anything this file did before. */
async function freshLoad() {
  vi.resetModules();
  const session = await import('../../lib/session');
  const { RequireLogin: Guard } = await import('./require-login');
  return { session, Guard };
}

function answerMe(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const meCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/v1/auth/me')).length;

describe('RequireLogin with nothing in storage (QA langs 6)', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('asks the server once for a session cookie, showing the loading state, and opens the page when there is one', async () => {
    const fetchMock = answerMe(200, { user: { id: '7', displayName: 'demobuyer' } });
    const { session, Guard } = await freshLoad();
    renderProtectedPage(Guard);
    // Not sent to /login while the answer is on its way.
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(await screen.findByText('settings')).toBeTruthy();
    expect(session.getSession().userInfo?.id).toBe('7');
    expect(meCalls(fetchMock)).toBe(1);
  });

  it('sends a visitor without a session to the log-in page after one answer, and does not ask again', async () => {
    const fetchMock = answerMe(401, { error: { code: 'NOT_LOGGED_IN', message: 'Please log in' } });
    const { Guard } = await freshLoad();
    const router = renderProtectedPage(Guard);
    expect(await screen.findByText('/login?redirect=%2FuserInfo%2Fsetup')).toBeTruthy();
    await act(async () => router.navigate('/userInfo/setup'));
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2FuserInfo%2Fsetup');
    expect(meCalls(fetchMock)).toBe(1);
  });

  it('opens the page at once when storage has the user, without asking', async () => {
    const fetchMock = answerMe(200, { user: { id: '7' } });
    const { session, Guard } = await freshLoad();
    session.setSession({ userInfo: { id: '7' } as unknown as TUserInfo });
    renderProtectedPage(Guard);
    expect(screen.getByText('settings')).toBeTruthy();
    expect(meCalls(fetchMock)).toBe(0);
  });
});

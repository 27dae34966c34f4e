import type { TUserInfo } from '@caravan/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '../../lib/session';
import { RequireLogin } from './require-login';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderProtectedPage() {
  const router = createMemoryRouter(
    [
      { path: '/userInfo/setup', element: <RequireLogin>{<p>settings</p>}</RequireLogin> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/userInfo/setup'] },
  );
  render(<RouterProvider router={router} />);
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

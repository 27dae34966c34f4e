import type { TUserInfo } from '@caravan/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, isLoggedIn, setSession } from '../../lib/session';
import commonEn from '../../locales/en/common.json';
import { renderWithQueries, setUpComponentTests } from '../../testing/render';
import { Header } from './header';

function CurrentAddress() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

describe("the header's log-in and register links", () => {
  setUpComponentTests();

  it('bring the visitor back to the page they were on', async () => {
    await renderWithQueries(
      <>
        <Header />
        <CurrentAddress />
      </>,
      '/merchantSettled?tab=apply',
    );
    // The markup is the same on every page (one shared server-rendered header); the click adds the way back.
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(screen.getByTestId('address').textContent).toBe(
      '/register?redirect=%2FmerchantSettled%3Ftab%3Dapply',
    );
  });

  it('from the home page lead to the plain form (home is where a log-in goes anyway)', async () => {
    await renderWithQueries(
      <>
        <Header />
        <CurrentAddress />
      </>,
      '/index',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('address').textContent).toBe('/login');
  });
});

describe("the header's Log out", () => {
  setUpComponentTests();
  afterEach(() => clearSession());

  const logOutCalls = () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    return () => calls.filter((call) => call.startsWith('POST') && call.includes('/auth/logout'));
  };

  it('asks first: Cancel has the focus, Escape and Cancel keep the session, focus goes back to Log out', async () => {
    const logouts = logOutCalls();
    setSession({ userInfo: { id: '1', username: 'buyer1', displayName: 'buyer1' } as unknown as TUserInfo });
    await renderWithQueries(<Header />, '/commodity');
    const opener = screen.getByRole('button', { name: commonEn.header.logout });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    expect(opener.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(opener);
    const question = screen.getByRole('dialog', { name: commonEn.header.logoutConfirm });
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    const cancel = within(question).getByRole('button', { name: commonEn.actions.cancel });
    const confirm = within(question).getByRole('button', { name: commonEn.header.logout });
    expect(document.activeElement).toBe(cancel);
    // Tab stays between the question's two buttons.
    fireEvent.keyDown(confirm, { key: 'Tab' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);

    fireEvent.keyDown(cancel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: commonEn.actions.cancel }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logouts()).toEqual([]);
    expect(isLoggedIn()).toBe(true);
  });

  it('logs out once the question is confirmed', async () => {
    const logouts = logOutCalls();
    setSession({ userInfo: { id: '1', username: 'buyer1', displayName: 'buyer1' } as unknown as TUserInfo });
    await renderWithQueries(<Header />, '/commodity');
    fireEvent.click(screen.getByRole('button', { name: commonEn.header.logout }));
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: commonEn.header.logout }),
      );
    });
    expect(logouts()).toHaveLength(1);
    expect(isLoggedIn()).toBe(false);
    expect(screen.getByRole('link', { name: commonEn.header.login })).toBeTruthy();
  });
});

describe("the header's compact state", () => {
  setUpComponentTests();
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  };
  afterEach(() => {
    clearSession();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('renders expanded, and compacts past 78 px of scroll with the account links in the box a phone hides then', async () => {
    setSession({ userInfo: { id: '1', username: 'buyer1', displayName: 'buyer1' } as unknown as TUserInfo });
    await renderWithQueries(<Header />, '/commodity');
    const header = document.querySelector('header') as HTMLElement;
    // What the server renders (never compact), so nothing above the fold moves on load.
    expect(header.className).toBe('cv-header');
    await act(async () => scrollTo(78));
    expect(header.className).toBe('cv-header');
    await act(async () => scrollTo(79));
    expect(header.className).toBe('cv-header cv-header--compact');
    // One row on a phone: the logo and the actions; the name and Log out inside .cv-account (global.css hides it).
    const bar = header.querySelector('.cv-header__bar') as HTMLElement;
    const actions = bar.querySelector(':scope > .cv-header__actions') as HTMLElement;
    expect(bar.querySelector(':scope > .cv-header__logo')).not.toBeNull();
    const account = actions.querySelector(':scope > .cv-account') as HTMLElement;
    expect(within(account).getByRole('button', { name: commonEn.header.logout })).toBeTruthy();
    expect(within(account).getByRole('link', { name: /buyer1/ })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: commonEn.header.customerService })).toBeTruthy();
    await act(async () => scrollTo(0));
    expect(header.className).toBe('cv-header');
  });
});

import type { TUserInfo } from '@caravan/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  isLoggedIn,
  reloadSessionFromStorage,
  runLogoutHandlers,
  setSession,
} from './session';

const USER = { id: '7', username: 'demobuyer' } as unknown as TUserInfo;

/**
 * Issue 10 defect 6: the web keeps no bearer token where the httpOnly cookie serves. A token in
 * localStorage can be read by any script that gets into the page; the cookie cannot.
 */
describe('web session store', () => {
  afterEach(() => {
    clearSession();
    localStorage.clear();
  });

  it('keeps only the user info, never a token, in the page and in localStorage', () => {
    setSession({ userInfo: USER });
    expect(getSession()).toEqual({ userInfo: USER });
    expect(isLoggedIn()).toBe(true);
    expect(Object.keys(localStorage)).toEqual(['userInfo']);
    expect(JSON.stringify(getSession())).not.toContain('token');
  });

  it('deletes a token an earlier version left in localStorage', () => {
    localStorage.setItem('token', 'left-by-an-older-version');
    localStorage.setItem('userInfo', JSON.stringify(USER));
    reloadSessionFromStorage();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getSession()).toEqual({ userInfo: USER });
  });

  it("forgets on log-out what this tab kept of the user's cart and checkout", () => {
    localStorage.setItem('cart', '[]');
    sessionStorage.setItem(
      'checkoutDraft',
      JSON.stringify({ goods: 'cart:1', coupons: {}, remarks: { '3': 'Gate code 4411' } }),
    );
    runLogoutHandlers();
    expect(localStorage.getItem('cart')).toBeNull();
    expect(sessionStorage.getItem('checkoutDraft')).toBeNull();
  });
});

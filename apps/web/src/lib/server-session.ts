import type { TUserInfo } from '@caravan/contracts';
import { api, isApiError } from './api';
import {
  forgetSessionMarker,
  getSession,
  hasSessionEnded,
  hasSessionMarker,
  isLoggedIn,
  setSession,
} from './session';

/**
 * The one question a page load asks the server for a session that storage does not know. The session cookie is
 * httpOnly and the storefront's pages are rendered for everyone alike, so a signed-in browser whose storage was
 * cleared (or that logged in without this page) looked like a visitor's: the header offered "Log in", the chat
 * asked to log in and the cart was the visitor's, until a user-centre page asked (QA mobile finding 6).
 */
let serverCheck: Promise<boolean> | undefined;
let hasAskedServer = false;
let hasRestored = false;

/** Asks /auth/me once per page load; answers whether it made the browser signed in. */
export function askServerForSession(): Promise<boolean> {
  serverCheck ??= api
    .get<{ user: TUserInfo }>('/auth/me')
    .then(
      ({ user }) => {
        // A log-in or log-out meanwhile has the last word.
        if (isLoggedIn(getSession()) || hasSessionEnded()) {
          return false;
        }
        setSession({ userInfo: user });
        hasRestored = true;
        return true;
      },
      (error: unknown) => {
        // No session behind the marker (expired, ended elsewhere): forget it, quietly, once. A log-in meanwhile
        // set a fresh one, which stays. A network failure keeps it for the next load to ask again.
        if (isApiError(error) && error.status === 401 && !isLoggedIn(getSession())) {
          forgetSessionMarker();
        }
        return false;
      },
    )
    .finally(() => {
      hasAskedServer = true;
    });
  return serverCheck;
}

/** Storage knows no user, no session ended in this load and the server was not asked yet: a cookie may be there. */
export function mayHaveCookieSession(): boolean {
  return !isLoggedIn(getSession()) && !hasSessionEnded() && !hasAskedServer;
}

/**
 * Whether the storefront should ask on its own, without a user-centre page asking: only when the server's marker
 * says there is a session, so an anonymous visitor's page load sends no request for it.
 */
export function shouldRestoreSession(): boolean {
  return mayHaveCookieSession() && hasSessionMarker();
}

/** Whether this load's user info came from /auth/me already (no need to refresh it again at once). */
export function wasSessionRestored(): boolean {
  return hasRestored;
}

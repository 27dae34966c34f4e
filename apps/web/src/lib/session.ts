import type { TUserInfo } from '@caravan/contracts';
import { BUYER_SESSION_MARKER_COOKIE } from '@caravan/contracts/constants';
import { useSyncExternalStore } from 'react';
import {
  readJsonStorage,
  readStorage,
  removeSession,
  removeStorage,
  SESSION_KEYS,
  STORAGE_KEYS,
  writeStorage,
} from './storage';

/**
 * The web's idea of who is logged in. The credential itself is the httpOnly session cookie, which scripts
 * cannot read: no bearer token is kept in the page or in localStorage (issue 10 defect 6), so a script
 * injected into the page cannot carry a session away.
 */
export type TSession = { userInfo: TUserInfo | null };

type TListener = () => void;
const listeners = new Set<TListener>();
const logoutHandlers = new Set<() => void>();

/**
 * The one anonymous session, also the server's snapshot (server-rendered pages are anonymous): a visitor who is
 * not logged in then hydrates with an unchanged snapshot. A different object, even an equal one, makes React
 * re-render every component reading the session synchronously right after hydrating.
 */
const ANONYMOUS_SESSION: TSession = { userInfo: null };

function loadSession(): TSession {
  // Earlier versions kept the bearer token here; forget it.
  if (readStorage(STORAGE_KEYS.legacyToken) !== null) {
    removeStorage(STORAGE_KEYS.legacyToken);
  }
  const userInfo = readJsonStorage<TUserInfo>(STORAGE_KEYS.userInfo);
  return userInfo ? { userInfo } : ANONYMOUS_SESSION;
}

/**
 * Read on first use, not when the module loads: a page's first localStorage read makes the browser load the
 * storage area (about 10 ms on a fast desktop), and at import time it lengthened the task that evaluates the app's
 * scripts (main.tsx gives that read a task of its own).
 */
let current: TSession | undefined;
/** Why the last session ended: login guards send a deliberate log-out home (SPEC §4), an expiry to /login. */
let lastEnd: 'logout' | 'expired' | null = null;

function emit(): void {
  for (const listener of listeners) {
    listener();
  }
}

export function getSession(): TSession {
  current ??= loadSession();
  return current;
}

/** SPEC §4: logged in = the persisted user info (the httpOnly cookie being the real credential). */
export function isLoggedIn(session: TSession = getSession()): boolean {
  return session.userInfo !== null;
}

export function setSession(next: { userInfo: TUserInfo }): void {
  current = { userInfo: next.userInfo };
  lastEnd = null;
  writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(next.userInfo));
  emit();
}

export function clearSession(reason: 'logout' | 'expired' = 'expired'): void {
  lastEnd = reason;
  current = ANONYMOUS_SESSION;
  removeStorage(STORAGE_KEYS.userInfo);
  forgetSessionMarker();
  emit();
}

/**
 * Whether the server said this browser holds a buyer session: the readable marker it sets and clears with the
 * httpOnly session cookie (`BUYER_SESSION_MARKER_COOKIE`). A hint only: whose session it is comes from /auth/me.
 */
export function hasSessionMarker(): boolean {
  if (typeof document === 'undefined') {
    return false;
  }
  const prefix = `${BUYER_SESSION_MARKER_COOKIE}=`;
  return document.cookie.split(';').some((part) => {
    const cookie = part.trim();
    return cookie.startsWith(prefix) && cookie.length > prefix.length;
  });
}

/**
 * Drops a marker the server no longer backs. The server clears it too on the 401 that shows this; doing it here
 * as well keeps a marker that outlived its cookie from asking again on the next page load.
 */
export function forgetSessionMarker(): void {
  if (!hasSessionMarker()) {
    return;
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support; the value is fixed.
  document.cookie = `${BUYER_SESSION_MARKER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** Only same-site paths are followed after login, so a crafted link cannot send users elsewhere. */
export function readSafeRedirect(search: string, fallback = '/index'): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
}

/** The log-in page, coming back to `redirect` (a path and query of this app) once logged in. */
export function buildLoginPath(redirect: string): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

export function wasLoggedOut(): boolean {
  return lastEnd === 'logout';
}

/** Whether a session ended in this page load (a log-out or an expiry): the server has none to offer then. */
export function hasSessionEnded(): boolean {
  return lastEnd !== null;
}

/**
 * Other domains register what logout must also forget (the cart team clears the cart, chat hides its badge).
 * Returns the unregister function.
 */
export function registerLogoutHandler(handler: () => void): () => void {
  logoutHandlers.add(handler);
  return () => logoutHandlers.delete(handler);
}

export function runLogoutHandlers(): void {
  removeStorage(STORAGE_KEYS.cart);
  // The checkout's coupons, address and remarks were this user's: the next one in this tab starts afresh.
  removeSession(SESSION_KEYS.checkoutDraft);
  // Cooldowns of codes sent to this user's addresses are no business of the next one.
  removeSession(SESSION_KEYS.codeCooldowns);
  for (const handler of logoutHandlers) {
    handler();
  }
}

function subscribe(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Server-rendered pages are anonymous; the browser shows its own session right after hydrating. */
const getServerSession = (): TSession => ANONYMOUS_SESSION;

export function useSession(): TSession {
  return useSyncExternalStore(subscribe, getSession, getServerSession);
}

/** Re-reads storage, e.g. after another tab logged in or out. */
export function reloadSessionFromStorage(): void {
  current = loadSession();
  emit();
}

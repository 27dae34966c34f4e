import type { TUserInfo } from '@caravan/contracts';
import { useSyncExternalStore } from 'react';
import { readJsonStorage, readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

export type TSession = { token: string; userInfo: TUserInfo | null };

type TListener = () => void;
const listeners = new Set<TListener>();
const logoutHandlers = new Set<() => void>();

function loadSession(): TSession {
  return {
    token: readStorage(STORAGE_KEYS.token) ?? '',
    userInfo: readJsonStorage<TUserInfo>(STORAGE_KEYS.userInfo),
  };
}

let current: TSession = loadSession();
/** Why the last session ended: login guards send a deliberate log-out home (SPEC §4), an expiry to /login. */
let lastEnd: 'logout' | 'expired' | null = null;

function emit(): void {
  for (const listener of listeners) {
    listener();
  }
}

export function getSession(): TSession {
  return current;
}

/** SPEC §4: logged in = a token (or the persisted user info, the cookie being the real credential). */
export function isLoggedIn(session: TSession = current): boolean {
  return Boolean(session.token) || session.userInfo !== null;
}

export function setSession(next: { token?: string; userInfo: TUserInfo }): void {
  const token = next.token ?? current.token;
  current = { token, userInfo: next.userInfo };
  lastEnd = null;
  if (token) {
    writeStorage(STORAGE_KEYS.token, token);
  }
  writeStorage(STORAGE_KEYS.userInfo, JSON.stringify(next.userInfo));
  emit();
}

export function clearSession(reason: 'logout' | 'expired' = 'expired'): void {
  lastEnd = reason;
  current = { token: '', userInfo: null };
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.userInfo);
  emit();
}

export function wasLoggedOut(): boolean {
  return lastEnd === 'logout';
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
  for (const handler of logoutHandlers) {
    handler();
  }
}

function subscribe(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Server-rendered pages are anonymous; the browser shows its own session right after hydrating. */
const ANONYMOUS_SESSION: TSession = { token: '', userInfo: null };
const getServerSession = (): TSession => ANONYMOUS_SESSION;

export function useSession(): TSession {
  return useSyncExternalStore(subscribe, getSession, getServerSession);
}

/** Re-reads storage, e.g. after another tab logged in or out. */
export function reloadSessionFromStorage(): void {
  current = loadSession();
  emit();
}

/** Local storage keys of SPEC §3; everything the web persists goes through these names. */
export const STORAGE_KEYS = {
  /** Only read to delete it: earlier versions stored the bearer token; the cookie is the credential now. */
  legacyToken: 'token',
  userInfo: 'userInfo',
  language: 'language',
  cart: 'cart',
  searchHistory: 'searchHistory',
  searchResult: 'searchResult',
  lastMessageId: 'lastMessageId',
  remindOrder: 'remindOrder',
  agentCode: 'agentCode',
  maxBuy: 'maxBuy',
  tabIndex: 'tabIndex',
  scroll: 'scroll',
  /** When this browser last sent the 5-minute heartbeat (epoch ms), shared by its tabs and page loads. */
  heartbeatAt: 'heartbeatAt',
} as const;

export type TStorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Calls `listener` when another tab of this site changes `key`, or clears the whole storage (a storage event
 * without a key). Answers the unsubscribe; nothing to listen to in server rendering (no window).
 */
export function onOtherTabChange(key: TStorageKey, listener: () => void): () => void {
  if (typeof window === 'undefined') {
    return () => undefined;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Storage can throw (private mode, quota); losing a preference must never break the page. */
export function readStorage(key: TStorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: TStorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Ignored: see readStorage.
  }
}

export function removeStorage(key: TStorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Ignored: see readStorage.
  }
}

export function readJsonStorage<T>(key: TStorageKey): T | null {
  const raw = readStorage(key);
  if (!raw) {
    return null;
  }
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Session storage keys: what one tab keeps over a reload, and forgets when it is closed. */
export const SESSION_KEYS = {
  /** The checkout's choices (coupons, address, remarks) for the goods being checked out. */
  checkoutDraft: 'checkoutDraft',
  /** When each sent verification code's cooldown ends (epoch ms), by purpose and where it went. */
  codeCooldowns: 'codeCooldowns',
  /** Until when each log-in form shows its human check without waiting to be asked (epoch ms). */
  humanCheckUntil: 'humanCheckUntil',
} as const;

export type TSessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

export function readSessionJson<T>(key: TSessionKey): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    // Unavailable storage or text that is not JSON: as if nothing were kept.
    return null;
  }
}

export function writeSessionJson(key: TSessionKey, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Ignored: see readStorage.
  }
}

export function removeSession(key: TSessionKey): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Ignored: see readStorage.
  }
}

type TDeadlines = Record<string, number>;

function readDeadlines(key: TSessionKey): TDeadlines {
  const stored = readSessionJson<unknown>(key);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    return {};
  }
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
  );
}

/**
 * Milliseconds until the deadline kept under `name` in the session map `key` (one tab's timers that must outlive a
 * reload), 0 when there is none or it has passed.
 */
export function sessionDeadlineLeft(key: TSessionKey, name: string, now = Date.now()): number {
  return Math.max(0, (readDeadlines(key)[name] ?? 0) - now);
}

/** Keeps a deadline (epoch ms) under `name`, or forgets it with null; passed deadlines are dropped on the way. */
export function writeSessionDeadline(
  key: TSessionKey,
  name: string,
  until: number | null,
  now = Date.now(),
): void {
  const kept = Object.entries(readDeadlines(key)).filter(([other, at]) => other !== name && at > now);
  if (until !== null && until > now) {
    kept.push([name, until]);
  }
  if (kept.length === 0) {
    removeSession(key);
  } else {
    writeSessionJson(key, Object.fromEntries(kept));
  }
}

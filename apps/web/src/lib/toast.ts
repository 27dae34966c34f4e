import { TOAST_DEBOUNCE_MS } from '@caravan/contracts/constants';
import { isApiError } from './api';

type TToastKind = 'error' | 'success' | 'warning' | 'info';
/** What a toast calls: Ant Design's message instance, or a test's stand-in. */
export type TToastInstance = Record<TToastKind, (text: string, durationS?: number) => unknown>;
type TPendingToast = { kind: TToastKind; text: string; durationS?: number };

let instance: TToastInstance | undefined;
const pending: TPendingToast[] = [];
const lastShown = new Map<string, number>();
const demandListeners = new Set<() => void>();
let isDemanded = false;

/**
 * Ant Design's message code is large, so it is not part of the first page load: the first toast asks the app's
 * lazy holder (themed, direction-aware) to mount, and toasts wait in a queue until it binds its instance.
 */
export function bindToastInstance(next: TToastInstance): void {
  instance = next;
  for (const item of pending.splice(0)) {
    void next[item.kind](item.text, item.durationS);
  }
}

/** For the app shell: whether a toast has been asked for, so it mounts the message holder. */
export function isToastDemanded(): boolean {
  return isDemanded;
}

export function subscribeToastDemand(listener: () => void): () => void {
  demandListeners.add(listener);
  return () => {
    demandListeners.delete(listener);
  };
}

function demandToastInstance(): void {
  if (isDemanded) {
    return;
  }
  isDemanded = true;
  // Without an app shell yet (a toast before the first render) the toast waits in the queue: the shell reads the
  // demand when it mounts. Ant Design's static message is no stand-in: it renders outside the app's theme provider,
  // whose styles carry the page's nonce, so the Content-Security-Policy refuses its styles.
  for (const listener of demandListeners) {
    listener();
  }
}

/** Shows a toast unless the identical one was shown less than 500 ms ago (SPEC §8). Returns whether shown. */
export function showToast(kind: TToastKind, text: string, durationS?: number): boolean {
  const key = `${kind}:${text}`;
  const now = Date.now();
  const previous = lastShown.get(key);
  if (previous !== undefined && now - previous < TOAST_DEBOUNCE_MS) {
    return false;
  }
  lastShown.set(key, now);
  if (lastShown.size > 50) {
    for (const [oldKey, at] of lastShown) {
      if (now - at >= TOAST_DEBOUNCE_MS) {
        lastShown.delete(oldKey);
      }
    }
  }
  if (instance) {
    void instance[kind](text, durationS);
  } else {
    pending.push({ kind, text, durationS });
    demandToastInstance();
  }
  return true;
}

export const toast = {
  error: (text: string, durationS?: number) => showToast('error', text, durationS),
  success: (text: string, durationS?: number) => showToast('success', text, durationS),
  warning: (text: string, durationS?: number) => showToast('warning', text, durationS),
  info: (text: string, durationS?: number) => showToast('info', text, durationS),
};

/** Toasts any failure: the server's localised message for API errors, a generic text otherwise. */
export function toastError(error: unknown, fallback: string): void {
  toast.error(isApiError(error) ? error.message : fallback);
}

/** For tests only: forget what was shown. */
export function resetToastMemory(): void {
  lastShown.clear();
}

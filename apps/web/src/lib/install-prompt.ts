/** The browser's install offer (Chromium's beforeinstallprompt), kept from page load until the user asks. */
type TInstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferred: TInstallPromptEvent | null = null;
let isInstalled = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) {
    listener();
  }
}

/** Called once at start: the offer arrives early, long before the download page is opened. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as TInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    isInstalled = true;
    emit();
  });
}

export type TInstallState = 'available' | 'installed' | 'manual';

export function getInstallState(): TInstallState {
  if (isInstalled || window.matchMedia?.('(display-mode: standalone)').matches) {
    return 'installed';
  }
  return deferred ? 'available' : 'manual';
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; false when there is no offer (the user installs from the menu). */
export async function promptInstall(): Promise<boolean> {
  if (!deferred) {
    return false;
  }
  const event = deferred;
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice;
  isInstalled = choice.outcome === 'accepted';
  emit();
  return true;
}

/** The service worker (public/sw.js): static files and the offline page, never API answers. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) {
    return;
  }
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the site works as before, only not offline.
    });
  };
  if (document.readyState === 'complete') {
    register();
  } else {
    window.addEventListener('load', register, { once: true });
  }
}

/** The longest wait for an idle moment before the service worker is registered anyway. */
const SERVICE_WORKER_IDLE_TIMEOUT_MS = 5000;

/**
 * Registers the service worker once the page is loaded and the main thread is idle: its start and its caching of
 * the build's files are no part of showing the page, and at start they competed with hydration (issue 11, TBT).
 */
export function registerServiceWorkerWhenIdle(): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(registerServiceWorker, { timeout: SERVICE_WORKER_IDLE_TIMEOUT_MS });
    } else {
      setTimeout(registerServiceWorker, 0);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
  } else {
    window.addEventListener('load', whenIdle, { once: true });
  }
}

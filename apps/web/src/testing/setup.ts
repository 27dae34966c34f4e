import { cleanup, configure, type RenderOptions } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearLocalCart } from '../features/cart/api/local-cart';
import { clearSearchHistory } from '../features/catalog/lib/search-history';
import { reloadSessionFromStorage } from '../lib/session';
import { bindToastInstance, resetToastMemory, type TToastInstance } from '../lib/toast';

/**
 * Ant Design's styles stay out of the test page: happy-dom matched each of their thousands of rules against an element
 * and its ancestors on every `getComputedStyle`, which Testing Library calls for each element a role query looks at
 * (45 % of the product editor's test time). The web projects took 178 s and 311 s of CPU with them, 125 s and 207 s
 * without (2026-12-05, two workers). Every `render` is wrapped in a style provider that keeps them in its cache, as
 * on the server; the page's behaviour, markup and ARIA are the same. CSS the app itself writes is not loaded in these
 * tests either (Vitest's default).
 */
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof import('@testing-library/react')>();
  const { StyleProvider } = await import('@ant-design/cssinjs');
  const { createElement } = await import('react');
  function render(ui: ReactNode, options: RenderOptions = {}) {
    const Inner = options.wrapper;
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(
        StyleProvider,
        { mock: 'server' },
        Inner ? createElement(Inner, null, children) : children,
      );
    return library.render(ui, { ...options, wrapper });
  }
  // One signature stands for the library's overloads: every call passes through to them unchanged.
  return { ...library, render: render as typeof library.render };
});

// The web project runs its files one after another in a worker without isolation (vitest.config.ts): whatever a
// file leaves behind would be the next file's start. Each test's tree is unmounted, and at a file's end the page,
// storage, stubbed globals, spies, timers and language are as a new file expects them.
afterEach(() => {
  if (typeof document !== 'undefined') {
    cleanup();
  }
  // The 500 ms duplicate check would hold back the next test's identical toast ("Operation succeeded" twice in a
  // row failed users.test.tsx once the tests ran faster).
  resetToastMemory();
});

/**
 * How long `waitFor` and `findBy…` wait before failing (the library's default is 1 s). They return as soon as the
 * expectation holds, so a passing test is no slower; but beside the other lanes on 2 cores an Ant Design message's
 * leaving motion took longer than 1 s (the product editor's price check failed so in a full run, 2026-12-03).
 */
configure({ asyncUtilTimeout: 5_000 });

/** Toasts in a test go nowhere; a test about toasts binds its own instance (lib/toast.test.ts). */
const silentToasts: TToastInstance = {
  error: () => undefined,
  success: () => undefined,
  warning: () => undefined,
  info: () => undefined,
};

/**
 * Without a bound instance, a toast loads Ant Design's static message, whose own React root outlives the file: its
 * import still loading, or a notice closing seconds later, ran after the environment's teardown had removed the
 * page, in another file's time (unhandled `Cannot load … after the environment was torn down` and `window is not
 * defined`, one in about eight runs of the web tests beside a busy core, 2026-11-28).
 */
bindToastInstance(silentToasts);

/** Turns of the event loop that React's scheduler may still need for what a file's last commit left to it. */
const SCHEDULER_DRAIN_TURNS = 20;

/**
 * Lets React's scheduler run what is queued on it (a commit's passive effects, an update that arrived after the last
 * test's last await) while the file's page still exists. It runs in setImmediate tasks; left queued, they would run
 * after the environment's teardown had removed `window`, in the next file's time (reproduced with a root left with
 * queued work). The unhandled `window is not defined` of two CI runs on 2026-11-28 came from the toasts' own root
 * (above), which this drain did not reach.
 */
async function drainReactScheduler() {
  for (let turn = 0; turn < SCHEDULER_DRAIN_TURNS; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

afterAll(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  // A file may run in the node environment (server rendering): no page there.
  if (typeof document !== 'undefined') {
    cleanup();
    await drainReactScheduler();
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('dir');
    localStorage.clear();
    sessionStorage.clear();
    // Stores that keep what they read from storage in memory would otherwise hand the next file this one's user,
    // cart and searches: a log-in without a transaction password left by lib/api.test.ts disabled the next
    // file's repay button (two failures of my-loan.test.tsx in CI, 2026-12-02).
    reloadSessionFromStorage();
    clearLocalCart();
    clearSearchHistory();
  }
  if (i18next.isInitialized && i18next.language !== 'en') {
    await i18next.changeLanguage('en');
  }
});

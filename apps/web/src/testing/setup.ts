import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, vi } from 'vitest';

// The web project runs its files one after another in a worker without isolation (vitest.config.ts): whatever a
// file leaves behind would be the next file's start. Each test's tree is unmounted, and at a file's end the page,
// storage, stubbed globals, spies, timers and language are as a new file expects them.
afterEach(() => {
  if (typeof document !== 'undefined') {
    cleanup();
  }
});

afterAll(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  // A file may run in the node environment (server rendering): no page there.
  if (typeof document !== 'undefined') {
    cleanup();
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('dir');
    localStorage.clear();
    sessionStorage.clear();
  }
  if (i18next.isInitialized && i18next.language !== 'en') {
    await i18next.changeLanguage('en');
  }
});

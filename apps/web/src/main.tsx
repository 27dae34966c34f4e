import { isLanguage } from '@caravan/contracts/languages';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { z } from 'zod';
import { App, getQueryClient } from './app/app';
import { findRoutePages } from './app/route-pages';
import { ROUTES } from './app/router';
import { applyServerState } from './app/server-state';
import { applyDayjsLocale, applyDocumentLanguage, initI18n, loadAntdLocale } from './lib/i18n';
import { captureInstallPrompt, registerServiceWorker } from './lib/install-prompt';
import { resolveLanguage } from './lib/language';
import { handleEntryUrl } from './lib/language-switch';
import { getSession, isLoggedIn } from './lib/session';
import { readStorage, STORAGE_KEYS } from './lib/storage';
import './app/global.css';

// Zod probes whether `new Function` works to compile faster validators; the Content-Security-Policy forbids
// eval (no 'unsafe-eval'), so the probe only produced a violation report. Validate without it.
z.config({ jitless: true });

async function start(): Promise<void> {
  captureInstallPrompt();
  registerServiceWorker();
  const serverState = window.__CARAVAN_SSR__;
  if (!(await handleEntryUrl(serverState?.lang))) {
    return;
  }
  const stored = readStorage(STORAGE_KEYS.language);
  const lang =
    serverState && !isLanguage(stored)
      ? serverState.lang
      : resolveLanguage({ stored, navigatorLanguages: navigator.languages ?? [navigator.language] });
  // A page rendered in another language than this browser's choice is rendered again rather than hydrated.
  const isHydrating = serverState !== undefined && serverState.lang === lang;
  applyDocumentLanguage(lang);
  const [, antdLocale] = await Promise.all([
    initI18n(lang, isHydrating ? serverState.resources : undefined),
    loadAntdLocale(lang),
    applyDayjsLocale(lang),
    // The page's chunk, so hydration does not wait for it behind a suspended boundary.
    ...(isHydrating ? findRoutePages(ROUTES, window.location.pathname).map((page) => page.preload()) : []),
  ]);
  const container = document.getElementById('root');
  if (!container) {
    return;
  }
  // Marks the moment the page answers clicks (browser tests wait for it on server-rendered pages).
  const markReady = () => {
    document.documentElement.dataset.hydrated = 'true';
  };
  if (!isHydrating) {
    container.replaceChildren();
    createRoot(container).render(<App lang={lang} antdLocale={antdLocale} onMounted={markReady} />);
    return;
  }
  const queryClient = getQueryClient();
  applyServerState(queryClient, serverState);
  // The server rendered the anonymous page; once hydrated, the buyer's own state (favourite, followed) comes.
  const loadOwnState = () => {
    markReady();
    if (isLoggedIn(getSession())) {
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    }
  };
  hydrateRoot(container, <App lang={lang} antdLocale={antdLocale} onMounted={loadOwnState} />);
}

void start();

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, getQueryClient, getRouter } from './app/app';
import { findRoutePages } from './app/route-pages';
import { applyServerState, readServerState } from './app/server-state';
import { applyDocumentLanguage, ensureDayjsLocale, initI18n, loadAntdLocale } from './lib/i18n';
import { captureInstallPrompt, registerServiceWorkerWhenIdle } from './lib/install-prompt';
import { readLanguageCookie, resolveLanguage } from './lib/language';
import { handleEntryUrl } from './lib/language-switch';
import { getSession, isLoggedIn } from './lib/session';
import { reloadOnStaleBuild } from './lib/stale-build';
import { readStorage, STORAGE_KEYS } from './lib/storage';
import { makeZodJitless } from './lib/zod-jitless';
import './app/global.css';

makeZodJitless();

/** Lets the browser run other work (and end the current long task) before going on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

async function start(): Promise<void> {
  reloadOnStaleBuild();
  captureInstallPrompt();
  registerServiceWorkerWhenIdle();
  const serverState = readServerState();
  if (serverState) {
    // The first localStorage read (language, session, agent code below) loads the storage area, ~10 ms on a
    // fast desktop: in a task of its own rather than in the one that evaluated the scripts (Total Blocking Time).
    await nextTask();
  }
  if (!(await handleEntryUrl(serverState?.lang))) {
    return;
  }
  const lang = resolveLanguage({
    cookie: readLanguageCookie(document.cookie),
    stored: readStorage(STORAGE_KEYS.language),
    rendered: serverState?.lang,
    navigatorLanguages: navigator.languages ?? [navigator.language],
  });
  // A page rendered in another language than this browser's choice is rendered again rather than hydrated.
  const isHydrating = serverState !== undefined && serverState.lang === lang;
  applyDocumentLanguage(lang);
  // The router (ranking every route) is made in a task of its own: inside the first render it lengthened the
  // hydration's first task, and the page's chunk below comes from its matches.
  const router = isHydrating ? await nextTask().then(getRouter) : undefined;
  // The page's chunk, so hydration does not wait for it behind a suspended boundary.
  const pageChunks = router ? findRoutePages(router.state.matches).map((page) => page.preload()) : [];
  if (isHydrating) {
    // i18next's set-up in a task of its own as well: after the router's, in the same task, it made one long task.
    await nextTask();
  }
  // A server-rendered page uses neither Ant Design nor dates before hydration: their locales come after it.
  const [, antdLocale] = await Promise.all([
    initI18n(lang, isHydrating ? serverState.resources : undefined),
    isHydrating ? undefined : loadAntdLocale(lang),
    isHydrating ? undefined : ensureDayjsLocale(lang),
    ...pageChunks,
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
    void loadAntdLocale(lang).then((locale) => {
      if (locale) {
        // In a transition, like the hydration: a plain render is synchronous, and the new settings context would
        // hydrate every part of the page still waiting for it in that one task.
        startTransition(() => {
          root?.render(
            <App lang={lang} antdLocale={locale} year={serverState.year} onMounted={loadOwnState} />,
          );
        });
      }
    });
    if (isLoggedIn(getSession())) {
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    }
  };
  // Hydrating in a transition lets React yield to the browser every few milliseconds instead of blocking the main
  // thread for the whole tree (Total Blocking Time on a slow phone); the server's HTML is on screen meanwhile and
  // clicks that come early are replayed once their part is hydrated.
  let root: ReturnType<typeof hydrateRoot> | undefined;
  startTransition(() => {
    root = hydrateRoot(
      container,
      <App lang={lang} antdLocale={undefined} year={serverState.year} onMounted={loadOwnState} />,
    );
  });
}

void start();

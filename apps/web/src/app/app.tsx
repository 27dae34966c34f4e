import type { TLanguage } from '@caravan/contracts/languages';
import type { Locale } from 'antd/es/locale';
import { useEffect, useRef } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureApi } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { preloadPagesOnLinkIntent } from './link-intent';
import { leaveForIsolatedPages } from './opener-policy';
import { AppProviders } from './providers';
import { ROUTES } from './router';
import { isServerRenderedDocument } from './server-state';

const queryClient = createQueryClient();

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The browser's router, made on first use (this module is also imported where there is no window). A server-rendered
 * page makes it before hydrating (main.tsx), in a task of its own rather than inside the first render.
 */
export function getRouter() {
  if (!router) {
    router = createBrowserRouter(ROUTES);
    // A server-rendered storefront page came without Cross-Origin-Opener-Policy (opener-policy.ts).
    if (isServerRenderedDocument()) {
      leaveForIsolatedPages(router);
    }
    configureApi({
      navigate: (path) => {
        void router?.navigate(path);
      },
    });
  }
  return router;
}

export function getQueryClient() {
  return queryClient;
}

export function App({
  lang,
  antdLocale,
  year,
  onMounted,
}: {
  lang: TLanguage;
  antdLocale: Locale | undefined;
  /** The year of the server render being hydrated (render-year.ts). */
  year?: number | undefined;
  /** Runs once after the first commit (after hydration, for a server-rendered page). */
  onMounted?: () => void;
}) {
  const mounted = useRef(onMounted);
  useEffect(() => {
    mounted.current?.();
  }, []);
  useEffect(() => preloadPagesOnLinkIntent(ROUTES), []);
  return (
    <AppProviders lang={lang} antdLocale={antdLocale} queryClient={queryClient} year={year}>
      <RouterProvider router={getRouter()} />
    </AppProviders>
  );
}

// The context module itself: the package's index would bring every icon module into the boot chunk.
import IconContext from '@ant-design/icons/es/components/Context';
import { isRtlLanguage, type TLanguage } from '@caravan/contracts/languages';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from 'antd/es/locale';
import { lazy, type ReactNode, Suspense, useMemo, useSyncExternalStore } from 'react';
import { UiSettingsContext } from '../components/ui/ui-settings';
import { scopeWithAntd } from '../lib/antd-lazy';
import { isToastDemanded, subscribeToastDemand } from '../lib/toast';
import { RenderYearContext } from './render-year';

/** Ant Design's message code loads with the first toast, not with the first page. */
const ToastHolder = lazy(() => scopeWithAntd(import('./toast-holder')));

const isToastNotDemanded = () => false;

/**
 * The icons' styles are in global.css, so they are there for the server-rendered page and no icon inserts a
 * <style> at run time (which the Content-Security-Policy would refuse without the nonce). AntdScope's
 * ConfigProvider gives the icons inside it their nonce again.
 */
const ICON_SETTINGS = { zeroRuntime: true };

function ToastHost() {
  const isDemanded = useSyncExternalStore(subscribeToastDemand, isToastDemanded, isToastNotDemanded);
  return isDemanded ? (
    <Suspense fallback={null}>
      <ToastHolder />
    </Suspense>
  ) : null;
}

/**
 * Everything around the router, the same in the browser and in server rendering (entry-server.tsx). No Ant
 * Design here: what uses it brings its own AntdScope (components/ui/antd-scope.tsx).
 */
export function AppProviders({
  lang,
  antdLocale,
  queryClient,
  year,
  children,
}: {
  lang: TLanguage;
  antdLocale: Locale | undefined;
  queryClient: QueryClient;
  /** The server render's year (render-year.ts); undefined on a client-rendered page. */
  year?: number | undefined;
  children: ReactNode;
}) {
  const settings = useMemo(
    () => ({ lang, direction: isRtlLanguage(lang) ? ('rtl' as const) : ('ltr' as const), antdLocale }),
    [lang, antdLocale],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <UiSettingsContext.Provider value={settings}>
        <IconContext.Provider value={ICON_SETTINGS}>
          <RenderYearContext.Provider value={year}>
            <ToastHost />
            {children}
          </RenderYearContext.Provider>
        </IconContext.Provider>
      </UiSettingsContext.Provider>
    </QueryClientProvider>
  );
}

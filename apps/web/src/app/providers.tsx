import { LoadingOutlined } from '@ant-design/icons';
import { isRtlLanguage, type TLanguage } from '@caravan/contracts/languages';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { readCspNonce } from '../lib/csp-nonce';
import { THEME } from '../lib/theme';
import { isToastDemanded, subscribeToastDemand } from '../lib/toast';

/** Ant Design's message code loads with the first toast, not with the first page. */
const ToastHolder = lazy(() => import('./toast-holder'));

const isToastNotDemanded = () => false;

function ToastHost() {
  const isDemanded = useSyncExternalStore(subscribeToastDemand, isToastDemanded, isToastNotDemanded);
  return isDemanded ? (
    <Suspense fallback={null}>
      <ToastHolder />
    </Suspense>
  ) : null;
}

/**
 * Buttons show this spinner without Ant Design's width animation: when a request answered before that
 * animation finished, the hidden spinner stayed in the button for good and its label "loading" became
 * part of the button's accessible name ("loading Log in").
 */
const BUTTON_CONFIG = { loadingIcon: <LoadingOutlined /> };

/**
 * Ant Design's injected styles carry the page's CSP nonce (lib/csp-nonce.ts). On the server there is none:
 * the styles of a server-rendered page get theirs when the page is sent (server http/security-headers.ts).
 */
export const CSP_CONFIG = { nonce: readCspNonce() };

/** Everything around the router, the same in the browser and in server rendering (entry-server.tsx). */
export function AppProviders({
  lang,
  antdLocale,
  queryClient,
  children,
}: {
  lang: TLanguage;
  antdLocale: Locale | undefined;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        theme={THEME}
        locale={antdLocale}
        direction={isRtlLanguage(lang) ? 'rtl' : 'ltr'}
        button={BUTTON_CONFIG}
        csp={CSP_CONFIG}
      >
        <ToastHost />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}

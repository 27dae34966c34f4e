import { LoadingOutlined } from '@ant-design/icons';
import { isRtlLanguage, type TLanguage } from '@caravan/contracts/languages';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureApi } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { THEME } from '../lib/theme';
import { isToastDemanded, subscribeToastDemand } from '../lib/toast';
import { ROUTES } from './router';

const queryClient = createQueryClient();
const router = createBrowserRouter(ROUTES);

configureApi({
  navigate: (path) => {
    void router.navigate(path);
  },
});

export function getQueryClient() {
  return queryClient;
}

/** Ant Design's message code loads with the first toast, not with the first page. */
const ToastHolder = lazy(() => import('./toast-holder'));

function ToastHost() {
  const isDemanded = useSyncExternalStore(subscribeToastDemand, isToastDemanded, isToastDemanded);
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

export function App({ lang, antdLocale }: { lang: TLanguage; antdLocale: Locale | undefined }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        theme={THEME}
        locale={antdLocale}
        direction={isRtlLanguage(lang) ? 'rtl' : 'ltr'}
        button={BUTTON_CONFIG}
      >
        <ToastHost />
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}

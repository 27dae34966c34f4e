import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';

function ConsolePageError() {
  const { t } = useTranslation('common');
  return (
    <Result
      status="error"
      role="alert"
      title={t('errors.generic')}
      extra={
        // A reload, not a new render: a page whose code failed to load keeps failing in this document (React keeps
        // the lazy import's rejection), while a reload fetches the code of the release now served.
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}

/**
 * Catches a console page that fails to render, so the console's menu and header stay and staff can go to another
 * page; before, one page's fault replaced the whole console with the app's error page. Going to another address
 * (`resetKey`) renders again.
 */
export function ConsolePageErrorBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      FallbackComponent={ConsolePageError}
      resetKeys={[resetKey]}
      onError={(error) => {
        if (import.meta.env.DEV) {
          console.error(error);
        }
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';

/**
 * A list or page that could not load, with a button to ask again; buyer pages and the console share it, so it
 * needs only the common dictionary. `message` is the page's own wording where it has one (the server's error, a
 * feature's sentence); otherwise the generic one.
 */
export function LoadError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="error"
      showIcon
      title={message ?? t('errors.generic')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}

type TListQuery = { isError: boolean; error: unknown; refetch: () => unknown };

/**
 * What a table or list shows where it has no rows: the load error with "Try again" when its query failed,
 * otherwise its own empty text. Without it a list that failed to load said "No … yet", as if there were none.
 */
export function emptyOrLoadError(query: TListQuery, emptyText: ReactNode): ReactNode {
  return query.isError ? (
    <LoadError
      {...(isApiError(query.error) ? { message: query.error.message } : {})}
      onRetry={() => void query.refetch()}
    />
  ) : (
    emptyText
  );
}

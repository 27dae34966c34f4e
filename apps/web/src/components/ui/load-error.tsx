import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

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

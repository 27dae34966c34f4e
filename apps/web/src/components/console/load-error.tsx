import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A console list or page that could not load, with a button to ask again. `message` is the page's own
 * wording where it has one (the server's error, a feature's sentence); otherwise the generic one.
 */
export function LoadError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation(['console', 'common']);
  return (
    <Alert
      type="error"
      showIcon
      title={message ?? t('common:errors.generic')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}

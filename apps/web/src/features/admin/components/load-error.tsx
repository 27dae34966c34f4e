import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A console list or page that could not load, with a button to ask again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['console', 'common']);
  return (
    <Alert
      type="error"
      showIcon
      title={t('common:errors.generic')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}

import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** SPEC §3: only one unfinished recharge or withdrawal at a time; says why a new one is refused. */
export function UnfinishedNotice() {
  const { t } = useTranslation('wallet');
  return (
    <Alert
      type="warning"
      showIcon
      className="cv-wallet-notice"
      title={t('unfinished.title')}
      description={t('unfinished.body')}
    />
  );
}

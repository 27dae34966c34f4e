import type { TWalletRecordStatus } from '@caravan/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isolateText } from '../../../lib/bidi';

const COLORS: Record<TWalletRecordStatus, string> = {
  processing: 'processing',
  success: 'success',
  fail: 'error',
};

/** processing / success / fail, with the reviewer's reason under a failed one. */
export function StatusTag({ status, reason }: { status: TWalletRecordStatus; reason?: string | null }) {
  const { t } = useTranslation('wallet');
  return (
    <span className="cv-wallet-status">
      <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>
      {status === 'fail' && reason ? (
        <span className="cv-wallet-status__reason">
          {t('records.reason', { reason: isolateText(reason) })}
        </span>
      ) : null}
    </span>
  );
}

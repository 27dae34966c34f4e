import type { TWalletRecordStatus } from '@caravan/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isolateText } from '../../../lib/bidi';

const COLORS: Record<TWalletRecordStatus, string> = {
  processing: 'processing',
  success: 'success',
  fail: 'error',
};

/** The reviewer's reason for a failed record. */
export function RecordReason({ reason, className }: { reason: string; className: string }) {
  const { t } = useTranslation('wallet');
  return <span className={className}>{t('records.reason', { reason: isolateText(reason) })}</span>;
}

/** processing / success / fail, with the reviewer's reason under a failed one (a table cell). */
export function StatusTag({ status, reason }: { status: TWalletRecordStatus; reason?: string | null }) {
  const { t } = useTranslation('wallet');
  return (
    <span className="cv-wallet-status">
      <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>
      {status === 'fail' && reason ? (
        <RecordReason reason={reason} className="cv-wallet-status__reason" />
      ) : null}
    </span>
  );
}

import type { TWalletRecordStatus } from '@caravan/contracts';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<TWalletRecordStatus, string> = {
  processing: 'processing',
  success: 'success',
  fail: 'error',
};

export function RecordStatus({ status }: { status: TWalletRecordStatus }) {
  const { t } = useTranslation('wallet');
  return <Tag color={STATUS_COLORS[status]}>{t(`status.${status}`)}</Tag>;
}

/** The record's owner; clicking filters the queue by that user. */
export function OwnerCell({
  record,
  onFilter,
}: {
  record: { userId: string; usercode: string; userDisplayName: string };
  onFilter: (userId: string) => void;
}) {
  const { t } = useTranslation('finance');
  return (
    <Button
      type="link"
      size="small"
      onClick={() => onFilter(record.userId)}
      title={t('filters.byThisUser')}
      // A block of text rather than the button's flex row: as two flex items the name and the user code each
      // got half the cell, and "demobuyer" broke into "demobuy / er" beside the code.
      style={{
        display: 'inline-block',
        paddingInline: 0,
        height: 'auto',
        maxWidth: '100%',
        whiteSpace: 'normal',
        overflowWrap: 'break-word',
        textAlign: 'start',
      }}
    >
      <span dir="auto">{record.userDisplayName}</span>
      {/* The dot outside the code's left-to-right run: inside it, Arabic drew "name ·code". */}
      <span className="cv-muted">
        {' · '}
        <bdi dir="ltr">{record.usercode}</bdi>
      </span>
    </Button>
  );
}

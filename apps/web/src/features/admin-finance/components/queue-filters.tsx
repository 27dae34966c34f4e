import { type TWalletRecordStatus, WALLET_RECORD_STATUSES } from '@caravan/contracts';
import { DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TQueueFilter } from '../api/keys';
import { UserPicker } from './user-picker';

/** Status, user and date-range filters of a finance queue; any change goes back to page 1. */
export function QueueFilters({
  filter,
  userLabel,
  onChange,
}: {
  filter: TQueueFilter;
  /** The filtered user's name and code, when the filter came from a name clicked in the table. */
  userLabel?: string | undefined;
  onChange: (next: TQueueFilter) => void;
}) {
  const { t } = useTranslation(['finance', 'wallet']);
  const update = (patch: Partial<TQueueFilter>) => onChange({ ...filter, ...patch, pageNum: 1 });
  return (
    <Space wrap className="cv-console__filters" size={[12, 12]}>
      <Select<TWalletRecordStatus | 'all'>
        value={filter.status ?? 'all'}
        onChange={(status) => update({ status: status === 'all' ? undefined : status })}
        style={{ minWidth: 150 }}
        aria-label={t('filters.status')}
        options={[
          { value: 'all', label: t('filters.allStatuses') },
          ...WALLET_RECORD_STATUSES.map((status) => ({ value: status, label: t(`wallet:status.${status}`) })),
        ]}
      />
      <UserPicker value={filter.userId} valueLabel={userLabel} onChange={(userId) => update({ userId })} />
      <DatePicker.RangePicker
        aria-label={t('filters.dates')}
        value={[
          filter.createdFrom ? dayjs(filter.createdFrom) : null,
          filter.createdTo ? dayjs(filter.createdTo).subtract(1, 'day') : null,
        ]}
        allowEmpty={[true, true]}
        onChange={(range) =>
          update({
            createdFrom: range?.[0] ? range[0].startOf('day').toISOString() : undefined,
            createdTo: range?.[1] ? range[1].startOf('day').add(1, 'day').toISOString() : undefined,
          })
        }
      />
    </Space>
  );
}

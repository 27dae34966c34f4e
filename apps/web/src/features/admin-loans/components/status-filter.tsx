import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** A review queue's status filter: every status (`undefined`) or one of `statuses`. */
export function StatusFilter<TStatus extends string>({
  value,
  statuses,
  labelOf,
  onChange,
}: {
  value: TStatus | undefined;
  statuses: readonly TStatus[];
  labelOf: (status: TStatus) => string;
  onChange: (status: TStatus | undefined) => void;
}) {
  const { t } = useTranslation(['loans', 'console']);
  return (
    <Select<TStatus | ''>
      style={{ minInlineSize: 180, marginBlockEnd: 12 }}
      value={value ?? ''}
      aria-label={t('console:approvals.status')}
      onChange={(status) => onChange(status || undefined)}
      options={[
        { value: '', label: t('admin.filterAll') },
        ...statuses.map((status) => ({ value: status, label: labelOf(status) })),
      ]}
    />
  );
}

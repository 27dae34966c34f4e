import type { TInstalmentState, TScheduleLine } from '@caravan/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { MoneyText } from '../../../components/ui/money-text';
import { ScrollRegion } from '../../../components/ui/scroll-region';

const STATE_COLOURS: Record<TInstalmentState, string> = {
  paid: 'success',
  due: 'processing',
  overdue: 'error',
  upcoming: 'default',
};

/** The whole schedule: due day or date, principal, interest, total and (for a live loan) each line's state. */
export function ScheduleTable({ lines, hasStates = false }: { lines: TScheduleLine[]; hasStates?: boolean }) {
  const { t } = useTranslation('loans');
  return (
    <ScrollRegion label={t('credit.schedule')}>
      <DataTable<TScheduleLine>
        style={{ minInlineSize: 560 }}
        size="small"
        rowKey="number"
        dataSource={lines}
        pagination={lines.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
        columns={[
          { key: 'number', title: t('fields.number'), dataIndex: 'number', width: 56 },
          {
            key: 'due',
            // Before the money is paid out there are no dates yet, only days after it.
            title: lines.some((line) => line.dueDate) ? t('fields.dueDate') : t('fields.dueAfter'),
            render: (_, line) =>
              line.dueDate ? (
                <span dir="ltr" className="cv-nowrap">
                  {line.dueDate}
                </span>
              ) : (
                t('fields.termDays', { count: line.dueDay })
              ),
          },
          {
            key: 'principal',
            title: t('fields.principal'),
            align: 'end',
            render: (_, l) => <MoneyText decimals={2} value={l.principal} />,
          },
          {
            key: 'interest',
            title: t('fields.interest'),
            align: 'end',
            render: (_, l) => <MoneyText decimals={2} value={l.interest} />,
          },
          {
            key: 'total',
            title: t('fields.total'),
            align: 'end',
            render: (_, l) => <MoneyText decimals={2} value={l.total} />,
          },
          ...(hasStates
            ? [
                {
                  key: 'state',
                  title: t('fields.state'),
                  render: (_: unknown, line: TScheduleLine) => (
                    <Tag color={STATE_COLOURS[line.state]}>{t(`line.${line.state}`)}</Tag>
                  ),
                },
              ]
            : []),
        ]}
      />
    </ScrollRegion>
  );
}

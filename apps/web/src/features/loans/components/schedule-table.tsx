import type { TInstalmentState, TScheduleLine } from '@caravan/contracts';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { MoneyText } from '../../../components/ui/money-text';
import { Pager } from '../../../components/ui/pager';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/**
 * Lines shown at once: a year of 30-day cycles (13 lines, the last the balloon repayment) and half a year of weekly
 * ones fit on one page; a product with shorter cycles pages, its pager outside the region that scrolls sideways.
 */
export const SCHEDULE_PAGE_SIZE = 26;

const STATE_COLOURS: Record<TInstalmentState, string> = {
  paid: 'success',
  due: 'processing',
  overdue: 'error',
  upcoming: 'default',
};

/** The whole schedule: due day or date, principal, interest, total and (for a live loan) each line's state. */
export function ScheduleTable({ lines, hasStates = false }: { lines: TScheduleLine[]; hasStates?: boolean }) {
  const { t } = useTranslation('loans');
  // A live loan opens on the page of its first line not yet paid: what the borrower has to pay next.
  const [page, setPage] = useState(() => {
    const firstOpen = hasStates ? lines.findIndex((line) => line.state !== 'paid') : -1;
    return firstOpen > 0 ? Math.floor(firstOpen / SCHEDULE_PAGE_SIZE) + 1 : 1;
  });
  const pageCount = Math.max(1, Math.ceil(lines.length / SCHEDULE_PAGE_SIZE));
  // A shorter schedule (another term typed into the quote) keeps a page that exists.
  const shownPage = Math.min(page, pageCount);
  const shown =
    pageCount > 1 ? lines.slice((shownPage - 1) * SCHEDULE_PAGE_SIZE, shownPage * SCHEDULE_PAGE_SIZE) : lines;
  return (
    <>
      <ScrollRegion label={t('credit.schedule')}>
        <DataTable<TScheduleLine>
          style={{ minInlineSize: 560 }}
          size="small"
          rowKey="number"
          dataSource={shown}
          // The pager sits below the region: inside the wide table it was off a phone's screen (QA 2026-12-04).
          pagination={false}
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
      {pageCount > 1 && (
        <Pager
          className="cv-loans-schedule-pager"
          size="small"
          current={shownPage}
          pageSize={SCHEDULE_PAGE_SIZE}
          total={lines.length}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </>
  );
}

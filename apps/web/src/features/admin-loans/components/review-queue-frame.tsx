import type { TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import type { TPagedQuery } from '../../../components/console/server-paging';
import { DataTable } from '../../../components/ui/data-table';
import { StatusFilter } from './status-filter';

export type TReviewQueueFilter<TStatus extends string> = {
  pageNum: number;
  pageSize: number;
  status?: TStatus | undefined;
};

/** The page and status a review queue (KYC or loans) asks the server for; a new status starts at page one. */
export function useReviewQueueFilter<TStatus extends string>(initialStatus?: TStatus) {
  const [filter, setFilter] = useState<TReviewQueueFilter<TStatus>>({
    pageNum: 1,
    pageSize: 20,
    status: initialStatus,
  });
  return {
    filter,
    showStatus: (status: TStatus | undefined) => setFilter((f) => ({ ...f, pageNum: 1, status })),
    showPage: (pageNum: number) => setFilter((f) => ({ ...f, pageNum })),
  };
}

export type TReviewQueueFilterState<TStatus extends string> = ReturnType<
  typeof useReviewQueueFilter<TStatus>
>;

/**
 * A loans review queue page: title, status filter, the load error with its try-again button, and the
 * server-paged table of `columns`; `children` is the page's detail drawer.
 */
export function ReviewQueueFrame<TRecord extends { id: string }, TStatus extends string>({
  title,
  statuses,
  labelOf,
  queue,
  list,
  scrollX,
  columns,
  children,
}: {
  title: string;
  statuses: readonly TStatus[];
  labelOf: (status: TStatus) => string;
  queue: TReviewQueueFilterState<TStatus>;
  list: TPagedQuery<TRecord>;
  scrollX: number;
  columns: TableColumnsType<TRecord>;
  children: ReactNode;
}) {
  const { t } = useTranslation('loans');
  const { filter } = queue;
  return (
    <section>
      <ConsolePageHead title={title} />
      <StatusFilter value={filter.status} statuses={statuses} labelOf={labelOf} onChange={queue.showStatus} />
      {list.isError && <LoadError message={t('loadError')} onRetry={() => void list.refetch()} />}
      <DataTable<TRecord>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.pageList ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: scrollX }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: list.data?.total ?? 0,
          onChange: queue.showPage,
          showSizeChanger: false,
        }}
        columns={columns}
      />
      {children}
    </section>
  );
}

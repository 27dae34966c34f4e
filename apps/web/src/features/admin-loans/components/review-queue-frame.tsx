import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { useFilterInAddress } from '../../../components/console/filter-in-address';
import { LoadError } from '../../../components/console/load-error';
import type { TPagedQuery } from '../../../components/console/server-paging';
import { DataTable } from '../../../components/ui/data-table';
import type { TTableSorting } from '../../../components/ui/table-sort';
import { StatusFilter } from './status-filter';

export type TReviewQueueFilter<TStatus extends string> = {
  pageNum: number;
  pageSize: number;
  status?: TStatus | undefined;
};

/**
 * The page and status (and the page's other choices, such as its sort) a review queue (KYC or loans) asks the server
 * for, kept in the address (useFilterInAddress: a reload or Back came back to page 1 of the first status); `parse`
 * reads the address with the queue's contract. A new status starts at page one.
 */
export function useReviewQueueFilter<TStatus extends string, TFilter extends TReviewQueueFilter<TStatus>>(
  defaults: TFilter,
  parse: (params: Record<string, string>) => TFilter | null,
) {
  const [filter, setFilter] = useFilterInAddress(defaults, parse);
  return {
    filter,
    setFilter,
    showStatus: (status: TStatus | undefined) => setFilter((f) => ({ ...f, pageNum: 1, status })),
    showPage: (pageNum: number) => setFilter((f) => ({ ...f, pageNum })),
  };
}

export type TReviewQueueFilterState<TStatus extends string> = {
  filter: TReviewQueueFilter<TStatus>;
  showStatus: (status: TStatus | undefined) => void;
  showPage: (pageNum: number) => void;
};

/**
 * A loans review queue page: title, status filter, the load error with its try-again button, and the
 * server-paged table of `columns`; `children` is the page's detail drawer.
 */
export function ReviewQueueFrame<
  TRecord extends { id: string },
  TStatus extends string,
  TSortKey extends string = string,
>({
  title,
  statuses,
  labelOf,
  queue,
  list,
  scrollX,
  columns,
  sorting,
  children,
}: {
  title: string;
  statuses: readonly TStatus[];
  labelOf: (status: TStatus) => string;
  queue: TReviewQueueFilterState<TStatus>;
  list: TPagedQuery<TRecord>;
  scrollX: number;
  columns: TableColumnsType<TRecord>;
  /** The queue's column sort, when the server sorts it (sortingInAddress). */
  sorting?: TTableSorting<TSortKey>;
  children: ReactNode;
}) {
  const { t } = useTranslation(['loans', 'console']);
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
        {...(sorting ? { sorting } : {})}
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

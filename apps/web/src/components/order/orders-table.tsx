import {
  ORDER_LIST_SORTS,
  type TOrderListSort,
  type TOrderSummary,
  type TOrderTab,
  zOrderTab,
  zSortQuery,
} from '@caravan/contracts';
import { Empty, Space, type TableColumnsType } from 'antd';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFilterInAddress } from '../console/filter-in-address';
import { dateTimeCell } from '../ui/date-time-text';
import { emptyOrLoadError } from '../ui/load-error';
import { MoneyText } from '../ui/money-text';
import { OrderStatusTag } from './order-status-tag';
import './order.css';
import { DataTable } from '../ui/data-table';
import { SearchInput } from '../ui/search-input';
import { sortingInAddress, type TTableSort } from '../ui/table-sort';
import { OrderStatusTabs } from './order-status-tabs';

const PAGE_SIZE = 20;

type TOrderRow = Pick<
  TOrderSummary,
  'orderNo' | 'createdAt' | 'statusName' | 'refundStatus' | 'refundAmount'
> & {
  amounts: { total: string };
};

type TOrderListFilter = { tab: TOrderTab; pageNum: number; orderNo: string } & TTableSort<TOrderListSort>;

const ZOrderListAddress = z.object({
  tab: zOrderTab.optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).optional(),
  orderNo: z.string().trim().max(32).optional(),
  ...zSortQuery(ORDER_LIST_SORTS),
});

/**
 * Tab, page, searched number and column sort of an order list, kept in the address: a reload or Back kept neither the
 * tab nor the search (QA, 2026-12-03). A new tab, search or sort starts again at page 1; a new tab keeps the sort.
 */
export function useOrderListState(initialTab: TOrderTab = 'all') {
  const defaults = useMemo<TOrderListFilter>(
    () => ({ tab: initialTab, pageNum: 1, orderNo: '' }),
    [initialTab],
  );
  const parse = useCallback(
    (params: Record<string, string>): TOrderListFilter | null => {
      const parsed = ZOrderListAddress.safeParse(params);
      return parsed.success
        ? {
            tab: parsed.data.tab ?? initialTab,
            pageNum: parsed.data.pageNum ?? 1,
            orderNo: parsed.data.orderNo ?? '',
            sort: parsed.data.sort,
            order: parsed.data.order,
          }
        : null;
    },
    [initialTab],
  );
  const [filter, setFilter] = useFilterInAddress(defaults, parse);
  return {
    tab: filter.tab,
    pageNum: filter.pageNum,
    orderNo: filter.orderNo,
    /** The column sort the list reads the server with (none: newest first). */
    sort: { sort: filter.sort, order: filter.order } satisfies TTableSort<TOrderListSort>,
    sorting: sortingInAddress(ORDER_LIST_SORTS, filter, setFilter),
    pageSize: PAGE_SIZE,
    setPageNum: (pageNum: number) => setFilter((current) => ({ ...current, pageNum })),
    /** A filter changed: back to the first page. */
    restart: () => setFilter((current) => ({ ...current, pageNum: 1 })),
    selectTab: (tab: TOrderTab) => setFilter((current) => ({ ...current, tab, pageNum: 1 })),
    search: (value: string) => setFilter((current) => ({ ...current, orderNo: value.trim(), pageNum: 1 })),
  };
}

/**
 * The order list of the admin and seller consoles: status tabs, search by number, then number, date, the
 * page's own columns, total, its own money columns, status and actions.
 */
export function OrdersTable<T extends TOrderRow>(props: {
  state: ReturnType<typeof useOrderListState>;
  searchLabel: string;
  filters?: ReactNode;
  rows: T[];
  total: number;
  isFetching: boolean;
  /** The list's query: a failed load shows its error with "Try again" where the rows would be. */
  query: Parameters<typeof emptyOrLoadError>[0];
  columns: TableColumnsType<T>;
  moneyColumns?: TableColumnsType<T>;
  statusExtra?: (row: T) => ReactNode;
  actions: (row: T) => ReactNode;
  /**
   * Fixes the actions column at the table's end edge, this wide: a table wider than its box (a console at 1280 px,
   * German) keeps the actions in view while the other columns scroll.
   */
  actionsWidth?: number;
  scrollX: number;
  size?: 'middle';
  onRow?: (row: T) => object;
  /** False on a page that is one tab's list (the refunds): the other tabs would lead away from it. */
  hasStatusTabs?: boolean;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const { state } = props;
  return (
    <>
      {props.hasStatusTabs !== false && <OrderStatusTabs value={state.tab} onChange={state.selectTab} />}
      <Space wrap style={{ marginBlockEnd: 12 }}>
        <SearchInput
          allowClear
          defaultValue={state.orderNo}
          placeholder={props.searchLabel}
          aria-label={props.searchLabel}
          onSearch={state.search}
          style={{ width: 240 }}
        />
        {props.filters}
      </Space>
      <DataTable<T>
        rowKey="orderNo"
        {...(props.size ? { size: props.size } : {})}
        loading={props.isFetching}
        dataSource={props.rows}
        scroll={{ x: props.scrollX }}
        locale={{
          emptyText: emptyOrLoadError(
            props.query,
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />,
          ),
        }}
        {...(props.onRow ? { onRow: props.onRow } : {})}
        sorting={state.sorting}
        pagination={{
          current: state.pageNum,
          pageSize: state.pageSize,
          total: props.total,
          showSizeChanger: false,
          onChange: state.setPageNum,
        }}
        columns={[
          {
            title: t('detail.orderNo'),
            dataIndex: 'orderNo',
            // Isolated left to right in Arabic, wrapped rather than run under the pinned actions column at 360 px,
            // whole on wider screens.
            render: (value: string) => (
              <bdi dir="ltr" className="cv-table-code cv-table-code--whole">
                {value}
              </bdi>
            ),
          },
          {
            title: t('detail.createdAt'),
            dataIndex: 'createdAt',
            render: dateTimeCell,
          },
          ...props.columns,
          {
            title: t('detail.total'),
            key: 'total',
            align: 'end',
            render: (_, order) => <MoneyText isPrice value={order.amounts.total} />,
          },
          // The refund tab's orders wait on or tell of a refund: what it is for matters as much as the total.
          ...(state.tab === 'refund'
            ? [
                {
                  title: t('detail.returnAmount'),
                  key: 'refundAmount',
                  align: 'end' as const,
                  render: (_: unknown, order: T) =>
                    order.refundAmount === null ? '--' : <MoneyText isPrice value={order.refundAmount} />,
                },
              ]
            : []),
          ...(props.moneyColumns ?? []),
          {
            title: t('detail.status'),
            key: 'status',
            render: (_, order) => {
              const tag = <OrderStatusTag statusName={order.statusName} refundStatus={order.refundStatus} />;
              const extra = props.statusExtra?.(order);
              return extra ? (
                <Space size={4} wrap>
                  {tag}
                  {extra}
                </Space>
              ) : (
                tag
              );
            },
          },
          {
            title: t('common:table.actions'),
            key: 'actions',
            ...(props.actionsWidth ? { fixed: 'end' as const, width: props.actionsWidth } : {}),
            render: (_, order) => props.actions(order),
          },
        ]}
      />
    </>
  );
}

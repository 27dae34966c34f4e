import { MODERATION_REASON_MAX } from '@caravan/contracts';
import { Button, Modal, Space, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../components/console/console-layout';
import { LoadError } from '../../components/console/load-error';
import { ReasonModal } from '../../components/console/reason-modal';
import { type TPagedQuery, useServerPaging } from '../../components/console/server-paging';
import { DataTable } from '../../components/ui/data-table';
import { SearchInput } from '../../components/ui/search-input';
import type { TTableSorting } from '../../components/ui/table-sort';
import { toast } from '../../lib/toast';
import { useStaffAction } from './api';

export type TModerationQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

/** A moderation list's query with the page's own status filter (unset at first). */
export type TModerationQueryOf<TFilter> = TModerationQuery & {
  [K in keyof TFilter]?: TFilter[K] | undefined;
};

/** Where every moderation list starts: the first page of 20, no keyword, no filter. */
export const FIRST_MODERATION_PAGE = { pageNum: 1, pageSize: 20 } as const;

/**
 * What a row's action button does: `restrict` asks for a reason (take down, suspend); `restore` asks to
 * confirm the undo (restore, reinstate); `null` shows no button.
 */
export type TModerationActions<TRow> = {
  stateOf: (row: TRow) => 'restrict' | 'restore' | null;
  restrictLabel: string;
  restrictTitle: (row: TRow) => string;
  restrictPath: (row: TRow) => string;
  restoreLabel: string;
  restoreTitle: (row: TRow) => string;
  restorePath: (row: TRow) => string;
};

/**
 * The actions of a staff moderation list: one row at a time gets a reason (take down, suspend) or a plain
 * confirmation (restore, reinstate); each runs one staff call and reports success.
 */
function useModeration<TRow>() {
  const { t } = useTranslation(['seller', 'common']);
  const [modal, modalHolder] = Modal.useModal();
  const action = useStaffAction();
  const [target, setTarget] = useState<TRow | null>(null);
  const run = async (path: string, body?: unknown) => {
    await action.mutateAsync({ path, body });
    toast.success(t('common:success.operationSucceeded'));
    setTarget(null);
  };
  const confirm = (input: { title: string; okText: string; path: string }) =>
    void modal.confirm({
      title: input.title,
      okText: input.okText,
      cancelText: t('common:actions.cancel'),
      onOk: () => run(input.path).catch(() => undefined),
    });
  return { modalHolder, isBusy: action.isPending, target, setTarget, run, confirm };
}

/**
 * Page frame of a moderation list: title, keyword search, one status filter, the load error, the paged table with its
 * restrict / restore buttons, the reason dialog.
 */
export function ModerationTable<
  TRow extends { id: string },
  TQuery extends TModerationQuery,
  TSortKey extends string,
>(props: {
  title: string;
  keywordLabel: string;
  filter: ReactNode;
  query: TQuery;
  setQuery: (update: (query: TQuery) => TQuery) => void;
  /** The list's column sort (sortingInAddress). */
  sorting: TTableSorting<TSortKey>;
  list: TPagedQuery<TRow>;
  columns: TableColumnsType<TRow>;
  actions: TModerationActions<TRow>;
}) {
  const { t } = useTranslation(['seller', 'common']);
  const paging = useServerPaging();
  const { actions, setQuery } = props;
  const moderation = useModeration<TRow>();
  const target = moderation.target;
  const actionColumn: TableColumnsType<TRow>[number] = {
    title: t('common:table.actions'),
    key: 'actions',
    render: (_, row) => {
      const state = actions.stateOf(row);
      if (state === 'restrict') {
        return (
          <Button size="small" danger onClick={() => moderation.setTarget(row)}>
            {actions.restrictLabel}
          </Button>
        );
      }
      if (state === 'restore') {
        return (
          <Button
            size="small"
            onClick={() =>
              moderation.confirm({
                title: actions.restoreTitle(row),
                okText: actions.restoreLabel,
                path: actions.restorePath(row),
              })
            }
          >
            {actions.restoreLabel}
          </Button>
        );
      }
      return null;
    },
  };
  return (
    <>
      {moderation.modalHolder}
      <ConsolePageHead title={props.title} />
      <Space wrap className="cv-console__filters">
        <SearchInput
          allowClear
          aria-label={props.keywordLabel}
          placeholder={props.keywordLabel}
          style={{ width: 260 }}
          defaultValue={props.query.keyword}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
        />
        {props.filter}
      </Space>
      {props.list.isError && <LoadError onRetry={() => void props.list.refetch()} />}
      <DataTable<TRow>
        rowKey="id"
        size="middle"
        loading={props.list.isFetching}
        dataSource={props.list.data?.pageList ?? []}
        scroll={{ x: 800 }}
        sorting={props.sorting}
        pagination={paging(props.query, props.list.data?.total, (pageNum, pageSize) =>
          setQuery((q) => ({ ...q, pageNum, pageSize })),
        )}
        columns={[...props.columns, actionColumn]}
      />
      <ReasonModal
        label={t('admin.reason')}
        maxLength={MODERATION_REASON_MAX}
        title={target ? actions.restrictTitle(target) : null}
        isBusy={moderation.isBusy}
        onCancel={() => moderation.setTarget(null)}
        onSubmit={(reason) =>
          moderation.run(actions.restrictPath(target!), { reason }).catch(() => undefined)
        }
      />
    </>
  );
}

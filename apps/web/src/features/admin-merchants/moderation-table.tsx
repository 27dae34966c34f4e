import { Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../components/console/console-layout';
import { toast } from '../../lib/toast';
import { useStaffAction } from './api';
import { ReasonModal } from './reason-modal';

export type TModerationQuery = { pageNum: number; pageSize: number; keyword?: string | undefined };

/**
 * The actions of a staff moderation list: one row at a time gets a reason (take down, suspend) or a plain
 * confirmation (restore, reinstate); each runs one staff call and reports success.
 */
export function useModeration<TRow>() {
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

/** Page frame of a moderation list: title, keyword search, one status filter, the paged table, the reason dialog. */
export function ModerationTable<TRow extends { id: string }, TQuery extends TModerationQuery>(props: {
  title: string;
  keywordLabel: string;
  filter: ReactNode;
  query: TQuery;
  setQuery: (update: (query: TQuery) => TQuery) => void;
  rows: TRow[];
  total: number;
  isFetching: boolean;
  columns: TableColumnsType<TRow>;
  moderation: ReturnType<typeof useModeration<TRow>>;
  reasonTitle: (row: TRow) => string;
  reasonPath: (row: TRow) => string;
}) {
  const { t } = useTranslation(['seller', 'common']);
  const { moderation, setQuery } = props;
  const target = moderation.target;
  return (
    <>
      {moderation.modalHolder}
      <ConsolePageHead title={props.title} />
      <Space wrap className="cv-console__filters">
        <Input.Search
          allowClear
          aria-label={props.keywordLabel}
          placeholder={props.keywordLabel}
          style={{ width: 260 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
        />
        {props.filter}
      </Space>
      <Table<TRow>
        rowKey="id"
        size="middle"
        loading={props.isFetching}
        dataSource={props.rows}
        scroll={{ x: 800 }}
        pagination={{
          current: props.query.pageNum,
          pageSize: props.query.pageSize,
          total: props.total,
          showTotal: (total) => t('common:table.total', { total }),
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
        columns={props.columns}
      />
      <ReasonModal
        title={target ? props.reasonTitle(target) : null}
        isBusy={moderation.isBusy}
        onCancel={() => moderation.setTarget(null)}
        onSubmit={(reason) =>
          void moderation.run(props.reasonPath(target!), { reason }).catch(() => undefined)
        }
      />
    </>
  );
}

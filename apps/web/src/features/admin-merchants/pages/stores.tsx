import { STORE_STATUS_VALUES, type TAdminStore } from '@caravan/contracts';
import { Button, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useStaffAction, useStores } from '../api';
import { ReasonModal } from '../reason-modal';

type TStatus = (typeof STORE_STATUS_VALUES)[number];

/** /admin/stores: every shop; suspend with a reason (its goods leave the storefront) or reinstate. */
export default function AdminStoresPage() {
  const { t } = useTranslation(['seller', 'common']);
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<{
    pageNum: number;
    pageSize: number;
    keyword?: string;
    status?: TStatus;
  }>({
    pageNum: 1,
    pageSize: 20,
  });
  const list = useStores(query);
  const action = useStaffAction();
  const [suspending, setSuspending] = useState<TAdminStore | null>(null);
  const run = async (path: string, body?: unknown) => {
    await action.mutateAsync({ path, body });
    toast.success(t('common:success.operationSucceeded'));
    setSuspending(null);
  };
  return (
    <>
      {modalHolder}
      <ConsolePageHead title={t('admin.stores')} />
      <Space wrap className="cv-console__filters">
        <Input.Search
          allowClear
          aria-label={t('admin.storeKeyword')}
          placeholder={t('admin.storeKeyword')}
          style={{ width: 260 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
        />
        <Select<TStatus>
          allowClear
          aria-label={t('admin.status')}
          placeholder={t('admin.status')}
          style={{ width: 160 }}
          value={query.status}
          onChange={(status) => setQuery((q) => ({ ...q, pageNum: 1, status }))}
          options={STORE_STATUS_VALUES.map((s) => ({ value: s, label: t(`shop.status.${s}`) }))}
        />
      </Space>
      <Table<TAdminStore>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.pageList ?? []}
        scroll={{ x: 800 }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('common:table.total', { total }),
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
        columns={[
          { title: t('apply.shopName'), dataIndex: 'name' },
          { title: t('admin.applicant'), dataIndex: 'ownerUsername' },
          {
            title: t('admin.status'),
            dataIndex: 'status',
            render: (s: TStatus, row) => (
              <Space direction="vertical" size={0}>
                <Tag color={s === 'active' ? 'green' : s === 'suspended' ? 'red' : 'default'}>
                  {t(`shop.status.${s}`)}
                </Tag>
                {row.suspendedReason ? <small>{row.suspendedReason}</small> : null}
              </Space>
            ),
          },
          { title: t('admin.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
          {
            title: t('common:table.actions'),
            key: 'actions',
            render: (_, row) =>
              row.status === 'active' ? (
                <Button size="small" danger onClick={() => setSuspending(row)}>
                  {t('admin.suspend')}
                </Button>
              ) : row.status === 'suspended' ? (
                <Button
                  size="small"
                  onClick={() =>
                    void modal.confirm({
                      title: t('admin.reinstateTitle', { name: row.name }),
                      okText: t('admin.reinstate'),
                      cancelText: t('common:actions.cancel'),
                      onOk: () => run(`/admin/stores/${row.id}/reinstate`).catch(() => undefined),
                    })
                  }
                >
                  {t('admin.reinstate')}
                </Button>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        title={suspending ? t('admin.suspendTitle', { name: suspending.name }) : null}
        isBusy={action.isPending}
        onCancel={() => setSuspending(null)}
        onSubmit={(reason) =>
          void run(`/admin/stores/${suspending!.id}/suspend`, { reason }).catch(() => undefined)
        }
      />
    </>
  );
}

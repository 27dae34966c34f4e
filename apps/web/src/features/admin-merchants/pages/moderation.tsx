import type { TAdminProduct } from '@caravan/contracts';
import { Button, Image, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useModerationProducts, useStaffAction } from '../api';
import { ReasonModal } from '../reason-modal';

/** /admin/product-moderation: take a product down with a reason, or restore it. */
export default function ProductModerationPage() {
  const { t } = useTranslation(['seller', 'common']);
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<{
    pageNum: number;
    pageSize: number;
    keyword?: string;
    isTakenDown?: boolean;
  }>({
    pageNum: 1,
    pageSize: 20,
  });
  const list = useModerationProducts(query);
  const action = useStaffAction();
  const [target, setTarget] = useState<TAdminProduct | null>(null);
  const run = async (path: string, body?: unknown) => {
    await action.mutateAsync({ path, body });
    toast.success(t('common:success.operationSucceeded'));
    setTarget(null);
  };
  return (
    <>
      {modalHolder}
      <ConsolePageHead title={t('admin.moderation')} />
      <Space wrap className="cv-console__filters">
        <Input.Search
          allowClear
          aria-label={t('products.keyword')}
          placeholder={t('products.keyword')}
          style={{ width: 260 }}
          onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
        />
        <Select<string>
          allowClear
          aria-label={t('admin.status')}
          placeholder={t('admin.status')}
          style={{ width: 180 }}
          onChange={(v) =>
            setQuery((q) => ({ ...q, pageNum: 1, isTakenDown: v === undefined ? undefined : v === 'down' }))
          }
          options={[
            { value: 'down', label: t('products.state.takenDown') },
            { value: 'up', label: t('admin.notTakenDown') },
          ]}
        />
      </Space>
      <Table<TAdminProduct>
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
          {
            title: t('products.image'),
            dataIndex: 'image',
            width: 72,
            render: (img: TAdminProduct['image'], row) =>
              img ? <Image src={img.url} width={48} height={48} alt={row.name} /> : null,
          },
          { title: t('products.name'), dataIndex: 'name' },
          { title: t('apply.shopName'), dataIndex: 'storeName' },
          {
            title: t('admin.status'),
            key: 'state',
            render: (_, row) =>
              row.takenDownAt ? (
                <Space direction="vertical" size={0}>
                  <Tag color="red">{t('products.state.takenDown')}</Tag>
                  <small>
                    {row.takenDownReason} · {formatDateTime(row.takenDownAt)}
                  </small>
                </Space>
              ) : (
                <Tag color={row.isOnShelf ? 'green' : 'default'}>
                  {t(row.isOnShelf ? 'products.state.onShelf' : 'products.state.offShelf')}
                </Tag>
              ),
          },
          {
            title: t('common:table.actions'),
            key: 'actions',
            render: (_, row) =>
              row.takenDownAt ? (
                <Button
                  size="small"
                  onClick={() =>
                    void modal.confirm({
                      title: t('admin.restoreTitle', { name: row.name }),
                      okText: t('admin.restore'),
                      cancelText: t('common:actions.cancel'),
                      onOk: () => run(`/admin/products/${row.id}/restore`).catch(() => undefined),
                    })
                  }
                >
                  {t('admin.restore')}
                </Button>
              ) : (
                <Button size="small" danger onClick={() => setTarget(row)}>
                  {t('admin.takeDown')}
                </Button>
              ),
          },
        ]}
      />
      <ReasonModal
        title={target ? t('admin.takeDownTitle', { name: target.name }) : null}
        isBusy={action.isPending}
        onCancel={() => setTarget(null)}
        onSubmit={(reason) =>
          void run(`/admin/products/${target!.id}/take-down`, { reason }).catch(() => undefined)
        }
      />
    </>
  );
}

import { STORE_STATUS_VALUES, type TAdminStore } from '@caravan/contracts';
import { Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { useStores } from '../api';
import { FIRST_MODERATION_PAGE, ModerationTable, type TModerationQueryOf } from '../moderation-table';

type TStatus = (typeof STORE_STATUS_VALUES)[number];

/** /admin/stores: every shop; suspend with a reason (its goods leave the storefront) or reinstate. */
export default function AdminStoresPage() {
  const { t } = useTranslation(['seller', 'common']);
  const selectClear = useSelectClear();
  const [query, setQuery] = useState<TModerationQueryOf<{ status: TStatus }>>(FIRST_MODERATION_PAGE);
  const list = useStores(query);
  return (
    <ModerationTable<TAdminStore, typeof query>
      title={t('admin.stores')}
      keywordLabel={t('admin.storeKeyword')}
      filter={
        <Select<TStatus>
          allowClear={selectClear}
          aria-label={t('admin.status')}
          placeholder={t('admin.status')}
          style={{ width: 160 }}
          value={query.status}
          onChange={(status) => setQuery((q) => ({ ...q, pageNum: 1, status }))}
          options={STORE_STATUS_VALUES.map((s) => ({ value: s, label: t(`shop.status.${s}`) }))}
        />
      }
      query={query}
      setQuery={setQuery}
      list={list}
      actions={{
        stateOf: (row) =>
          row.status === 'active' ? 'restrict' : row.status === 'suspended' ? 'restore' : null,
        restrictLabel: t('admin.suspend'),
        restrictTitle: (row) => t('admin.suspendTitle', { name: row.name }),
        restrictPath: (row) => `/admin/stores/${row.id}/suspend`,
        restoreLabel: t('admin.reinstate'),
        restoreTitle: (row) => t('admin.reinstateTitle', { name: row.name }),
        restorePath: (row) => `/admin/stores/${row.id}/reinstate`,
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
        { title: t('admin.createdAt'), dataIndex: 'createdAt', render: dateTimeCell },
      ]}
    />
  );
}

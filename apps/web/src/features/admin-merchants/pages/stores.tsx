import {
  ADMIN_STORE_SORTS,
  STORE_STATUS_VALUES,
  type TAdminStore,
  type TAdminStoreSort,
  ZAdminStoresQuery,
} from '@caravan/contracts';
import { Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { sortingInAddress, type TTableSort } from '../../../components/ui/table-sort';
import { useStores } from '../api';
import { FIRST_MODERATION_PAGE, ModerationTable, type TModerationQueryOf } from '../moderation-table';

type TStatus = (typeof STORE_STATUS_VALUES)[number];
type TStoresQuery = TModerationQueryOf<{ status: TStatus }> & TTableSort<TAdminStoreSort>;

/** The shops' page, name searched and status as the address gives them, or null when the server would refuse one. */
function parseStoresQuery(params: Record<string, string>): TStoresQuery | null {
  const query = readAddress(ZAdminStoresQuery, params);
  return (
    query && {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      keyword: query.keyword || undefined,
      status: query.status,
      sort: query.sort,
      order: query.order,
    }
  );
}

/** /admin/stores: every shop; suspend with a reason (its goods leave the storefront) or reinstate. */
export default function AdminStoresPage() {
  const { t } = useTranslation(['seller', 'common']);
  const selectClear = useSelectClear();
  // Page, search and status in the address: a reload or a shared link started over.
  const [query, setQuery] = useFilterInAddress<TStoresQuery>(FIRST_MODERATION_PAGE, parseStoresQuery);
  const list = useStores(query);
  return (
    <ModerationTable<TAdminStore, typeof query, TAdminStoreSort>
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
      sorting={sortingInAddress(ADMIN_STORE_SORTS, query, setQuery)}
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
        { title: t('apply.shopName'), dataIndex: 'name', className: 'cv-table-name' },
        { title: t('admin.applicant'), dataIndex: 'ownerUsername' },
        {
          title: t('admin.status'),
          dataIndex: 'status',
          render: (s: TStatus, row) => (
            <Space orientation="vertical" size={0}>
              <Tag color={s === 'active' ? 'green' : s === 'suspended' ? 'red' : 'default'}>
                {t(`shop.status.${s}`)}
              </Tag>
              {row.suspendedReason ? <small>{row.suspendedReason}</small> : null}
            </Space>
          ),
        },
        { title: t('admin.goodsCount'), dataIndex: 'goodsCount', align: 'end' },
        { title: t('admin.createdAt'), dataIndex: 'createdAt', render: dateTimeCell },
      ]}
    />
  );
}

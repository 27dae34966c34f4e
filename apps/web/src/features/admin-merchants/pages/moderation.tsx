import {
  ADMIN_PRODUCT_SORTS,
  type TAdminProduct,
  type TAdminProductSort,
  ZAdminProductsQuery,
} from '@caravan/contracts';
import { Image, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { MoneyText } from '../../../components/ui/money-text';
import { usePicturePreview } from '../../../components/ui/picture-preview';
import { sortingInAddress, type TTableSort } from '../../../components/ui/table-sort';
import { formatDateTime } from '../../../lib/format';
import { useModerationProducts } from '../api';
import { FIRST_MODERATION_PAGE, ModerationTable, type TModerationQueryOf } from '../moderation-table';

/** Taken down or not as the address and the list's query say it (`isTakenDown=false` is a choice, not none). */
type TProductsQuery = TModerationQueryOf<{ isTakenDown: 'true' | 'false' }> & TTableSort<TAdminProductSort>;

/** The products' page, name searched and state as the address gives them, or null when the server would refuse one. */
function parseProductsQuery(params: Record<string, string>): TProductsQuery | null {
  const query = readAddress(ZAdminProductsQuery, params);
  return (
    query && {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      keyword: query.keyword || undefined,
      isTakenDown: query.isTakenDown === undefined ? undefined : query.isTakenDown ? 'true' : 'false',
      sort: query.sort,
      order: query.order,
    }
  );
}

/** /admin/product-moderation: take a product down with a reason, or restore it. */
export default function ProductModerationPage() {
  const { t } = useTranslation(['seller', 'common']);
  const selectClear = useSelectClear();
  const picturePreview = usePicturePreview();
  // Page, search and state in the address: a reload or a shared link started over.
  const [query, setQuery] = useFilterInAddress<TProductsQuery>(FIRST_MODERATION_PAGE, parseProductsQuery);
  const list = useModerationProducts(query);
  return (
    <ModerationTable<TAdminProduct, typeof query, TAdminProductSort>
      title={t('admin.moderation')}
      keywordLabel={t('products.keyword')}
      filter={
        <Select<'true' | 'false'>
          allowClear={selectClear}
          aria-label={t('admin.status')}
          placeholder={t('admin.status')}
          style={{ width: 180 }}
          value={query.isTakenDown}
          onChange={(isTakenDown) => setQuery((q) => ({ ...q, pageNum: 1, isTakenDown }))}
          options={[
            { value: 'true', label: t('products.state.takenDown') },
            { value: 'false', label: t('admin.notTakenDown') },
          ]}
        />
      }
      query={query}
      setQuery={setQuery}
      sorting={sortingInAddress(ADMIN_PRODUCT_SORTS, query, setQuery)}
      list={list}
      actions={{
        stateOf: (row) => (row.takenDownAt ? 'restore' : 'restrict'),
        restrictLabel: t('admin.takeDown'),
        restrictTitle: (row) => t('admin.takeDownTitle', { name: row.name }),
        restrictPath: (row) => `/admin/products/${row.id}/take-down`,
        restoreLabel: t('admin.restore'),
        restoreTitle: (row) => t('admin.restoreTitle', { name: row.name }),
        restorePath: (row) => `/admin/products/${row.id}/restore`,
      }}
      columns={[
        {
          title: t('products.image'),
          dataIndex: 'image',
          width: 72,
          render: (img: TAdminProduct['image'], row) =>
            img ? (
              <Image src={img.url} width={48} height={48} alt={row.name} preview={picturePreview} />
            ) : null,
        },
        { title: t('products.name'), dataIndex: 'name', className: 'cv-table-name' },
        { title: t('apply.shopName'), dataIndex: 'storeName', className: 'cv-table-name' },
        {
          title: t('products.price'),
          key: 'price',
          align: 'end',
          render: (_, row) => <MoneyText isPrice value={row.price} />,
        },
        { title: t('products.sold'), key: 'sales', dataIndex: 'soldCount', align: 'end' },
        {
          title: t('admin.status'),
          key: 'state',
          render: (_, row) =>
            row.takenDownAt ? (
              <Space orientation="vertical" size={0}>
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
      ]}
    />
  );
}

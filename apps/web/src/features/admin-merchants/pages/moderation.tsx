import type { TAdminProduct } from '@caravan/contracts';
import { Image, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { usePicturePreview } from '../../../components/ui/picture-preview';
import { formatDateTime } from '../../../lib/format';
import { useModerationProducts } from '../api';
import { FIRST_MODERATION_PAGE, ModerationTable, type TModerationQueryOf } from '../moderation-table';

/** /admin/product-moderation: take a product down with a reason, or restore it. */
export default function ProductModerationPage() {
  const { t } = useTranslation(['seller', 'common']);
  const selectClear = useSelectClear();
  const picturePreview = usePicturePreview();
  const [query, setQuery] = useState<TModerationQueryOf<{ isTakenDown: boolean }>>(FIRST_MODERATION_PAGE);
  const list = useModerationProducts(query);
  return (
    <ModerationTable<TAdminProduct, typeof query>
      title={t('admin.moderation')}
      keywordLabel={t('products.keyword')}
      filter={
        <Select<string>
          allowClear={selectClear}
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
      }
      query={query}
      setQuery={setQuery}
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
      ]}
    />
  );
}

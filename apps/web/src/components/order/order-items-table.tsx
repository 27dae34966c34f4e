import type { TOrderItem } from '@caravan/contracts';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../ui/money-text';

type TItemRow = Omit<TOrderItem, 'id'> & { id?: string };

/** Goods of one order: commodity, specification, unit price, quantity and amount (money right-aligned). */
export function OrderItemsTable({ items }: { items: TItemRow[] }) {
  const { t } = useTranslation('orders');
  return (
    <Table<TItemRow>
      size="small"
      pagination={false}
      rowKey={(item) => item.id ?? `${item.productId}-${item.variantId ?? ''}`}
      dataSource={items}
      scroll={{ x: 560 }}
      columns={[
        {
          title: t('detail.commodity'),
          key: 'name',
          render: (_, item) => (
            <div className="cv-order-goods">
              {item.imgUrl ? (
                <img
                  className="cv-order-thumb"
                  src={item.imgUrl}
                  alt={item.name}
                  width={48}
                  height={48}
                  loading="lazy"
                />
              ) : (
                <span className="cv-order-thumb" aria-hidden />
              )}
              <bdi className="cv-order-goods__name">{item.name}</bdi>
            </div>
          ),
        },
        { title: t('detail.specification'), dataIndex: 'specification', render: (v: string) => v || '--' },
        {
          title: t('detail.unitPrice'),
          dataIndex: 'unitPrice',
          align: 'end',
          render: (v: string) => <MoneyText isPrice value={v} />,
        },
        { title: t('detail.quantity'), dataIndex: 'quantity', align: 'end' },
        {
          title: t('detail.lineTotal'),
          dataIndex: 'lineTotal',
          align: 'end',
          render: (v: string) => <MoneyText isPrice value={v} />,
        },
      ]}
    />
  );
}

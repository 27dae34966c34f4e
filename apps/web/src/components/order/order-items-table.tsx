import type { TOrderItem } from '@caravan/contracts';

import { useTranslation } from 'react-i18next';
import { DataTable } from '../ui/data-table';
import { MoneyText } from '../ui/money-text';
import { ScrollRegion } from '../ui/scroll-region';

type TItemRow = Omit<TOrderItem, 'id'> & { id?: string };

/** Goods of one order: commodity, specification, unit price, quantity and amount (money right-aligned). */
export function OrderItemsTable({ items }: { items: TItemRow[] }) {
  const { t } = useTranslation('orders');
  // Nothing in a row takes focus, so the region does: a keyboard scrolls to the far columns. Its own region, as
  // checkout shows it outside the layouts whose tables KeyboardScrollableTables covers.
  return (
    <ScrollRegion label={t('detail.items')}>
      <DataTable<TItemRow>
        size="small"
        pagination={false}
        rowKey={(item) => item.id ?? `${item.productId}-${item.variantId ?? ''}`}
        dataSource={items}
        style={{ minInlineSize: 560 }}
        columns={[
          {
            title: t('detail.commodity'),
            key: 'name',
            render: (_, item) => (
              <div className="cv-order-goods">
                {item.imgUrl ? (
                  // The name is beside the picture: read once, not twice (an empty alt marks it decorative).
                  <img
                    className="cv-order-thumb"
                    src={item.imgUrl}
                    alt=""
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
    </ScrollRegion>
  );
}

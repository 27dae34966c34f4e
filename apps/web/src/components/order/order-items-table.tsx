import type { TOrderItem } from '@caravan/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsNarrowerThan } from '../../lib/use-is-narrower-than';
import { DataTable } from '../ui/data-table';
import { Figures } from '../ui/figures';
import { MoneyText } from '../ui/money-text';
import { ScrollRegion } from '../ui/scroll-region';
// Its own rules (the stacked lines, the picture beside the name): a page showing the goods alone, as the review page
// does, otherwise had none, as the order detail's other parts brought them.
import './order.css';

type TItemRow = Omit<TOrderItem, 'id'> & { id?: string };

/** The table's five columns need this much room; in less (a phone) each line is stacked instead. */
const TABLE_MIN_WIDTH = 560;

function lineKey(item: TItemRow): string {
  return item.id ?? `${item.productId}-${item.variantId ?? ''}`;
}

function ItemThumb({ item }: { item: TItemRow }) {
  return item.imgUrl ? (
    // The name is beside the picture: read once, not twice (an empty alt marks it decorative).
    <img className="cv-order-thumb" src={item.imgUrl} alt="" width={48} height={48} loading="lazy" />
  ) : (
    <span className="cv-order-thumb" aria-hidden />
  );
}

/**
 * Goods of one order: commodity, specification, unit price, quantity and amount (money right-aligned). Where the
 * five columns do not fit, each line is stacked (name and options, then price, quantity and amount) rather than
 * making the reader scroll sideways for the amounts.
 */
export function OrderItemsTable({ items }: { items: TItemRow[] }) {
  const box = useRef<HTMLDivElement>(null);
  const isStacked = useIsNarrowerThan(box, TABLE_MIN_WIDTH);
  return <div ref={box}>{isStacked ? <StackedItems items={items} /> : <ItemsTable items={items} />}</div>;
}

function StackedItems({ items }: { items: TItemRow[] }) {
  const { t } = useTranslation('orders');
  return (
    <ul className="cv-order-lines" aria-label={t('detail.items')}>
      {items.map((item) => (
        <li key={lineKey(item)} className="cv-order-line">
          <ItemThumb item={item} />
          <div className="cv-order-line__body">
            {/* Each text isolated inside a line of the page's direction: a name's own direction would also set
                which side it starts on (an English name on the left of an Arabic page). */}
            <div className="cv-order-goods__name" dir="auto">
              {item.name}
            </div>
            {item.specification && (
              <div className="cv-order-line__spec">
                <bdi>{item.specification}</bdi>
              </div>
            )}
            <Figures
              items={[
                {
                  key: 'unitPrice',
                  label: t('detail.unitPrice'),
                  value: <MoneyText isPrice value={item.unitPrice} />,
                },
                { key: 'quantity', label: t('detail.quantity'), value: item.quantity },
                {
                  key: 'lineTotal',
                  label: t('detail.lineTotal'),
                  value: <MoneyText isPrice value={item.lineTotal} />,
                },
              ]}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

function ItemsTable({ items }: { items: TItemRow[] }) {
  const { t } = useTranslation('orders');
  // Nothing in a row takes focus, so the region does: a keyboard scrolls to the far columns. Its own region, as
  // checkout shows it outside the layouts whose tables KeyboardScrollableTables covers.
  return (
    <ScrollRegion label={t('detail.items')}>
      <DataTable<TItemRow>
        size="small"
        pagination={false}
        rowKey={lineKey}
        dataSource={items}
        style={{ minInlineSize: TABLE_MIN_WIDTH }}
        columns={[
          {
            title: t('detail.commodity'),
            key: 'name',
            render: (_, item) => (
              <div className="cv-order-goods">
                <ItemThumb item={item} />
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

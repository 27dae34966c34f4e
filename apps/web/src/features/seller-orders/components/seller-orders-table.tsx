import type { TOrderSummary, TOrderTab } from '@caravan/contracts';
import { Button, Card, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrdersTable, useOrderListState } from '../../../components/order/orders-table';
import { useSellerOrders } from '../api/seller-orders-api';
import { SellerOrderDrawer } from './seller-order-drawer';
import '../../../components/order/order.css';

/** The shop's orders with status tabs, a reminded-only filter and search by number; a row opens the drawer. */
export function SellerOrdersTable({ initialTab = 'all' }: { initialTab?: TOrderTab }) {
  const { t } = useTranslation(['orders', 'common', 'cart', 'errors']);
  const state = useOrderListState(initialTab);
  // The refunds page lists refunds only, whatever tab an old address names.
  const isRefundsPage = initialTab === 'refund';
  const [isReminded, setIsReminded] = useState(false);
  const [openNo, setOpenNo] = useState<string | null>(null);
  const orders = useSellerOrders({
    tab: isRefundsPage ? 'refund' : state.tab,
    pageNum: state.pageNum,
    orderNo: state.orderNo,
    isReminded,
    ...state.sort,
  });
  return (
    <Card>
      <OrdersTable<TOrderSummary>
        state={state}
        hasStatusTabs={!isRefundsPage}
        searchLabel={t('seller.orders.search')}
        filters={
          // A buyer reminds the shop to ship: no filter for the refunds page, whose orders wait for a decision.
          !isRefundsPage && (
            <Checkbox
              checked={isReminded}
              onChange={(event) => {
                setIsReminded(event.target.checked);
                state.restart();
              }}
            >
              {t('seller.orders.onlyReminded')}
            </Checkbox>
          )
        }
        rows={orders.data?.pageList ?? []}
        total={orders.data?.total ?? 0}
        isFetching={orders.isFetching}
        query={orders}
        size="middle"
        scrollX={820}
        onRow={(order) => ({ 'data-testid': 'seller-order-row', 'data-order-no': order.orderNo })}
        columns={[
          {
            title: t('detail.items'),
            key: 'items',
            // A product a line, its name cut at two lines and its quantity after it: joined with commas the names
            // ran together in the narrow column a phone leaves them, one product's "× 2" next to another's name.
            render: (_, order) => (
              <ul className="cv-order-item-list">
                {order.items.map((item) => (
                  <li key={item.id}>
                    <bdi className="cv-order-goods__name">{item.name}</bdi>
                    <span className="cv-order-card__qty" dir="ltr">
                      × {item.quantity}
                    </span>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
        statusExtra={(order) =>
          order.isReminded ? <span className="cv-muted">{t('list.reminded')}</span> : null
        }
        actions={(order) => (
          <Button type="link" onClick={() => setOpenNo(order.orderNo)}>
            {t('list.details')}
          </Button>
        )}
      />
      <SellerOrderDrawer orderNo={openNo} onClose={() => setOpenNo(null)} />
    </Card>
  );
}

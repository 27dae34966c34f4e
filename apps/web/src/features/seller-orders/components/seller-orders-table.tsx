import { ORDER_TABS, type TOrderSummary, type TOrderTab } from '@caravan/contracts';
import { Button, Card, Checkbox, Empty, Input, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatusTag } from '../../../components/order/order-status-tag';
import { MoneyText } from '../../../components/ui/money-text';
import { formatDateTime } from '../../../lib/format';
import { useSellerOrders } from '../api/seller-orders-api';
import { SellerOrderDrawer } from './seller-order-drawer';
import '../../../components/order/order.css';

const PAGE_SIZE = 20;

/** The shop's orders with status tabs, a reminded-only filter and search by number; a row opens the drawer. */
export function SellerOrdersTable({ initialTab = 'all' }: { initialTab?: TOrderTab }) {
  const { t } = useTranslation(['orders', 'common']);
  const [tab, setTab] = useState<TOrderTab>(initialTab);
  const [pageNum, setPageNum] = useState(1);
  const [orderNo, setOrderNo] = useState('');
  const [isReminded, setIsReminded] = useState(false);
  const [openNo, setOpenNo] = useState<string | null>(null);
  const orders = useSellerOrders({ tab, pageNum, orderNo: orderNo.trim(), isReminded });
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as TOrderTab);
          setPageNum(1);
        }}
        items={ORDER_TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
      />
      <Space wrap style={{ marginBlockEnd: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('seller.orders.search')}
          aria-label={t('seller.orders.search')}
          onSearch={(value) => {
            setOrderNo(value);
            setPageNum(1);
          }}
          style={{ width: 240 }}
        />
        <Checkbox
          checked={isReminded}
          onChange={(event) => {
            setIsReminded(event.target.checked);
            setPageNum(1);
          }}
        >
          {t('seller.orders.onlyReminded')}
        </Checkbox>
      </Space>
      <Table<TOrderSummary>
        rowKey="orderNo"
        size="middle"
        loading={orders.isFetching}
        dataSource={orders.data?.pageList ?? []}
        scroll={{ x: 820 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        onRow={(order) => ({ 'data-testid': 'seller-order-row', 'data-order-no': order.orderNo }) as object}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: orders.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        columns={[
          {
            title: t('detail.orderNo'),
            dataIndex: 'orderNo',
            render: (value: string) => <span dir="ltr">{value}</span>,
          },
          {
            title: t('detail.createdAt'),
            dataIndex: 'createdAt',
            render: (value: string) => <span dir="ltr">{formatDateTime(value)}</span>,
          },
          {
            title: t('detail.items'),
            key: 'items',
            render: (_, order) => order.items.map((item) => `${item.name} × ${item.quantity}`).join(', '),
          },
          {
            title: t('detail.total'),
            key: 'total',
            align: 'end',
            render: (_, order) => <MoneyText isPrice value={order.amounts.total} />,
          },
          {
            title: t('detail.status'),
            key: 'status',
            render: (_, order) => (
              <Space size={4} wrap>
                <OrderStatusTag statusName={order.statusName} refundStatus={order.refundStatus} />
                {order.isReminded && <span className="cv-muted">{t('list.reminded')}</span>}
              </Space>
            ),
          },
          {
            title: t('common:table.actions'),
            key: 'actions',
            render: (_, order) => (
              <Button type="link" onClick={() => setOpenNo(order.orderNo)}>
                {t('list.details')}
              </Button>
            ),
          },
        ]}
      />
      <SellerOrderDrawer orderNo={openNo} onClose={() => setOpenNo(null)} />
    </Card>
  );
}

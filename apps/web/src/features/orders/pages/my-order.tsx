import { ORDER_TABS, type TOrderTab } from '@caravan/contracts';
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { useOrders } from '../api/list-orders';
import { OrderCard } from '../components/order-card';
import '../../../components/order/order.css';
import { OrderStatusTabs } from '../../../components/order/order-status-tabs';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { readPageParam } from '../../../lib/page-param';

const PAGE_SIZE = 20;

function readTab(value: string | null): TOrderTab {
  return (ORDER_TABS as readonly string[]).includes(value ?? '') ? (value as TOrderTab) : 'all';
}

/** /userInfo/my-order: the tabs of SPEC §4, 20 orders a page, the actions of each order's state. */
export default function MyOrderPage() {
  const { t } = useTranslation(['orders', 'common', 'cart']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const pageNum = readPageParam(params.get('page'));
  const orders = useOrders(tab, pageNum);
  const update = (next: { tab?: TOrderTab; page?: number }) => {
    const query = new URLSearchParams(params);
    if (next.tab) {
      query.set('tab', next.tab);
      query.delete('page');
    }
    if (next.page) {
      query.set('page', String(next.page));
    }
    setParams(query);
  };
  const list = orders.data?.pageList ?? [];
  return (
    <PageFrame
      titleKey="routes.myOrder"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <OrderStatusTabs value={tab} onChange={(next) => update({ tab: next })} />
      {orders.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {orders.isError && !orders.data && emptyOrLoadError(orders, null)}
      {orders.data && list.length === 0 && (
        <Empty className="cv-empty" description={t('list.empty')}>
          <p className="cv-muted">{t('list.emptyHint')}</p>
          <Button type="primary" onClick={() => void navigate('/commodity')}>
            {t('list.toShop')}
          </Button>
        </Empty>
      )}
      <div aria-busy={orders.isFetching}>
        {list.map((order) => (
          <OrderCard key={order.orderNo} order={order} />
        ))}
      </div>
      {orders.data && orders.data.total > PAGE_SIZE && (
        <Pager
          align="center"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={orders.data.total}
          showSizeChanger={false}
          onChange={(page) => {
            update({ page });
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </PageFrame>
  );
}

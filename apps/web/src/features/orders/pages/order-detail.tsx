import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { OrderInfoView } from '../../../components/order/order-info-view';
import { OrderLogistics } from '../../../components/order/order-logistics';
import { ContactSellerButton } from '../../../components/ui/contact-seller-button';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { PageFrame } from '../../../components/ui/page-frame';
import { isNotFoundError } from '../../../lib/api';
import { useOrder } from '../api/get-order';
import { useLogistics } from '../api/list-logistics';
import { OrderActions } from '../components/order-actions';

const CRUMBS = [
  { labelKey: 'routes.userInfo', to: '/userInfo/dashboard' },
  { labelKey: 'routes.myOrder', to: '/userInfo/my-order' },
];

/** /userInfo/order-detail?orderNo=: every field, the actions of its state and the history in the user's language. */
export default function OrderDetailPage() {
  const { t } = useTranslation(['orders', 'common', 'chat', 'cart']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const order = useOrder(orderNo);
  const hasLogistics = Boolean(order.data?.shippedAt);
  const logistics = useLogistics(orderNo, hasLogistics);
  return (
    <PageFrame
      titleKey="routes.orderDetail"
      crumbs={CRUMBS}
      extra={
        order.data ? (
          <>
            <ContactSellerButton
              storeId={order.data.seller.id}
              storeName={order.data.seller.name}
              orderNo={order.data.orderNo}
            />
            <OrderActions order={order.data} isDetailShown={false} />
          </>
        ) : undefined
      }
    >
      {order.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {order.isError &&
        !isNotFoundError(order.error) &&
        /^\d{8,32}$/.test(orderNo) &&
        emptyOrLoadError(order, null)}
      {((order.isError && isNotFoundError(order.error)) || !/^\d{8,32}$/.test(orderNo)) && (
        <Result
          status="404"
          title={t('detail.missing')}
          extra={
            <Button type="primary" onClick={() => void navigate('/userInfo/my-order')}>
              {t('detail.backToOrders')}
            </Button>
          }
        />
      )}
      {order.data && (
        <OrderInfoView
          isBuyerView
          order={order.data}
          logistics={hasLogistics && logistics.data ? <OrderLogistics entries={logistics.data} /> : undefined}
        />
      )}
    </PageFrame>
  );
}

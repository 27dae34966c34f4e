import type { TOrderSummary } from '@caravan/contracts';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrderStatusTag } from '../../../components/order/order-status-tag';
import { DateTimeInSentence } from '../../../components/ui/date-time-text';
import { MoneyText } from '../../../components/ui/money-text';
import { OrderActions } from './order-actions';

/** One order in the list: seller, number, time, state, goods, total and the actions of its state. */
export function OrderCard({ order }: { order: TOrderSummary }) {
  const { t } = useTranslation(['orders', 'cart']);
  return (
    <Card
      size="small"
      className="cv-order-card"
      data-testid="order-card"
      data-order-no={order.orderNo}
      title={
        <div className="cv-order-card__head">
          <strong>
            <bdi>{order.seller.name}</bdi>
          </strong>
          <span className="cv-muted" dir="ltr">
            {t('list.orderNo', { orderNo: order.orderNo })}
          </span>
          <span className="cv-muted">
            <DateTimeInSentence value={order.createdAt} sentence={(time) => t('list.placedAt', { time })} />
          </span>
        </div>
      }
      extra={<OrderStatusTag isBuyerView statusName={order.statusName} refundStatus={order.refundStatus} />}
    >
      <ul className="cv-order-card__items">
        {order.items.map((item) => (
          <li key={item.id} className="cv-order-goods cv-order-card__item">
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
            {/* The name and its facts wrap apart where both do not fit (a phone): the name gets the whole line (two
                lines of it) and the variant, quantity and price go under it, as on the order's page. In one line
                the name had some 100 px ("Elegant Wool…"). */}
            <div className="cv-order-card__item-body">
              <Link
                to={`/userInfo/order-detail?orderNo=${encodeURIComponent(order.orderNo)}`}
                className="cv-order-goods__name"
                dir="auto"
              >
                {item.name}
              </Link>
              <div className="cv-order-card__item-facts">
                {item.specification && (
                  <bdi className="cv-muted cv-order-card__spec">{item.specification}</bdi>
                )}
                <span className="cv-order-card__qty" dir="ltr">
                  × {item.quantity}
                </span>
                <MoneyText isPrice value={item.lineTotal} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <div className="cv-order-card__foot">
        <span>
          {t('list.total')} <MoneyText value={order.amounts.total} isStrong />
        </span>
        {order.refundAmount !== null && (
          <span>
            {t('detail.returnAmount')} <MoneyText value={order.refundAmount} />
          </span>
        )}
        {order.isReminded && <span className="cv-muted">{t('list.reminded')}</span>}
        {order.payBefore && (
          <span className="cv-order-card__pay-before">
            <DateTimeInSentence value={order.payBefore} sentence={(time) => t('list.payBefore', { time })} />
          </span>
        )}
        <OrderActions order={order} />
      </div>
    </Card>
  );
}

import { parseMoney, type TOrderInfo } from '@caravan/contracts';
import { Card, Descriptions, Timeline } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../lib/country-name';
import { formatDateTime } from '../../lib/format';
import { DateTimeInSentence } from '../ui/date-time-text';
import { MoneyText } from '../ui/money-text';
import { OrderAmounts } from './order-amounts';
import { OrderItemsTable } from './order-items-table';
import { OrderNumber } from './order-number';
import { OrderStatusTag } from './order-status-tag';

/** Whether a refund of everything the buyer paid ended the order (so nothing was settled to the seller). */
function isClosedByRefund(order: TOrderInfo): boolean {
  return (
    order.refund?.status === 'success' &&
    order.refund.decidedAt !== null &&
    order.settledAt !== null &&
    parseMoney(order.refund.amount) === parseMoney(order.paidAmount)
  );
}

/** Every field of one order (SPEC §3) and its history; shared by the buyer page and the console drawers. */
export function OrderInfoView({
  order,
  logistics,
  isBuyerView = false,
}: {
  order: TOrderInfo;
  logistics?: ReactNode;
  /** The buyer's own order (its state is named as the buyer's list names it). */
  isBuyerView?: boolean;
}) {
  const countryName = useCountryName();
  const { t } = useTranslation(['orders', 'cart']);
  const { address, refund, review } = order;
  const times: [string, string | null][] = [
    ['detail.createdAt', order.createdAt],
    ['detail.paidAt', order.paidAt],
    ['detail.confirmedAt', order.confirmedAt],
    ['detail.shippedAt', order.shippedAt],
    ['detail.receivedAt', order.receivedAt],
    ['detail.cancelledAt', order.cancelledAt],
    ['detail.remindedAt', order.remindedAt],
    // A full refund before settlement closes the order with nothing paid out: "settled" read as paid to the seller.
    [isClosedByRefund(order) ? 'detail.closedAt' : 'detail.settledAt', order.settledAt],
  ];
  return (
    <div className="cv-order-info">
      <Card className="cv-order-section" size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            {
              key: 'status',
              label: t('detail.status'),
              children: (
                <OrderStatusTag
                  statusName={order.statusName}
                  refundStatus={order.refundStatus}
                  isBuyerView={isBuyerView}
                />
              ),
            },
            {
              key: 'no',
              label: t('detail.orderNo'),
              // Whole, on one line: a narrow cell broke the 20 digits in two ("20261205701 / 485312657", QA seller
              // 12). The value goes below its label instead (order.css).
              className: 'cv-value-below-item',
              children: <OrderNumber orderNo={order.orderNo} />,
            },
            { key: 'seller', label: t('detail.seller'), children: <bdi>{order.seller.name}</bdi> },
            ...times
              .filter(([key, value]) => value !== null || key === 'detail.createdAt')
              .map(([key, value]) => ({
                key,
                label: t(key),
                children: <span dir="ltr">{formatDateTime(value)}</span>,
              })),
            ...(order.paymentMethod
              ? [
                  {
                    key: 'pm',
                    label: t('detail.paymentMethod'),
                    children: t(`cart:pay.methods.${order.paymentMethod}`, {
                      defaultValue: order.paymentMethod,
                    }),
                  },
                ]
              : []),
            ...(order.cancelReason !== null
              ? [
                  {
                    key: 'cr',
                    label: t('detail.cancelReason'),
                    children: t(`cancelReasons.${order.cancelReason}`),
                  },
                ]
              : []),
            ...(order.carrier
              ? [
                  { key: 'carrier', label: t('logistics.carrier'), children: order.carrier },
                  {
                    key: 'tracking',
                    label: t('logistics.trackingNo'),
                    // Below its label rather than broken beside it; one longer than the row (up to 64 characters)
                    // still breaks.
                    className: 'cv-value-below-item',
                    children: <span dir="ltr">{order.trackingNo}</span>,
                  },
                ]
              : []),
            ...(order.canReturnUntil
              ? [
                  {
                    key: 'ret',
                    label: t('detail.refund'),
                    children: (
                      <DateTimeInSentence
                        value={order.canReturnUntil}
                        sentence={(time) => t('detail.returnUntil', { time })}
                      />
                    ),
                  },
                ]
              : []),
            {
              key: 'remark',
              label: t('detail.remark'),
              // What the buyer wrote keeps its own direction (an English remark on an Arabic page).
              children: order.remark ? <span dir="auto">{order.remark}</span> : '--',
            },
          ]}
        />
      </Card>

      <Card className="cv-order-section" size="small" title={t('detail.receiver')}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'c', label: t('detail.consignee'), children: <bdi>{address.consignee}</bdi> },
            {
              key: 'p',
              label: t('detail.phone'),
              children: <span dir="ltr">{`${address.areaCode} ${address.phone}`}</span>,
            },
            ...(address.email
              ? [
                  {
                    key: 'e',
                    label: t('detail.email'),
                    children: <span dir="ltr">{address.email}</span>,
                  },
                ]
              : []),
            {
              key: 'co',
              label: t('detail.country'),
              children: countryName(address.country, address.countryName),
            },
            { key: 's', label: t('detail.state'), children: address.stateName || address.state || '--' },
            { key: 'ci', label: t('detail.city'), children: address.city ? <bdi>{address.city}</bdi> : '--' },
            {
              key: 'pc',
              label: t('detail.postcode'),
              children: <span dir="ltr">{address.postcode}</span>,
            },
            { key: 'd', label: t('detail.address'), children: <span dir="auto">{address.detail}</span> },
          ]}
        />
      </Card>

      <Card className="cv-order-section" size="small" title={t('detail.items')}>
        <OrderItemsTable items={order.items} />
        <div style={{ marginBlockStart: 12 }}>
          <OrderAmounts amounts={order.amounts} paidAmount={order.paidAt ? order.paidAmount : undefined} />
        </div>
      </Card>

      {refund && (
        <Card className="cv-order-section" size="small" title={t('detail.refund')}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'k', label: t('detail.refundKind'), children: t(`refundKind.${refund.kind}`) },
              { key: 's', label: t('detail.refundStatus'), children: t(`refundStatus.${refund.status}`) },
              { key: 'r', label: t('detail.returnReason'), children: t(`returnReasons.${refund.reason}`) },
              {
                key: 'a',
                label: t('detail.returnAmount'),
                children: <MoneyText isPrice value={refund.amount} />,
              },
              // Texts the buyer and the seller wrote keep their own direction, as the remark does.
              {
                key: 'd',
                label: t('detail.refundInstructions'),
                children: refund.description ? <span dir="auto">{refund.description}</span> : '--',
              },
              ...(refund.rejectReason
                ? [
                    {
                      key: 'rr',
                      label: t('detail.rejectReason'),
                      children: <span dir="auto">{refund.rejectReason}</span>,
                    },
                  ]
                : []),
            ]}
          />
          {refund.images.length > 0 && (
            <div className="cv-order-images">
              {refund.images.map((url) => (
                <img key={url} src={url} alt={t('detail.proof')} width={72} height={72} loading="lazy" />
              ))}
            </div>
          )}
        </Card>
      )}

      {review && (
        <Card className="cv-order-section" size="small" title={t('detail.review')}>
          <p>
            <strong>{t(`ratings.${review.rating}`)}</strong>
            {review.isDefault ? ` · ${t('detail.defaultReview')}` : ''}
          </p>
          {review.content && <p dir="auto">{review.content}</p>}
          {review.images.length > 0 && (
            <div className="cv-order-images">
              {review.images.map((url) => (
                <img key={url} src={url} alt={t('detail.review')} width={72} height={72} loading="lazy" />
              ))}
            </div>
          )}
        </Card>
      )}

      {logistics && (
        <Card className="cv-order-section" size="small" title={t('detail.logistics')}>
          {logistics}
        </Card>
      )}

      <Card className="cv-order-section" size="small" title={t('detail.history')}>
        <Timeline
          items={order.history.map((log, index) => ({
            key: `${log.event}-${index}`,
            content: (
              <>
                <div>{log.message}</div>
                <div className="cv-muted" dir="ltr">
                  {formatDateTime(log.createTime)}
                </div>
              </>
            ),
          }))}
        />
      </Card>
    </div>
  );
}

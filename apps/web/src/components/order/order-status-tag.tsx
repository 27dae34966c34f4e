import type { TOrderStatusName, TRefundStatus } from '@caravan/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './order.css';

const STATUS_COLORS: Record<TOrderStatusName, string> = {
  cancelled: 'default',
  pending_payment: 'orange',
  paid: 'blue',
  confirmed: 'cyan',
  shipped: 'geekblue',
  received: 'green',
  reviewed: 'green',
  refund: 'volcano',
};

const REFUND_COLORS: Record<TRefundStatus, string> = {
  none: 'default',
  refunding: 'gold',
  success: 'green',
  fail: 'red',
};

/** Order state and, when one exists, the refund state beside it. */
export function OrderStatusTag({
  statusName,
  refundStatus,
}: {
  statusName: TOrderStatusName;
  refundStatus: TRefundStatus;
}) {
  const { t } = useTranslation('orders');
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[statusName]} className="cv-order-status">
        {t(`status.${statusName}`)}
      </Tag>
      {refundStatus !== 'none' && (
        <Tag color={REFUND_COLORS[refundStatus]} className="cv-order-status">
          {t(`refundStatus.${refundStatus}`)}
        </Tag>
      )}
    </Space>
  );
}

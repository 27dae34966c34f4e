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

/**
 * Order state and, when one exists, the refund state beside it. The buyer sees paid (1) and seller-confirmed (2) under
 * one label (SPEC §3: "1 and 2 delivered (same label)"): both are still to be shipped for them. The seller and the
 * platform tell them apart.
 */
export function OrderStatusTag({
  statusName,
  refundStatus,
  isBuyerView = false,
}: {
  statusName: TOrderStatusName;
  refundStatus: TRefundStatus;
  isBuyerView?: boolean;
}) {
  const { t } = useTranslation('orders');
  const shown = isBuyerView && statusName === 'confirmed' ? 'paid' : statusName;
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[shown]} className="cv-order-status">
        {t(`status.${shown}`)}
      </Tag>
      {refundStatus !== 'none' && (
        <Tag color={REFUND_COLORS[refundStatus]} className="cv-order-status">
          {t(`refundStatus.${refundStatus}`)}
        </Tag>
      )}
    </Space>
  );
}

import { ORDER_STATUS_NAMES } from '@caravan/contracts';
import { Button, Card, Col, Progress, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../../../components/order/money';
import { useSellerSummary } from '../api/seller-orders-api';
import '../../../components/order/order.css';

/** /seller/dashboard: balance, settled amount, order counts per status, buyers waiting and refunds to decide. */
export default function SellerDashboardPage() {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  const summary = useSellerSummary();
  if (summary.isLoading || !summary.data) {
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }
  const data = summary.data;
  // ORDER_STATUS_NAMES follow the numeric codes -1..6 of SPEC §3, which key the server's counts.
  const counts = ORDER_STATUS_NAMES.map((name, index) => ({
    name,
    count: data.ordersByStatus[String(index - 1)] ?? 0,
  }));
  const maxCount = Math.max(1, ...counts.map((c) => c.count));
  const money: [string, string][] = [
    ['seller.dashboard.balance', data.balance],
    ['seller.dashboard.settled', data.settledAmount],
    ['seller.dashboard.pending', data.pendingSettlement],
  ];
  return (
    <>
      <Row gutter={[16, 16]}>
        {money.map(([key, value]) => (
          <Col key={key} xs={24} sm={12} lg={8}>
            <Card>
              <Statistic title={t(key)} valueRender={() => <Money value={value} isStrong />} />
            </Card>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title={t('seller.dashboard.reminded')} value={data.remindedCount} />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title={t('seller.dashboard.refunding')} value={data.refundingCount} />
          </Card>
        </Col>
      </Row>
      <Card
        title={t('seller.dashboard.byStatus')}
        style={{ marginBlockStart: 16 }}
        extra={
          <Button onClick={() => void navigate('/seller/orders')}>{t('seller.dashboard.toOrders')}</Button>
        }
      >
        {counts.map(({ name, count }) => (
          <div
            key={name}
            style={{ display: 'grid', gridTemplateColumns: 'minmax(140px, 220px) 1fr 48px', gap: 12 }}
          >
            <span>{t(`status.${name}`)}</span>
            <Progress percent={(count / maxCount) * 100} showInfo={false} aria-label={t(`status.${name}`)} />
            <span style={{ textAlign: 'end' }}>{count}</span>
          </div>
        ))}
      </Card>
    </>
  );
}

import { DASHBOARD_RANGES, type TDashboardRange } from '@caravan/contracts';
import { Badge, Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { DAY_AXIS } from '../../../components/console/day-axis';
import { ButtonLink } from '../../../components/ui/button-link';
import { ItemList, ItemListItem } from '../../../components/ui/item-list';
import { LoadError } from '../../../components/ui/load-error';
import { NamedSegmented } from '../../../components/ui/named-segmented';
import { formatUsdt } from '../../../lib/format-money';
import { COLORS } from '../../../lib/theme';
import { useDashboard, useSellerBalance } from '../api';
import { ShopSuspendedNotice } from '../components/shop-suspended-notice';

const PRIMARY = COLORS.primary;
const ACCENT = COLORS.accent;

/** /seller/dashboard: GMV, orders, units, views, conversion and refund rate; GMV per day; top goods; work waiting. */
export default function SellerDashboardPage() {
  const { t, i18n } = useTranslation(['seller', 'common', 'wallet']);
  const [range, setRange] = useState<TDashboardRange>('7d');
  const dashboard = useDashboard(range);
  const balance = useSellerBalance();
  const isRtl = i18n.dir() === 'rtl';
  const data = dashboard.data;
  const percent = (v: string | null) => (v === null ? '--' : `${(Number(v) * 100).toFixed(1)}%`);
  return (
    <>
      <ConsolePageHead
        title={t('menu.dashboard')}
        extra={
          <NamedSegmented<TDashboardRange>
            label={t('common:choice.period')}
            value={range}
            onChange={setRange}
            options={DASHBOARD_RANGES.map((r) => ({ value: r, label: t(`dashboard.ranges.${r}`) }))}
          />
        }
      />
      <ShopSuspendedNotice />
      {dashboard.isError ? <LoadError onRetry={() => void dashboard.refetch()} /> : null}
      {!data ? (
        !dashboard.isError && <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {(
              [
                ['dashboard.balance', balance.data ? formatUsdt(balance.data.balance) : '--'],
                // Paid orders not settled yet: the money the shop has coming, shown nowhere else before.
                [
                  'dashboard.pendingSettlement',
                  balance.data ? formatUsdt(balance.data.pendingSettlement) : '--',
                ],
                ['dashboard.gmv', formatUsdt(data.gmv)],
                ['dashboard.orders', data.orders],
                ['dashboard.units', data.units],
                ['dashboard.views', data.productViews],
                ['dashboard.conversion', percent(data.conversion)],
                ['dashboard.refundRate', percent(data.refundRate)],
              ] as const
            ).map(([key, value]) => (
              <Col key={key} xs={12} md={8} xl={6}>
                <Card size="small" className="cv-stat-card">
                  <Statistic title={t(key)} value={value} />
                  {key === 'dashboard.gmv' && (
                    <p className="cv-muted" style={{ marginBlock: '8px 0' }}>
                      {t('dashboard.gmvHint')}
                    </p>
                  )}
                  {key === 'dashboard.pendingSettlement' && (
                    <p className="cv-muted" style={{ marginBlock: '8px 0' }}>
                      {t('dashboard.pendingSettlementHint')}
                    </p>
                  )}
                  {key === 'dashboard.balance' && (
                    // The shop's settled money is the account's wallet, withdrawn where every wallet is: the
                    // console had no way to it. The storefront has its own session, so the way leads through its
                    // log-in, which the hint says before the click.
                    <>
                      <p className="cv-muted" style={{ marginBlock: '8px 0' }}>
                        {t('dashboard.withdrawHint')}
                      </p>
                      <ButtonLink
                        to="/userInfo/money-package/withdraw"
                        size="small"
                        className="cv-stat-action"
                      >
                        {t('wallet:balance.withdraw')}
                      </ButtonLink>
                    </>
                  )}
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]} style={{ marginBlockStart: 16 }}>
            <Col xs={24} lg={14}>
              <Card title={t('dashboard.gmvByDay')}>
                <div style={{ inlineSize: '100%', blockSize: 260 }} dir="ltr">
                  <ResponsiveContainer>
                    <LineChart data={data.gmvByDay.map((d) => ({ ...d, gmv: Number(d.gmv) }))}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="day" reversed={isRtl} {...DAY_AXIS} />
                      <YAxis orientation={isRtl ? 'right' : 'left'} tick={{ fontSize: 11 }} />
                      <Tooltip />
                      <Line
                        type="monotone"
                        dataKey="gmv"
                        name={t('dashboard.gmv')}
                        stroke={PRIMARY}
                        strokeWidth={2}
                      />
                    </LineChart>
                  </ResponsiveContainer>
                </div>
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card title={t('dashboard.topProducts')}>
                {data.topProducts.length === 0 ? (
                  <p>{t('dashboard.noSales')}</p>
                ) : (
                  <div style={{ inlineSize: '100%', blockSize: 260 }} dir="ltr">
                    <ResponsiveContainer>
                      <BarChart data={data.topProducts} layout="vertical" margin={{ left: 16 }}>
                        <CartesianGrid strokeDasharray="3 3" />
                        <XAxis type="number" allowDecimals={false} reversed={isRtl} />
                        <YAxis
                          type="category"
                          dataKey="name"
                          width={120}
                          orientation={isRtl ? 'right' : 'left'}
                          tick={{ fontSize: 11 }}
                        />
                        <Tooltip />
                        <Bar dataKey="units" name={t('dashboard.units')} fill={ACCENT} />
                      </BarChart>
                    </ResponsiveContainer>
                  </div>
                )}
              </Card>
            </Col>
          </Row>
          <Card title={t('dashboard.pending')} style={{ marginBlockStart: 16 }}>
            <ItemList
              items={
                [
                  ['dashboard.toShip', data.pending.toShip, '/seller/orders'],
                  ['dashboard.refundRequests', data.pending.refundRequests, '/seller/refunds'],
                  ['dashboard.reminders', data.pending.reminders, '/seller/orders'],
                  ['dashboard.lowStock', data.pending.lowStock, '/seller/products'],
                  ['dashboard.unreplied', data.pending.unrepliedReviews, '/seller/reviews'],
                ] as const
              }
              itemKey={([key]) => key}
              renderItem={([key, count, to]) => (
                <ItemListItem
                  extra={
                    <Badge
                      count={count}
                      showZero
                      color={count > 0 ? COLORS.accentText : COLORS.textTertiary}
                    />
                  }
                >
                  <Link to={to}>{t(key)}</Link>
                </ItemListItem>
              )}
            />
          </Card>
        </>
      )}
    </>
  );
}

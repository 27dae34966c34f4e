import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  ADMIN_DASHBOARD_MAX_DAYS,
  ADMIN_DASHBOARD_QUEUES,
  type TAdminDashboard,
  type TAdminDashboardQueue,
} from '@caravan/contracts';
import { Button, Card, Col, DatePicker, Empty, Row, Skeleton, Space, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { DAY_AXIS } from '../../../components/console/day-axis';
import { LoadError } from '../../../components/console/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { buildApiUrl } from '../../../lib/api';
import { type TDashboardRange, useDashboard } from '../api/dashboard-api';
import './dashboard.css';
import { NamedSegmented } from '../../../components/ui/named-segmented';

type TPreset = 'today' | 'week' | 'month' | 'custom';

const PRESET_DAYS: Record<Exclude<TPreset, 'custom'>, number> = { today: 1, week: 7, month: 30 };

/** Where each queue is worked on in the console (none yet for parts not built). */
const QUEUE_PAGES: Record<TAdminDashboardQueue, string> = {
  recharges: '/admin/finance-recharges',
  withdrawals: '/admin/finance-withdrawals',
  refunds: '/admin/orders',
  approvals: '/admin/approvals',
  merchantApplications: '/admin/merchant-applications',
  loans: '/admin/loan-review',
  // Answered in the customer-service console, with the same staff sign-in.
  chats: '/cs/conversations',
};

const LINE_COLOURS = { gmv: '#0F766E', deposits: '#15803D', withdrawals: '#B45309', refunds: '#B91C1C' };
const BAR_COLOURS = { orders: '#0F766E', paidOrders: '#E4572E', newBuyers: '#2563EB', newSellers: '#7C3AED' };

function rangeOf(from: Dayjs, to: Dayjs): TDashboardRange {
  // Minutes the viewer's clock is ahead of UTC, so "today" is the viewer's today.
  return {
    from: from.format('YYYY-MM-DD'),
    to: to.format('YYYY-MM-DD'),
    utcOffsetMinutes: dayjs().utcOffset(),
  };
}

/** Money strings as numbers only for drawing the chart; every figure shown as text stays exact. */
function chartNumber(value: string): number {
  return Number(value);
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation(['console', 'common']);
  const [preset, setPreset] = useState<TPreset>('today');
  const [custom, setCustom] = useState<[Dayjs, Dayjs]>([dayjs().subtract(6, 'day'), dayjs()]);
  const range = useMemo(() => {
    if (preset === 'custom') {
      return rangeOf(custom[0], custom[1]);
    }
    return rangeOf(dayjs().subtract(PRESET_DAYS[preset] - 1, 'day'), dayjs());
  }, [preset, custom]);
  const board = useDashboard(range);
  const exportUrl = buildApiUrl('/admin/dashboard/export', range, i18n.language);

  return (
    <>
      <ConsolePageHead title={t('menu.dashboard')} />
      <Space wrap className="cv-console__filters">
        <NamedSegmented<TPreset>
          label={t('common:choice.period')}
          value={preset}
          onChange={setPreset}
          options={(['today', 'week', 'month', 'custom'] as const).map((value) => ({
            value,
            label: t(`dashboard.presets.${value}`),
          }))}
        />
        {preset === 'custom' && (
          <DatePicker.RangePicker
            aria-label={t('dashboard.range')}
            value={custom}
            allowClear={false}
            // No future day, and once a first day is picked no period longer than the API sums at once.
            disabledDate={(day, info) =>
              day.isAfter(dayjs(), 'day') ||
              (info?.from !== undefined && Math.abs(day.diff(info.from, 'day')) >= ADMIN_DASHBOARD_MAX_DAYS)
            }
            onChange={(value) => {
              if (value?.[0] && value[1]) {
                setCustom([value[0], value[1]]);
              }
            }}
          />
        )}
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => void board.refetch()}
          loading={board.isFetching}
        >
          {t('dashboard.refresh')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} href={exportUrl} download>
          {t('dashboard.exportCsv')}
        </Button>
      </Space>
      {board.isError && !board.data ? (
        <LoadError onRetry={() => void board.refetch()} />
      ) : !board.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <DashboardBody board={board.data} />
      )}
    </>
  );
}

function DashboardBody({ board }: { board: TAdminDashboard }) {
  const { t } = useTranslation(['console', 'common']);
  const { totals } = board;
  const money = [
    { key: 'gmv', value: totals.gmv },
    { key: 'deposits', value: totals.deposits },
    { key: 'withdrawals', value: totals.withdrawals },
    { key: 'refunds', value: totals.refunds },
  ] as const;
  const counts = [
    { key: 'orders', value: totals.orders },
    { key: 'paidOrders', value: totals.paidOrders },
    { key: 'payingBuyers', value: totals.payingBuyers },
    { key: 'newBuyers', value: totals.newBuyers },
    { key: 'newSellers', value: totals.newSellers },
  ] as const;
  const chartDays = board.days.map((d) => ({
    ...d,
    gmvValue: chartNumber(d.gmv),
    depositsValue: chartNumber(d.deposits),
    withdrawalsValue: chartNumber(d.withdrawals),
    refundsValue: chartNumber(d.refunds),
  }));
  const isEmpty = totals.orders === 0 && totals.gmv === '0.00' && totals.deposits === '0.00';
  return (
    <div className="cv-dashboard">
      <Row gutter={[12, 12]}>
        {money.map((figure) => (
          <Col key={figure.key} xs={12} md={6}>
            <Card size="small" className="cv-stat-card" data-figure={figure.key}>
              <Statistic
                title={t(`dashboard.figures.${figure.key}`)}
                valueRender={() => <MoneyText value={figure.value} className="cv-dashboard__value" />}
              />
              {/* Each figure's basis: deposits arrive after fees, withdrawals leave with theirs. */}
              <p className="cv-muted cv-dashboard__hint">{t(`dashboard.figureHints.${figure.key}`)}</p>
            </Card>
          </Col>
        ))}
        {counts.map((figure) => (
          <Col key={figure.key} xs={12} md={6} lg={4}>
            <Card size="small" className="cv-stat-card" data-figure={figure.key}>
              <Statistic title={t(`dashboard.figures.${figure.key}`)} value={figure.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('dashboard.queues')} className="cv-dashboard__card">
        <div className="cv-dashboard__queues">
          {ADMIN_DASHBOARD_QUEUES.map((queue) => (
            <div key={queue} data-queue={queue}>
              <Statistic
                title={<Link to={QUEUE_PAGES[queue]}>{t(`dashboard.queueNames.${queue}`)}</Link>}
                value={board.queues[queue]}
              />
            </div>
          ))}
        </div>
      </Card>
      {isEmpty ? (
        <Card size="small" className="cv-dashboard__card">
          <Empty description={t('dashboard.empty')} />
        </Card>
      ) : (
        <Row gutter={[12, 12]} className="cv-dashboard__card">
          <Col xs={24} lg={12}>
            <Card size="small" title={t('dashboard.moneyChart')}>
              <div className="cv-dashboard__chart" dir="ltr">
                <ResponsiveContainer width="100%" height={280}>
                  <LineChart data={chartDays} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="day" {...DAY_AXIS} />
                    <YAxis tick={{ fontSize: 11 }} width={70} />
                    <Tooltip />
                    <Legend />
                    {(Object.keys(LINE_COLOURS) as (keyof typeof LINE_COLOURS)[]).map((key) => (
                      <Line
                        key={key}
                        type="monotone"
                        dataKey={`${key}Value`}
                        name={t(`dashboard.figures.${key}`)}
                        stroke={LINE_COLOURS[key]}
                        dot={false}
                        isAnimationActive={false}
                      />
                    ))}
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('dashboard.countChart')}>
              <div className="cv-dashboard__chart" dir="ltr">
                <ResponsiveContainer width="100%" height={280}>
                  <BarChart data={chartDays} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="day" {...DAY_AXIS} />
                    <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
                    <Tooltip />
                    <Legend />
                    {(Object.keys(BAR_COLOURS) as (keyof typeof BAR_COLOURS)[]).map((key) => (
                      <Bar
                        key={key}
                        dataKey={key}
                        name={t(`dashboard.figures.${key}`)}
                        fill={BAR_COLOURS[key]}
                        isAnimationActive={false}
                      />
                    ))}
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}

import type { TSettlementLine } from '@caravan/contracts';
import { Button, Card, Col, DatePicker, Row, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { useSellerBalance, useSettlement } from '../api';

/**
 * /seller/settlement: what paid orders have still coming; each settled order's amount, commission, refunds and net;
 * the month's statement.
 */
export default function SettlementPage() {
  const { t } = useTranslation(['seller', 'common']);
  const [month, setMonth] = useState(dayjs().format('YYYY-MM'));
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const statement = useSettlement({ month, ...page });
  const summary = useSellerBalance();
  const data = statement.data;
  const money = (v: string) => <MoneyText value={v} isPrice />;
  return (
    <>
      <ConsolePageHead
        title={t('menu.settlement')}
        extra={
          <Space wrap>
            <DatePicker
              picker="month"
              aria-label={t('settlement.month')}
              allowClear={false}
              value={dayjs(`${month}-01`)}
              onChange={(d) => {
                if (d) {
                  setMonth(d.format('YYYY-MM'));
                  setPage((p) => ({ ...p, pageNum: 1 }));
                }
              }}
            />
            <Button href={`/api/v1/seller/settlement/statement.csv?month=${month}`} download>
              {t('settlement.download')}
            </Button>
          </Space>
        }
      />
      <Card size="small" loading={summary.isLoading} style={{ marginBlockEnd: 16 }}>
        <Statistic
          title={t('dashboard.pendingSettlement')}
          valueRender={() => <MoneyText value={summary.data?.pendingSettlement} />}
        />
        <p className="cv-muted" style={{ marginBlock: '8px 0' }}>
          {t('dashboard.pendingSettlementHint')}
        </p>
      </Card>
      <Row gutter={[16, 16]} style={{ marginBlockEnd: 16 }}>
        {(
          [
            ['settlement.goods', data?.goodsAmount],
            ['settlement.commission', data?.commission],
            ['settlement.refunds', data?.refunds],
            ['settlement.net', data?.net],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} xs={12} lg={6}>
            <Card loading={statement.isLoading}>
              <Statistic title={t(key)} valueRender={() => <MoneyText value={value} />} />
            </Card>
          </Col>
        ))}
      </Row>
      <DataTable<TSettlementLine>
        rowKey="orderNo"
        size="middle"
        loading={statement.isFetching}
        dataSource={data?.lines.pageList ?? []}
        locale={{ emptyText: emptyOrLoadError(statement, t('settlement.empty')) }}
        scroll={{ x: 800 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.lines.total ?? 0,
          showTotal: (total) => t('common:table.total', { total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          {
            title: t('settlement.orderNo'),
            dataIndex: 'orderNo',
            render: (v: string) => <span dir="ltr">{v}</span>,
          },
          { title: t('settlement.settledAt'), dataIndex: 'settledAt', render: dateTimeCell },
          { title: t('settlement.goods'), dataIndex: 'goodsAmount', align: 'end', render: money },
          {
            title: t('settlement.rate'),
            dataIndex: 'commissionRate',
            align: 'end',
            render: (v: string) => `${(Number(v) * 100).toFixed(2)}%`,
          },
          { title: t('settlement.commission'), dataIndex: 'commission', align: 'end', render: money },
          { title: t('settlement.refunds'), dataIndex: 'refunds', align: 'end', render: money },
          { title: t('settlement.net'), dataIndex: 'net', align: 'end', render: money },
        ]}
      />
    </>
  );
}

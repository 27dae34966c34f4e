import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { DataTable } from '../../../components/ui/data-table';
import { MoneyText } from '../../../components/ui/money-text';
import { useLoanBook } from '../api/admin-loans-api';

/** Chart values only: amounts are shown exactly in the tables; the bars need numbers. */
function toChartNumber(value: string): number {
  return Number(value);
}

/** The loan book (loans.review): outstanding principal, interest and penalties owed, overdue ageing, daily flows. */
export default function LoanBookPage() {
  const { t } = useTranslation('loans');
  const book = useLoanBook();
  if (book.isPending) {
    return <Skeleton active />;
  }
  if (book.isError) {
    return <LoadError message={t('loadError')} onRetry={() => void book.refetch()} />;
  }
  const data = book.data;
  return (
    <section>
      <ConsolePageHead title={t('admin.bookTitle')} />
      <Row gutter={[12, 12]}>
        {[
          ['outstanding', t('admin.outstanding'), data.outstandingPrincipal],
          ['ledger', t('admin.ledgerBook'), data.ledgerLoanBook],
          ['interest', t('fields.interestAccrued'), data.interestOwed],
          ['penalty', t('fields.penalty'), data.penaltyOwed],
        ].map(([key, label, value]) => (
          <Col key={key} xs={24} sm={12} lg={6}>
            <Card size="small" className="cv-stat-card">
              <Statistic title={label} valueRender={() => <MoneyText value={value} />} />
            </Card>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={6}>
          <Card size="small" className="cv-stat-card">
            <Statistic title={t('admin.openLoans')} value={data.openLoans} />
          </Card>
        </Col>
      </Row>
      <h2 style={{ marginBlockStart: 16 }}>{t('admin.ageing')}</h2>
      <DataTable
        size="small"
        rowKey="bucket"
        pagination={false}
        dataSource={data.overdueBuckets}
        columns={[
          {
            key: 'bucket',
            title: t('admin.ageing'),
            dataIndex: 'bucket',
            render: (v: string) => <span dir="ltr">{v}</span>,
          },
          { key: 'count', title: t('admin.count'), dataIndex: 'count', align: 'end' },
          {
            key: 'principal',
            title: t('fields.principal'),
            align: 'end',
            render: (_, b) => <MoneyText value={b.principal} />,
          },
        ]}
      />
      <h2 style={{ marginBlockStart: 16 }}>{t('admin.daily')}</h2>
      {data.daily.length === 0 ? (
        <p className="cv-muted">{t('empty')}</p>
      ) : (
        <div style={{ inlineSize: '100%', blockSize: 280 }} dir="ltr">
          <ResponsiveContainer>
            <BarChart
              data={data.daily.map((d) => ({
                day: d.day,
                disbursed: toChartNumber(d.disbursed),
                repaid: toChartNumber(d.repaid),
              }))}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis />
              <Tooltip />
              <Legend />
              <Bar dataKey="disbursed" name={t('admin.disbursed')} fill="#0F766E" />
              <Bar dataKey="repaid" name={t('admin.repaid')} fill="#E4572E" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </section>
  );
}

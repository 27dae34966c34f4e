import {
  type TLedgerBreach,
  type TLedgerEntry,
  type TUserAccountKind,
  USER_ACCOUNT_KINDS,
} from '@caravan/contracts';
import { Alert, Button, Card, Descriptions, Result, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { useServerPaging } from '../../../components/console/server-paging';
import { MoneyText } from '../../../components/ui/money-text';
import { useCheckLedger } from '../api/check-ledger';
import { LEDGER_PAGE_SIZE, useUserLedger } from '../api/list-user-ledger';
import { UserPicker } from '../components/user-picker';
import '../finance.css';
import { DataTable } from '../../../components/ui/data-table';
import { DateTimeInSentence, dateTimeCell } from '../../../components/ui/date-time-text';

function LedgerCheck() {
  const { t } = useTranslation(['finance', 'common']);
  const check = useCheckLedger();
  const report = check.data;
  return (
    <Card
      title={t('ledger.checkTitle')}
      extra={
        <Button type="primary" onClick={() => check.mutate()} loading={check.isPending}>
          {t('ledger.runCheck')}
        </Button>
      }
      className="cv-finance-report"
    >
      <p className="cv-muted">{t('ledger.checkIntro')}</p>
      {report && (
        <>
          <Result
            status={report.isOk ? 'success' : 'error'}
            title={report.isOk ? t('ledger.ok') : t('ledger.breached', { count: report.breachCount })}
            subTitle={
              <DateTimeInSentence
                value={report.checkedAt}
                sentence={(time) => t('ledger.checkedAt', { time })}
              />
            }
          />
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'tx', label: t('ledger.transactions'), children: report.transactionCount },
              { key: 'postings', label: t('ledger.postings'), children: report.postingCount },
              { key: 'accounts', label: t('ledger.accounts'), children: report.accountCount },
              {
                key: 'users',
                label: t('ledger.userTotal'),
                children: <MoneyText value={report.userTotal} />,
              },
            ]}
          />
          <h3>{t('ledger.platformBalances')}</h3>
          <DataTable<{ kind: string; balance: string }>
            rowKey="kind"
            size="small"
            pagination={false}
            dataSource={Object.entries(report.platformBalances).map(([kind, balance]) => ({ kind, balance }))}
            columns={[
              { title: t('ledger.account'), dataIndex: 'kind', render: (v: string) => <code>{v}</code> },
              {
                title: t('ledger.balance'),
                dataIndex: 'balance',
                align: 'end',
                render: (v: string) => <MoneyText value={v} />,
              },
            ]}
          />
          {report.breaches.length > 0 && (
            <>
              <h3>{t('ledger.breaches')}</h3>
              <DataTable<TLedgerBreach>
                rowKey={(b) => `${b.kind}-${b.transactionId ?? ''}-${b.accountId ?? ''}`}
                size="small"
                pagination={false}
                scroll={{ x: 800 }}
                dataSource={report.breaches}
                columns={[
                  {
                    title: t('ledger.breachKind'),
                    dataIndex: 'kind',
                    render: (v: string) => <code>{v}</code>,
                  },
                  {
                    title: t('ledger.transaction'),
                    dataIndex: 'transactionId',
                    render: (v: string | null) => v ?? '--',
                  },
                  {
                    title: t('ledger.account'),
                    dataIndex: 'accountId',
                    render: (v: string | null) => v ?? '--',
                  },
                  {
                    title: t('ledger.amount'),
                    dataIndex: 'amount',
                    align: 'end',
                    render: (v: string) => <MoneyText value={v} />,
                  },
                  { title: t('ledger.detail'), dataIndex: 'detail' },
                ]}
              />
            </>
          )}
        </>
      )}
    </Card>
  );
}

function BalanceHistory() {
  const { t } = useTranslation(['finance', 'wallet', 'common']);
  const paging = useServerPaging();
  const [userId, setUserId] = useState<string | undefined>();
  const [account, setAccount] = useState<TUserAccountKind | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const history = useUserLedger(userId, pageNum, account);
  return (
    <Card title={t('ledger.historyTitle')} className="cv-finance-report">
      <Space wrap className="cv-console__filters" size={[12, 12]}>
        <UserPicker
          value={userId}
          onChange={(next) => {
            setUserId(next);
            setPageNum(1);
          }}
        />
        <Select<TUserAccountKind | 'all'>
          value={account ?? 'all'}
          style={{ minWidth: 180 }}
          aria-label={t('ledger.account')}
          onChange={(next) => {
            setAccount(next === 'all' ? undefined : next);
            setPageNum(1);
          }}
          options={[
            { value: 'all', label: t('ledger.allAccounts') },
            ...USER_ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t(`ledger.accountKinds.${kind}`) })),
          ]}
        />
      </Space>
      {!userId ? (
        <Alert type="info" showIcon title={t('ledger.pickUser')} />
      ) : (
        <DataTable<TLedgerEntry>
          rowKey="id"
          size="middle"
          loading={history.isFetching}
          dataSource={history.data?.pageList ?? []}
          scroll={{ x: 900 }}
          pagination={{
            ...paging({ pageNum, pageSize: LEDGER_PAGE_SIZE }, history.data?.total, setPageNum),
            showSizeChanger: false,
          }}
          columns={[
            { title: t('fields.createdAt'), dataIndex: 'createdAt', render: dateTimeCell, width: 170 },
            {
              title: t('ledger.kind'),
              dataIndex: 'kind',
              render: (v: string) => t(`wallet:ledgerKind.${v}`, { defaultValue: v }),
            },
            {
              title: t('ledger.account'),
              dataIndex: 'account',
              render: (v: TUserAccountKind) => t(`ledger.accountKinds.${v}`),
            },
            {
              title: t('ledger.amount'),
              dataIndex: 'amount',
              align: 'end',
              render: (v: string) => {
                const isDebit = v.startsWith('-');
                return (
                  <span dir="ltr" className={isDebit ? 'cv-finance-negative' : 'cv-finance-positive'}>
                    {isDebit ? '' : '+'}
                    <MoneyText value={v} />
                  </span>
                );
              },
            },
            {
              title: t('ledger.balanceAfter'),
              dataIndex: 'balanceAfter',
              align: 'end',
              render: (v: string) => <MoneyText value={v} />,
            },
            {
              title: t('ledger.reference'),
              key: 'reference',
              render: (_, e) =>
                e.referenceType ? (
                  // The record's kind in the reader's language (QA: "withdrawal #1" on a Greek page), its id as kept.
                  <span>
                    {t(`ledger.referenceTypes.${e.referenceType}`, { defaultValue: e.referenceType })}{' '}
                    <bdi dir="ltr">#{e.referenceId ?? ''}</bdi>
                  </span>
                ) : (
                  '--'
                ),
            },
            {
              title: t('ledger.transaction'),
              dataIndex: 'transactionId',
              render: (v: string) => <span dir="ltr">#{v}</span>,
            },
          ]}
        />
      )}
    </Card>
  );
}

/** Ledger: the invariant check report and any user's balance history (permission ledger.read). */
export default function FinanceLedgerPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <ConsolePageHead title={t('menu.ledger')} />
      <LedgerCheck />
      <BalanceHistory />
    </>
  );
}

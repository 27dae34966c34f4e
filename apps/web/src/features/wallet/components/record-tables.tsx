import type { TPage, TRecharge, TWalletRecordStatus, TWithdrawal } from '@caravan/contracts';
import { Empty, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { RECHARGE_PAGE_SIZE, useRecharges } from '../api/list-recharges';
import { useWithdrawals, WITHDRAWAL_PAGE_SIZE } from '../api/list-withdrawals';
import { StatusTag } from './status-tag';

type TPaging = { pageNum: number; onPageChange: (pageNum: number) => void };

type TWalletRecord = {
  id: string;
  createdAt: string;
  amount: string;
  fee: string;
  actualAmount: string;
  status: TWalletRecordStatus;
  reason?: string | null;
  reviewedAt: string | null;
};

function EmptyRecords({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <Empty description={text}>
      <ButtonLink to={to} type="primary">
        {action}
      </ButtonLink>
    </Empty>
  );
}

/**
 * One page of the buyer's recharges or withdrawals. `methodColumn` says how the money moved;
 * amount and fee are in `getAmountUnit` (USDT when it gives none), the actual amount always in USDT.
 */
function WalletRecordTable<TRecord extends TWalletRecord>({
  records,
  pageNum,
  pageSize,
  onPageChange,
  scrollX,
  label,
  empty,
  methodColumn,
  getAmountUnit = () => undefined,
}: TPaging & {
  records: {
    isFetching: boolean;
    isLoading: boolean;
    isError: boolean;
    data: TPage<TRecord> | undefined;
    refetch: () => Promise<unknown>;
  };
  pageSize: number;
  /** The table's minimum width: on a phone it scrolls inside a focusable region named `label`. */
  scrollX: number;
  label: string;
  empty: { text: string; to: string; action: string };
  methodColumn: TableColumnType<TRecord>;
  getAmountUnit?: (record: TRecord) => string | undefined;
}) {
  const { t } = useTranslation(['wallet', 'common']);
  if (records.isError) {
    return <LoadError onRetry={() => void records.refetch()} />;
  }
  return (
    <ScrollRegion label={label}>
      <DataTable<TRecord>
        rowKey="id"
        size="middle"
        className="cv-wallet-table"
        style={{ minInlineSize: scrollX }}
        loading={records.isFetching}
        dataSource={records.data?.pageList ?? []}
        locale={{
          emptyText: records.isLoading ? ' ' : <EmptyRecords {...empty} />,
        }}
        pagination={{
          current: pageNum,
          pageSize,
          total: records.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (total) => t('common:table.total', { total }),
          onChange: onPageChange,
        }}
        columns={[
          { title: t('records.time'), dataIndex: 'createdAt', render: dateTimeCell, width: 170 },
          methodColumn,
          {
            title: t('records.amount'),
            dataIndex: 'amount',
            align: 'end',
            render: (v: string, r) => <MoneyText value={v} unit={getAmountUnit(r)} />,
          },
          {
            title: t('records.fee'),
            dataIndex: 'fee',
            align: 'end',
            render: (v: string, r) => <MoneyText value={v} unit={getAmountUnit(r)} />,
          },
          {
            title: t('records.actualAmount'),
            dataIndex: 'actualAmount',
            align: 'end',
            render: (v: string) => <MoneyText value={v} />,
          },
          {
            title: t('records.status'),
            dataIndex: 'status',
            render: (_, r) => <StatusTag status={r.status} reason={r.reason} />,
          },
          { title: t('records.reviewedAt'), dataIndex: 'reviewedAt', render: dateTimeCell, width: 170 },
        ]}
      />
    </ScrollRegion>
  );
}

/** Recharge records, 8 a page (SPEC §7). */
export function RechargeTable({ pageNum, onPageChange }: TPaging) {
  const { t } = useTranslation('wallet');
  const records = useRecharges(pageNum);
  return (
    <WalletRecordTable<TRecharge>
      records={records}
      pageNum={pageNum}
      pageSize={RECHARGE_PAGE_SIZE}
      onPageChange={onPageChange}
      scrollX={860}
      label={t('records.recharges')}
      empty={{
        text: t('records.emptyRecharges'),
        to: '/userInfo/money-package/recharge',
        action: t('balance.recharge'),
      }}
      methodColumn={{
        title: t('records.method'),
        key: 'method',
        render: (_, r) => <span dir="ltr">{r.network ? `${r.currency} · ${r.network}` : r.channelCode}</span>,
      }}
      getAmountUnit={(r) => r.currency}
    />
  );
}

/** Withdrawal records, 20 a page. */
export function WithdrawalTable({ pageNum, onPageChange }: TPaging) {
  const { t } = useTranslation('wallet');
  const records = useWithdrawals(pageNum);
  return (
    <WalletRecordTable<TWithdrawal>
      records={records}
      pageNum={pageNum}
      pageSize={WITHDRAWAL_PAGE_SIZE}
      onPageChange={onPageChange}
      scrollX={960}
      label={t('records.withdrawals')}
      empty={{
        text: t('records.emptyWithdrawals'),
        to: '/userInfo/money-package/withdraw',
        action: t('balance.withdraw'),
      }}
      methodColumn={{
        title: t('records.network'),
        dataIndex: 'network',
        render: (v: string, r) => (
          <span dir="ltr" className="cv-wallet-address" title={r.address}>
            {v} · {r.address}
          </span>
        ),
      }}
    />
  );
}

import type { TPage, TRecharge, TWalletRecordStatus, TWithdrawal } from '@caravan/contracts';
import { Empty, Skeleton } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { ChainAddress } from '../../../components/ui/chain-address';
import { DataTable } from '../../../components/ui/data-table';
import { DateTimeText, dateTimeCell } from '../../../components/ui/date-time-text';
import { Figures } from '../../../components/ui/figures';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { Pager } from '../../../components/ui/pager';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { type TPageChange, useLastPageCorrection } from '../../../lib/page-param';
import { useIsNarrowerThan } from '../../../lib/use-is-narrower-than';
import { RECHARGE_PAGE_SIZE, useRecharges } from '../api/list-recharges';
import { useWithdrawals, WITHDRAWAL_PAGE_SIZE } from '../api/list-withdrawals';
import { RecordReason, StatusTag } from './status-tag';

type TPaging = { pageNum: number; onPageChange: TPageChange };

/** A figure that does not exist for the record (the fee of a failed one). */
const NOTHING = '--';

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
 * Narrower than this (a phone, a narrow window), each record is stacked. Between this and the table's own width
 * (the user centre beside its menu on a laptop) the table scrolls in its region: a table still reads best there.
 */
const STACK_BELOW_WIDTH = 640;

type TRecordsProps<TRecord extends TWalletRecord> = TPaging & {
  records: {
    isFetching: boolean;
    isLoading: boolean;
    isError: boolean;
    data: TPage<TRecord> | undefined;
    refetch: () => Promise<unknown>;
  };
  pageSize: number;
  /** The width the table's columns need; in less it scrolls inside a focusable region named `label`. */
  scrollX: number;
  label: string;
  empty: { text: string; to: string; action: string };
  /** How the money moved (network and address, or the channel), under `methodTitle`. */
  methodTitle: string;
  method: (record: TRecord) => ReactNode;
  getAmountUnit?: (record: TRecord) => string | undefined;
  /**
   * A failed record gave its whole amount back to the balance (a withdrawal's hold; no fee was taken). Otherwise a
   * failed record moved nothing (a deposit credited nothing). Either way it has no fee or actual amount to show.
   */
  isReturnedOnFail?: boolean;
};

/** What a record moved, beyond its amount: fee and actual amount; for a failed one only what came back, if any. */
function outcomeFigures<TRecord extends TWalletRecord>(
  record: TRecord,
  { getAmountUnit = () => undefined, isReturnedOnFail = false }: TRecordsProps<TRecord>,
  t: TFunction,
) {
  if (record.status === 'fail') {
    return isReturnedOnFail
      ? [{ key: 'returned', label: t('records.returned'), value: <MoneyText value={record.amount} /> }]
      : [];
  }
  return [
    {
      key: 'fee',
      label: t('records.fee'),
      value: <MoneyText value={record.fee} unit={getAmountUnit(record)} />,
    },
    { key: 'actual', label: t('records.actualAmount'), value: <MoneyText value={record.actualAmount} /> },
  ];
}

/**
 * One page of the buyer's recharges or withdrawals: amount and fee in `getAmountUnit` (USDT when it gives none),
 * the actual amount always in USDT. A table where its columns fit; on a phone each record stacked, its amount
 * and status first (the table showed only the time and the method there, the rest behind a sideways scroll).
 */
function WalletRecords<TRecord extends TWalletRecord>(props: TRecordsProps<TRecord>) {
  const box = useRef<HTMLDivElement>(null);
  const isStacked = useIsNarrowerThan(box, STACK_BELOW_WIDTH);
  // A page past the end (a kept link, records fewer since) turns to the last; meanwhile it is loading, not empty.
  const isPastEnd = useLastPageCorrection(
    props.pageNum,
    props.records.data?.total,
    props.pageSize,
    props.onPageChange,
  );
  if (props.records.isError) {
    return <LoadError onRetry={() => void props.records.refetch()} />;
  }
  const shown = isPastEnd ? { ...props, records: { ...props.records, isLoading: true } } : props;
  return <div ref={box}>{isStacked ? <StackedRecords {...shown} /> : <WalletRecordTable {...shown} />}</div>;
}

function StackedRecords<TRecord extends TWalletRecord>(props: TRecordsProps<TRecord>) {
  const {
    records,
    pageNum,
    pageSize,
    onPageChange,
    label,
    empty,
    methodTitle,
    method,
    getAmountUnit = () => undefined,
  } = props;
  const { t } = useTranslation(['wallet', 'common']);
  if (records.isLoading) {
    return <Skeleton active />;
  }
  const page = records.data?.pageList ?? [];
  if (page.length === 0) {
    return <EmptyRecords {...empty} />;
  }
  return (
    <>
      <ul className="cv-wallet-records" aria-label={label} aria-busy={records.isFetching}>
        {page.map((record) => (
          <li key={record.id} className="cv-wallet-record">
            <div className="cv-wallet-record__head">
              <DateTimeText value={record.createdAt} />
              <StatusTag status={record.status} />
            </div>
            {/* The whole width of the card, not a column beside the tag. */}
            {record.status === 'fail' && record.reason ? (
              <RecordReason reason={record.reason} className="cv-wallet-record__reason" />
            ) : null}
            <Figures
              items={[
                {
                  key: 'amount',
                  label: t('records.amount'),
                  value: <MoneyText value={record.amount} unit={getAmountUnit(record)} />,
                },
                ...outcomeFigures(record, props, t),
              ]}
            />
            <dl className="cv-wallet-record__facts">
              <div>
                <dt>{methodTitle}</dt>
                <dd>{method(record)}</dd>
              </div>
              {record.reviewedAt && (
                <div>
                  <dt>{t('records.reviewedAt')}</dt>
                  <dd>
                    <DateTimeText value={record.reviewedAt} />
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <Pager
        className="cv-wallet-records__pager"
        current={pageNum}
        pageSize={pageSize}
        total={records.data?.total ?? 0}
        hideOnSinglePage
        showSizeChanger={false}
        simple
        onChange={(page) => onPageChange(page)}
      />
    </>
  );
}

function WalletRecordTable<TRecord extends TWalletRecord>({
  records,
  pageNum,
  pageSize,
  onPageChange,
  scrollX,
  label,
  empty,
  methodTitle,
  method,
  getAmountUnit = () => undefined,
  isReturnedOnFail = false,
}: TRecordsProps<TRecord>) {
  const { t } = useTranslation(['wallet', 'common']);
  return (
    // Wider than the screen between the stacking width and the table's own, it scrolls inside this region.
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
          onChange: (page) => onPageChange(page),
        }}
        columns={[
          { title: t('records.time'), dataIndex: 'createdAt', render: dateTimeCell, width: 170 },
          { title: methodTitle, key: 'method', render: (_, record) => method(record) },
          {
            title: t('records.amount'),
            dataIndex: 'amount',
            align: 'end',
            render: (v: string, r) => <MoneyText value={v} unit={getAmountUnit(r)} />,
          },
          // A failed record took no fee and sent or credited nothing; a failed withdrawal gave its amount back.
          {
            title: t('records.fee'),
            dataIndex: 'fee',
            align: 'end',
            render: (v: string, r) =>
              r.status === 'fail' ? NOTHING : <MoneyText value={v} unit={getAmountUnit(r)} />,
          },
          {
            title: t('records.actualAmount'),
            dataIndex: 'actualAmount',
            align: 'end',
            render: (v: string, r) => {
              if (r.status !== 'fail') {
                return <MoneyText value={v} />;
              }
              return isReturnedOnFail ? (
                <span className="cv-wallet-returned">
                  <span>{t('records.returned')}</span>
                  <MoneyText value={r.amount} />
                </span>
              ) : (
                NOTHING
              );
            },
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
    <WalletRecords<TRecharge>
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
      methodTitle={t('records.method')}
      method={(r) => <span dir="ltr">{r.network ? `${r.currency} · ${r.network}` : r.channelCode}</span>}
      getAmountUnit={(r) => r.currency}
    />
  );
}

/** Withdrawal records, 20 a page. */
export function WithdrawalTable({ pageNum, onPageChange }: TPaging) {
  const { t } = useTranslation('wallet');
  const records = useWithdrawals(pageNum);
  return (
    <WalletRecords<TWithdrawal>
      records={records}
      pageNum={pageNum}
      pageSize={WITHDRAWAL_PAGE_SIZE}
      onPageChange={onPageChange}
      scrollX={860}
      label={t('records.withdrawals')}
      empty={{
        text: t('records.emptyWithdrawals'),
        to: '/userInfo/money-package/withdraw',
        action: t('balance.withdraw'),
      }}
      methodTitle={t('records.network')}
      isReturnedOnFail
      method={(r) => (
        <bdi dir="ltr">
          {r.network} · <ChainAddress address={r.address} />
        </bdi>
      )}
    />
  );
}

import type { TLedgerEntry } from '@caravan/contracts';
import { Skeleton } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { DataTable } from '../../../components/ui/data-table';
import { DateTimeText, dateTimeCell } from '../../../components/ui/date-time-text';
import { Figures } from '../../../components/ui/figures';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { Pager } from '../../../components/ui/pager';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { type TPageChange, useLastPageCorrection } from '../../../lib/page-param';
import { useIsNarrowerThan } from '../../../lib/use-is-narrower-than';
import { BALANCE_HISTORY_PAGE_SIZE, useBalanceHistory } from '../api/list-balance-history';

/** The four columns' width; narrower (a phone), each change is stacked instead, its amounts in view. */
const HISTORY_MIN_WIDTH = 560;

type THistoryPage = {
  entries: TLedgerEntry[];
  total: number;
  isLoading: boolean;
  isFetching: boolean;
  pageNum: number;
  onPageChange: TPageChange;
};

/** A credit says "+" as a debit says "-" (the colour only repeats it); the sign stays before the figure. */
function Change({ amount }: { amount: string }) {
  return amount.startsWith('-') ? (
    <MoneyText value={amount} />
  ) : (
    <span dir="ltr" className="cv-wallet-credit">
      +<MoneyText value={amount} />
    </span>
  );
}

function EmptyHistory() {
  const { t } = useTranslation('wallet');
  return (
    <div className="cv-muted">
      <p>{t('records.emptyHistory')}</p>
      <ButtonLink to="/userInfo/money-package/recharge" type="primary">
        {t('balance.recharge')}
      </ButtonLink>
    </div>
  );
}

/**
 * Every change of the available balance with what caused it (a recharge, an order paid, a refund, a loan), newest
 * first, and the balance after it: the buyer can follow the wallet from one figure to the next. Recharge and
 * withdrawal records alone left payments and refunds unexplained. On a phone each change is a card, as the recharge
 * and withdrawal records are: the table showed the date and the type there, the amounts behind a sideways scroll.
 */
export function BalanceHistory({ pageNum, onPageChange }: { pageNum: number; onPageChange: TPageChange }) {
  const box = useRef<HTMLDivElement>(null);
  const isStacked = useIsNarrowerThan(box, HISTORY_MIN_WIDTH);
  const history = useBalanceHistory(pageNum);
  const isPastEnd = useLastPageCorrection(
    pageNum,
    history.data?.total,
    BALANCE_HISTORY_PAGE_SIZE,
    onPageChange,
  );
  if (history.isError) {
    return <LoadError onRetry={() => void history.refetch()} />;
  }
  const page: THistoryPage = {
    entries: history.data?.pageList ?? [],
    total: history.data?.total ?? 0,
    // A page past the end (a kept link) turns to the last; meanwhile it is loading, not empty.
    isLoading: history.isLoading || isPastEnd,
    isFetching: history.isFetching,
    pageNum,
    onPageChange,
  };
  return <div ref={box}>{isStacked ? <StackedHistory {...page} /> : <HistoryTable {...page} />}</div>;
}

function StackedHistory({ entries, total, isLoading, isFetching, pageNum, onPageChange }: THistoryPage) {
  const { t } = useTranslation('wallet');
  if (isLoading) {
    return <Skeleton active />;
  }
  if (entries.length === 0) {
    return <EmptyHistory />;
  }
  return (
    <>
      <ul className="cv-wallet-records" aria-label={t('records.history')} aria-busy={isFetching}>
        {entries.map((entry) => (
          <li key={entry.id} className="cv-wallet-record">
            <div className="cv-wallet-record__head">
              <DateTimeText value={entry.createdAt} />
              <span>{t(`ledgerKind.${entry.kind}`, { defaultValue: entry.kind })}</span>
            </div>
            <Figures
              items={[
                { key: 'change', label: t('records.change'), value: <Change amount={entry.amount} /> },
                {
                  key: 'balanceAfter',
                  label: t('records.balanceAfter'),
                  value: <MoneyText value={entry.balanceAfter} />,
                },
              ]}
            />
          </li>
        ))}
      </ul>
      <Pager
        className="cv-wallet-records__pager"
        current={pageNum}
        pageSize={BALANCE_HISTORY_PAGE_SIZE}
        total={total}
        hideOnSinglePage
        showSizeChanger={false}
        simple
        onChange={(next) => onPageChange(next)}
      />
    </>
  );
}

function HistoryTable({ entries, total, isLoading, isFetching, pageNum, onPageChange }: THistoryPage) {
  const { t } = useTranslation(['wallet', 'common']);
  return (
    <ScrollRegion label={t('records.history')}>
      <DataTable<TLedgerEntry>
        rowKey="id"
        size="middle"
        style={{ minInlineSize: HISTORY_MIN_WIDTH }}
        loading={isFetching}
        dataSource={entries}
        locale={{ emptyText: isLoading ? ' ' : <EmptyHistory /> }}
        pagination={{
          current: pageNum,
          pageSize: BALANCE_HISTORY_PAGE_SIZE,
          total,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (count) => t('common:table.total', { total: count }),
          onChange: (next) => onPageChange(next),
        }}
        columns={[
          { title: t('records.time'), dataIndex: 'createdAt', render: dateTimeCell, width: 170 },
          {
            title: t('records.kindColumn'),
            dataIndex: 'kind',
            render: (kind: string) => t(`ledgerKind.${kind}`, { defaultValue: kind }),
          },
          {
            title: t('records.change'),
            dataIndex: 'amount',
            align: 'end',
            render: (amount: string) => <Change amount={amount} />,
          },
          {
            title: t('records.balanceAfter'),
            dataIndex: 'balanceAfter',
            align: 'end',
            render: (balance: string) => <MoneyText value={balance} />,
          },
        ]}
      />
    </ScrollRegion>
  );
}

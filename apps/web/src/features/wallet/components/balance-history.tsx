import type { TLedgerEntry } from '@caravan/contracts';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button-link';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { type TPageChange, useLastPageCorrection } from '../../../lib/page-param';
import { BALANCE_HISTORY_PAGE_SIZE, useBalanceHistory } from '../api/list-balance-history';

/** Wider than this, the four columns fit; on a phone the table scrolls in its region. */
const HISTORY_MIN_WIDTH = 560;

/**
 * Every change of the available balance with what caused it (a recharge, an order paid, a refund, a loan), newest
 * first, and the balance after it: the buyer can follow the wallet from one figure to the next. Recharge and
 * withdrawal records alone left payments and refunds unexplained.
 */
export function BalanceHistory({ pageNum, onPageChange }: { pageNum: number; onPageChange: TPageChange }) {
  const { t } = useTranslation(['wallet', 'common']);
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
  return (
    <ScrollRegion label={t('records.history')}>
      <DataTable<TLedgerEntry>
        rowKey="id"
        size="middle"
        style={{ minInlineSize: HISTORY_MIN_WIDTH }}
        loading={history.isFetching}
        dataSource={history.data?.pageList ?? []}
        locale={{
          emptyText:
            history.isLoading || isPastEnd ? (
              ' '
            ) : (
              <div className="cv-muted">
                <p>{t('records.emptyHistory')}</p>
                <ButtonLink to="/userInfo/money-package/recharge" type="primary">
                  {t('balance.recharge')}
                </ButtonLink>
              </div>
            ),
        }}
        pagination={{
          current: pageNum,
          pageSize: BALANCE_HISTORY_PAGE_SIZE,
          total: history.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (total) => t('common:table.total', { total }),
          onChange: (page) => onPageChange(page),
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
            // A credit says "+" as a debit says "-" (the colour only repeats it); the sign stays before the figure.
            render: (amount: string) =>
              amount.startsWith('-') ? (
                <MoneyText value={amount} />
              ) : (
                <span dir="ltr" className="cv-wallet-credit">
                  +<MoneyText value={amount} />
                </span>
              ),
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

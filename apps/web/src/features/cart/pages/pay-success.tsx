import type { TPayOrdersResponse } from '@caravan/contracts';
import { parseMoney } from '@caravan/contracts';
import { useQueries } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import '../../../components/order/order.css';
import { DataTable } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { isApiError, isNotFoundError } from '../../../lib/api';
import { formatUsdt } from '../../../lib/format-money';
import { getOrder } from '../api/get-order';

const ORDER_NO_PATTERN = /^\d{8,32}$/;

/** /paySuccess: which orders were paid and how much (read back from the server, so a reload still shows it). */
export default function PaySuccessPage() {
  const { t } = useTranslation(['cart', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const orderNos = (params.get('orderNos') ?? '')
    .split(',')
    .filter((no) => ORDER_NO_PATTERN.test(no))
    .slice(0, 50);
  const paid = (location.state ?? null) as TPayOrdersResponse | null;
  const orders = useQueries({
    queries: orderNos.map((orderNo) => ({
      queryKey: ['orders', 'detail', orderNo],
      queryFn: () => getOrder(orderNo),
    })),
  });
  // Only orders that were paid: an unpaid one (an old or shared link) is no payment to show.
  const rows = orders.flatMap((query) => (query.data && query.data.paidAt !== null ? [query.data] : []));
  const total =
    paid?.paidTotal ?? formatUsdt(rows.reduce((sum, order) => sum + parseMoney(order.paidAmount), 0n));
  const isLoading = orders.some((query) => query.isLoading);
  // An order that could not be read for another reason than not being the buyer's (network, server): the
  // payment may well have gone through, so the page offers to ask again instead of saying there is none.
  const unread = orders.filter((query) => query.isError && !isNotFoundError(query.error));
  // No order named, or none of them readable (not the buyer's): the page says so in its heading too, instead of
  // "Payment successful" over "No payment to show".
  const hasPayment = orderNos.length > 0 && (isLoading || rows.length > 0 || unread.length > 0);
  return (
    <PageFrame titleKey={hasPayment ? 'routes.paySuccess' : 'cart:paySuccess.missing'}>
      <Result
        status={hasPayment ? 'success' : 'info'}
        title={hasPayment ? t('paySuccess.title') : undefined}
        subTitle={hasPayment ? t('paySuccess.body') : undefined}
        extra={[
          <Button key="orders" type="primary" onClick={() => void navigate('/userInfo/my-order')}>
            {t('paySuccess.viewOrders')}
          </Button>,
          <Button key="shop" onClick={() => void navigate('/index')}>
            {t('paySuccess.continue')}
          </Button>,
        ]}
      >
        {/* Nothing at all when there is nothing to show: Ant Design draws an empty grey box for any children. */}
        {unread.length > 0 && (
          <LoadError
            {...(isApiError(unread[0]?.error) ? { message: unread[0].error.message } : {})}
            onRetry={() => {
              for (const query of unread) {
                void query.refetch();
              }
            }}
          />
        )}
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : rows.length > 0 ? (
          <>
            <DataTable
              size="small"
              pagination={false}
              rowKey="orderNo"
              dataSource={rows}
              data-testid="paid-orders"
              columns={[
                {
                  title: t('paySuccess.orderNo'),
                  dataIndex: 'orderNo',
                  render: (value: string) => <span dir="ltr">{value}</span>,
                },
                {
                  title: t('paySuccess.amount'),
                  dataIndex: 'paidAmount',
                  align: 'end',
                  render: (value: string) => <MoneyText isPrice value={value} />,
                },
              ]}
            />
            <dl className="cv-amounts" style={{ marginBlockStart: 12 }}>
              {/* Without the pay answer, a total of the orders read so far would be short of the real one. */}
              {(paid || unread.length === 0) && (
                <div className="cv-amounts__row cv-amounts__row--total">
                  <dt>{t('paySuccess.total')}</dt>
                  <dd>
                    {paid ? (
                      <MoneyText value={paid.paidTotal} isStrong />
                    ) : (
                      <strong dir="ltr">{total}</strong>
                    )}
                  </dd>
                </div>
              )}
              {paid?.balance && (
                <div className="cv-amounts__row">
                  <dt>{t('paySuccess.balance')}</dt>
                  <dd>
                    <MoneyText isPrice value={paid.balance} />
                  </dd>
                </div>
              )}
            </dl>
          </>
        ) : null}
      </Result>
    </PageFrame>
  );
}

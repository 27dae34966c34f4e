import { Card, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { LoadError } from '../../../components/ui/load-error';
import { MoneyText } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { readPageParam } from '../../../lib/page-param';
import { useWalletBalance } from '../../../lib/wallet-balance';
import { BalanceHistory } from '../components/balance-history';
import { RechargeTable, WithdrawalTable } from '../components/record-tables';
import { UnfinishedNotice } from '../components/unfinished-notice';
import '../wallet.css';

const TABS = ['recharges', 'withdrawals', 'history'] as const;
type TTab = (typeof TABS)[number];

/** /userInfo/money-package: balance in USDT, recharge and withdraw, both record lists and the balance history. */
export default function MoneyPackagePage() {
  const { t } = useTranslation(['wallet', 'common']);
  const wallet = useWalletBalance();
  const [params, setParams] = useSearchParams();
  const tab: TTab = TABS.find((key) => key === params.get('tab')) ?? 'recharges';
  const pageNum = readPageParam(params.get('page'));
  // Each page or tab is a step Back returns to (it replaced the address, so Back skipped the records pages); a
  // correction past the last page replaces it.
  const go = (next: { tab?: TTab; page?: number }, options: { isCorrection?: boolean } = {}) => {
    const search = new URLSearchParams(params);
    search.set('tab', next.tab ?? tab);
    search.set('page', String(next.page ?? 1));
    setParams(search, { replace: options.isCorrection === true, preventScrollReset: true });
  };
  return (
    <PageFrame
      titleKey="routes.moneyPackage"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <Card className="cv-wallet-card" aria-label={t('balance.title')}>
        {wallet.isLoading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : wallet.isError ? (
          <LoadError onRetry={() => void wallet.refetch()} />
        ) : (
          <div className="cv-wallet-balance">
            <div>
              <div className="cv-muted">{t('balance.available')}</div>
              <div className="cv-wallet-balance__value" data-testid="wallet-available">
                <MoneyText value={wallet.data?.available} />
              </div>
            </div>
            <div>
              <div className="cv-muted">{t('balance.held')}</div>
              <div className="cv-wallet-balance__value" data-testid="wallet-held">
                <MoneyText value={wallet.data?.held} />
              </div>
            </div>
            <div className="cv-wallet-balance__actions">
              <ButtonLink to="/userInfo/money-package/recharge" type="primary" size="large">
                {t('balance.recharge')}
              </ButtonLink>
              <ButtonLink to="/userInfo/money-package/withdraw" size="large">
                {t('balance.withdraw')}
              </ButtonLink>
            </div>
          </div>
        )}
        {wallet.data?.hasUnfinished && <UnfinishedNotice />}
      </Card>
      <Card className="cv-wallet-card">
        <Tabs
          // The three share the row, a long name wrapping: at 360 px "Balance history" was out of view, its "more"
          // menu left out (global.css), with nothing to say there was a third tab (QA).
          className="cv-even-tabs"
          tabBarGutter={12}
          activeKey={tab}
          onChange={(key) => go({ tab: key as TTab, page: 1 })}
          items={TABS.map((key) => ({
            key,
            label: t(`records.${key}`),
            children:
              key === 'recharges' ? (
                <div data-testid="recharge-records">
                  <RechargeTable
                    pageNum={tab === key ? pageNum : 1}
                    onPageChange={(page, options) => go({ page }, options)}
                  />
                </div>
              ) : key === 'withdrawals' ? (
                <div data-testid="withdrawal-records">
                  <WithdrawalTable
                    pageNum={tab === key ? pageNum : 1}
                    onPageChange={(page, options) => go({ page }, options)}
                  />
                </div>
              ) : (
                <div data-testid="balance-history">
                  <BalanceHistory
                    pageNum={tab === key ? pageNum : 1}
                    onPageChange={(page, options) => go({ page }, options)}
                  />
                </div>
              ),
          }))}
        />
      </Card>
    </PageFrame>
  );
}

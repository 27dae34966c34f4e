import {
  buildSchedule,
  formatMoney,
  isMoneyString,
  parseMoney,
  REPAYMENT_MODES,
  type TLoanProduct,
  type TRepaymentMode,
} from '@caravan/contracts';
import { Alert, Button, Card, Descriptions, Empty, Form, Radio, Select, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input';
import { LoadError } from '../../../components/ui/load-error';
import { formatAmount, MoneyText } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { withColon } from '../../../lib/format';
import { ratePercent } from '../../../lib/format-money';
import { percentText } from '../../../lib/percent';
import { isLoggedIn, useSession } from '../../../lib/session';
import { useLoanProducts, useMyLoans } from '../api/loans-api';
import { ScheduleTable } from '../components/schedule-table';
import '../loans.css';
import { isAmountUnreadable } from '../../../lib/normalise-amount';

type TCalc = { amount: string; termDays: number; mode: TRepaymentMode };

/** Which way an arrow key moves in a radio group: down and the reading direction's forward arrow go on. */
function arrowStep(key: string, element: HTMLElement): -1 | 0 | 1 {
  const isRtl = getComputedStyle(element).direction === 'rtl';
  if (key === 'ArrowDown' || key === (isRtl ? 'ArrowLeft' : 'ArrowRight')) {
    return 1;
  }
  if (key === 'ArrowUp' || key === (isRtl ? 'ArrowRight' : 'ArrowLeft')) {
    return -1;
  }
  return 0;
}

function quote(product: TLoanProduct, calc: TCalc) {
  if (!isMoneyString(calc.amount, 2) || calc.amount.startsWith('-')) {
    return null;
  }
  const amount = parseMoney(calc.amount);
  if (amount < parseMoney(product.minAmount) || amount > parseMoney(product.maxAmount)) {
    return null;
  }
  const schedule = buildSchedule({
    principal: amount,
    termDays: calc.termDays,
    cycleDays: product.cycleDays,
    dailyRate: product.dailyRate,
    mode: calc.mode,
  });
  return {
    schedule,
    lines: schedule.instalments.map((i) => ({
      number: i.number,
      dueDay: i.dueDay,
      dueDate: null,
      principal: formatMoney(i.principal),
      interest: formatMoney(i.interest),
      total: formatMoney(i.total),
      balanceAfter: formatMoney(i.balanceAfter),
      state: 'upcoming' as const,
    })),
  };
}

/** Products and a calculator showing the whole schedule, APR, total interest and total to repay. */
export default function CreditPage() {
  const { t, i18n } = useTranslation('loans');
  const navigate = useNavigate();
  const products = useLoanProducts();
  // A buyer whose earlier loan went overdue cannot apply (LOAN_NOT_QUALIFIED): said here, not after the form.
  const myLoans = useMyLoans(isLoggedIn(useSession()));
  const hasOverdueHistory = myLoans.data?.hasOverdueHistory === true;
  const list = products.data?.products ?? [];
  const [productId, setProductId] = useState<string | undefined>();
  const product = list.find((p) => p.id === productId) ?? list[0];
  const [calc, setCalc] = useState<Partial<TCalc>>({});
  const current: TCalc | null = product
    ? {
        amount: calc.amount ?? product.minAmount,
        termDays:
          calc.termDays && product.termOptions.includes(calc.termDays)
            ? calc.termDays
            : product.termOptions[0]!,
        mode: calc.mode && product.modes.includes(calc.mode) ? calc.mode : product.modes[0]!,
      }
    : null;
  const result = useMemo(() => (product && current ? quote(product, current) : null), [product, current]);

  return (
    <PageFrame titleKey="routes.credit" extra={<Link to="/credit/myLoan">{t('credit.myLoan')}</Link>}>
      <p className="cv-muted">{t('credit.intro')}</p>
      {products.isPending && <Skeleton active />}
      {products.isError && <LoadError message={t('loadError')} onRetry={() => void products.refetch()} />}
      {products.isSuccess && list.length === 0 && <Empty description={t('credit.noProducts')} />}
      {product && current && (
        <div className="cv-loans-grid">
          <div className="cv-loans-products" role="radiogroup" aria-label={t('admin.productsTitle')}>
            {list.map((p, index) => (
              <Card
                key={p.id}
                size="small"
                className={p.id === product.id ? 'cv-loans-product is-selected' : 'cv-loans-product'}
                // A radio group is one tab stop; the arrow keys move the choice (WAI-ARIA radio group).
                tabIndex={p.id === product.id ? 0 : -1}
                role="radio"
                aria-checked={p.id === product.id}
                onClick={() => setProductId(p.id)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    setProductId(p.id);
                    return;
                  }
                  const step = arrowStep(event.key, event.currentTarget);
                  if (step !== 0) {
                    event.preventDefault();
                    const next = (index + step + list.length) % list.length;
                    setProductId(list[next]!.id);
                    const cards =
                      event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="radio"]');
                    cards?.[next]?.focus();
                  }
                }}
              >
                <h2>{t(`kind.${p.kind}`)}</h2>
                <p className="cv-muted">
                  {t('fields.limits', { min: formatAmount(p.minAmount), max: formatAmount(p.maxAmount) })}
                </p>
                <p>
                  {withColon(t('fields.dailyRate'))}{' '}
                  <span dir="ltr">{ratePercent(p.dailyRate, i18n.language)}</span> ·{' '}
                  {withColon(t('fields.apr'))}{' '}
                  <span dir="ltr">{percentText(p.aprPercent, i18n.language)}</span>
                </p>
              </Card>
            ))}
          </div>
          <Card title={t('credit.calculator')} size="small">
            <Form layout="vertical">
              <Form.Item
                label={t('fields.amount')}
                htmlFor="credit-calculator-amount"
                validateStatus={result ? undefined : 'error'}
                help={
                  result
                    ? t('fields.limits', {
                        min: formatAmount(product.minAmount),
                        max: formatAmount(product.maxAmount),
                      })
                    : isAmountUnreadable(current.amount)
                      ? t('common:amountFormat')
                      : // A well-written amount outside the product's range is told the range (it was told "at most 2
                        // decimals" as well, which read as the reason, QA).
                        isMoneyString(current.amount, 2) && !current.amount.startsWith('-')
                        ? t('fields.limits', {
                            min: formatAmount(product.minAmount),
                            max: formatAmount(product.maxAmount),
                          })
                        : t('credit.amountInvalid')
                }
              >
                <AmountInput
                  id="credit-calculator-amount"
                  value={current.amount}
                  onChange={(event) => setCalc({ ...calc, amount: event.target.value.trim() })}
                />
              </Form.Item>
              <Form.Item label={t('fields.term')} htmlFor="credit-calculator-term">
                <Select
                  id="credit-calculator-term"
                  value={current.termDays}
                  options={product.termOptions.map((days) => ({
                    value: days,
                    label: t('fields.termDays', { count: days }),
                  }))}
                  onChange={(termDays: number) => setCalc({ ...calc, termDays })}
                />
              </Form.Item>
              <Form.Item label={t('fields.mode')}>
                <Radio.Group
                  value={current.mode}
                  onChange={(event) => setCalc({ ...calc, mode: event.target.value as TRepaymentMode })}
                  options={REPAYMENT_MODES.filter((m) => product.modes.includes(m)).map((m) => ({
                    value: m,
                    label: t(`mode.${m}`),
                  }))}
                />
              </Form.Item>
            </Form>
            {result && (
              <>
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    {
                      key: 'apr',
                      label: t('fields.apr'),
                      children: (
                        <span dir="ltr">{percentText(result.schedule.aprPercent, i18n.language)}</span>
                      ),
                    },
                    {
                      key: 'interest',
                      label: t('fields.totalInterest'),
                      children: <MoneyText decimals={2} value={formatMoney(result.schedule.totalInterest)} />,
                    },
                    {
                      key: 'total',
                      label: t('fields.totalRepayment'),
                      children: (
                        <MoneyText decimals={2} value={formatMoney(result.schedule.totalRepayment)} />
                      ),
                    },
                  ]}
                />
                <h3>{t('credit.schedule')}</h3>
                <ScheduleTable lines={result.lines} />
                {hasOverdueHistory ? (
                  <Alert type="warning" showIcon title={t('application.overdueHistory')} />
                ) : (
                  <Button
                    type="primary"
                    block
                    onClick={() =>
                      void navigate(
                        `/credit/application?productId=${product.id}&amount=${encodeURIComponent(current.amount)}&termDays=${current.termDays}&mode=${current.mode}`,
                      )
                    }
                  >
                    {t('credit.apply')}
                  </Button>
                )}
              </>
            )}
          </Card>
        </div>
      )}
    </PageFrame>
  );
}

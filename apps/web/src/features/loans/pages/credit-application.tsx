import {
  buildSchedule,
  formatMoney,
  isMoneyString,
  LOAN_PURPOSE_MAX,
  OPEN_LOAN_STATUSES,
  parseMoney,
  REPAYMENT_MODES,
  type TApplyLoanRequest,
  type TLoanStatus,
  type TRepaymentMode,
} from '@caravan/contracts';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Radio, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input';
import { isOverLimit, LimitedTextArea } from '../../../components/ui/limited-text';
import { LoadError } from '../../../components/ui/load-error';
import { formatAmount } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { isApiError } from '../../../lib/api';
import { useCountryName } from '../../../lib/country-name';
import { ratePercent } from '../../../lib/format-money';
import { percentText } from '../../../lib/percent';
import { toast, toastError } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import {
  identityImageUrl,
  useApplyLoan,
  useLoanProducts,
  useMyLoans,
  useMyVerification,
} from '../api/loans-api';
import { ScheduleTable } from '../components/schedule-table';
import '../loans.css';
import { isAmountUnreadable } from '../../../lib/normalise-amount';

/** The application, prefilled from the verification, with the agreement of these figures to tick. */
/** The server's refusals that are about the amount applied for. */
const AMOUNT_REFUSALS = new Set(['LOAN_BELOW_MIN', 'LOAN_ABOVE_MAX']);

export default function CreditApplicationPage() {
  const { t, i18n } = useTranslation(['loans', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const products = useLoanProducts();
  const verification = useMyVerification();
  const myLoans = useMyLoans();
  const countryName = useCountryName();
  const apply = useApplyLoan();
  const list = products.data?.products ?? [];
  const [productId, setProductId] = useState(params.get('productId') ?? undefined);
  const product = list.find((p) => p.id === productId) ?? list[0];
  const [amount, setAmount] = useState(params.get('amount') ?? '');
  const [termDays, setTermDays] = useState<number | undefined>(Number(params.get('termDays')) || undefined);
  const [mode, setMode] = useState<TRepaymentMode | undefined>(
    (REPAYMENT_MODES as readonly string[]).includes(params.get('mode') ?? '')
      ? (params.get('mode') as TRepaymentMode)
      : undefined,
  );
  const [purpose, setPurpose] = useState('');
  const [isAgreed, setAgreed] = useState(false);
  // The server's refusal of the amount sent (the product's limits changed since the page was read), beside the amount
  // while it is the one typed: a toast was gone in seconds.
  const [refusedAmount, setRefusedAmount] = useState<{ amount: string; message: string } | null>(null);
  // One application per click, however fast: a second click before the button showed it was busy sent it again,
  // and "An application is already pending" stood beside "Submitted".
  const sendApplication = useOneAtATime(async (body: TApplyLoanRequest) => {
    try {
      await apply.mutateAsync(body);
      toast.success(t('application.submitted'));
      await navigate('/credit/myLoan');
    } catch (error) {
      if (isApiError(error) && (error.details.field === 'amount' || AMOUNT_REFUSALS.has(error.code))) {
        setRefusedAmount({ amount: body.amount, message: error.message });
        return;
      }
      toastError(error, t('loadError'));
    }
  });
  const realName = verification.data?.realName;
  const isVerified = verification.data?.realNameStatus === 'approved';
  const isAdvancedVerified = verification.data?.advancedStatus === 'approved';
  // A loan not yet repaid or decided blocks another application (SPEC §4): said before the form is filled in.
  const openLoan = [myLoans.data?.current, ...(myLoans.data?.history ?? [])].find(
    (loan) => loan && (OPEN_LOAN_STATUSES as readonly TLoanStatus[]).includes(loan.status),
  );
  // So does a loan that went overdue once (LOAN_NOT_QUALIFIED, overdue_history), even repaid since.
  const hasOverdueHistory = myLoans.data?.hasOverdueHistory === true;

  if (products.isPending || verification.isPending) {
    return (
      <PageFrame titleKey="routes.creditApplication" crumbs={[{ labelKey: 'routes.credit', to: '/credit' }]}>
        <Skeleton active />
      </PageFrame>
    );
  }
  if (products.isError || verification.isError || !product) {
    return (
      <PageFrame titleKey="routes.creditApplication" crumbs={[{ labelKey: 'routes.credit', to: '/credit' }]}>
        <LoadError
          message={t('loadError')}
          onRetry={() => {
            void products.refetch();
            void verification.refetch();
          }}
        />
      </PageFrame>
    );
  }
  const term = termDays && product.termOptions.includes(termDays) ? termDays : product.termOptions[0]!;
  const chosenMode = mode && product.modes.includes(mode) ? mode : product.modes[0]!;
  const isWithinLimits =
    isMoneyString(amount) &&
    !amount.startsWith('-') &&
    parseMoney(amount) >= parseMoney(product.minAmount) &&
    parseMoney(amount) <= parseMoney(product.maxAmount);
  const isAmountValid = isWithinLimits && isMoneyString(amount, 2);
  // Above the product's threshold the server asks for advanced verification: said beside the amount as it is typed.
  const needsAdvanced =
    isAmountValid && !isAdvancedVerified && parseMoney(amount) > parseMoney(product.advancedAbove);
  const schedule = isAmountValid
    ? buildSchedule({
        principal: parseMoney(amount),
        termDays: term,
        cycleDays: product.cycleDays,
        dailyRate: product.dailyRate,
        mode: chosenMode,
      })
    : null;
  // Only when the rest is ready: an unverified account, an open loan or a missing figure each say why elsewhere.
  const isAgreementHintShown =
    schedule !== null &&
    !isAgreed &&
    isVerified &&
    !needsAdvanced &&
    openLoan === undefined &&
    !hasOverdueHistory;
  // Too long is said at once (the text is kept whole, not cut); empty only once all else is ready.
  const purposeError = isOverLimit(purpose, LOAN_PURPOSE_MAX)
    ? t('validation:tooLong')
    : isAgreed && purpose.trim().length === 0
      ? t('validation:required')
      : undefined;
  const submit = () =>
    sendApplication({
      productId: product.id,
      amount,
      termDays: term,
      mode: chosenMode,
      purpose,
      agreed: isAgreed,
    });
  const amountRefusal = refusedAmount?.amount === amount ? refusedAmount.message : null;
  return (
    <PageFrame titleKey="routes.creditApplication" crumbs={[{ labelKey: 'routes.credit', to: '/credit' }]}>
      {openLoan && (
        <Alert
          type="info"
          showIcon
          title={t('application.openLoan')}
          action={<Link to="/credit/myLoan">{t('application.seeMyLoan')}</Link>}
          style={{ marginBlockEnd: 16 }}
        />
      )}
      {hasOverdueHistory && !openLoan && (
        <Alert
          type="warning"
          showIcon
          title={t('application.overdueHistory')}
          action={<Link to="/credit/myLoan">{t('application.seeMyLoan')}</Link>}
          style={{ marginBlockEnd: 16 }}
        />
      )}
      {!isVerified && (
        <Alert
          type="warning"
          showIcon
          title={t('application.needVerification')}
          action={<Link to="/userInfo/verification">{t('application.goVerify')}</Link>}
          style={{ marginBlockEnd: 16 }}
        />
      )}
      {realName && isVerified && (
        <Card size="small" title={t('application.fromVerification')} style={{ marginBlockEnd: 16 }}>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'name', label: t('fields.realName'), children: realName.realName },
              {
                key: 'nationality',
                label: t('fields.nationality'),
                children: countryName(realName.nationality),
              },
              {
                key: 'number',
                label: t('fields.idNumber'),
                children: <span dir="ltr">{realName.idNumber}</span>,
              },
              {
                key: 'photo',
                label: t('fields.idFront'),
                children: realName.images.front ? (
                  <img
                    src={identityImageUrl(realName.images.front)}
                    alt={t('fields.idFront')}
                    width={120}
                    height={80}
                  />
                ) : (
                  '--'
                ),
              },
            ]}
          />
        </Card>
      )}
      <Card size="small">
        <Form layout="vertical">
          <Form.Item label={t('fields.product')} htmlFor="credit-application-product">
            <Select
              id="credit-application-product"
              value={product.id}
              onChange={setProductId}
              options={list.map((p) => ({ value: p.id, label: t(`kind.${p.kind}`) }))}
            />
          </Form.Item>
          <Form.Item
            label={t('fields.amount')}
            validateStatus={
              (amount && !isAmountValid) || amountRefusal ? 'error' : needsAdvanced ? 'warning' : undefined
            }
            help={
              amountRefusal ??
              (needsAdvanced ? (
                <>
                  {t('application.needAdvanced', { amount: formatAmount(product.advancedAbove) })}{' '}
                  <Link to="/userInfo/verification">{t('application.goVerify')}</Link>
                </>
              ) : isAmountUnreadable(amount) ? (
                t('common:amountFormat')
              ) : isWithinLimits && !isAmountValid ? (
                // In the range, but in fractions of a cent: the range alone did not say what was wrong (QA).
                t('validation:amountCents')
              ) : (
                t('fields.limits', {
                  min: formatAmount(product.minAmount),
                  max: formatAmount(product.maxAmount),
                })
              ))
            }
          >
            <AmountInput
              aria-label={t('fields.amount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value.trim())}
            />
          </Form.Item>
          <Form.Item label={t('fields.term')} htmlFor="credit-application-term">
            <Select
              id="credit-application-term"
              value={term}
              onChange={setTermDays}
              options={product.termOptions.map((days) => ({
                value: days,
                label: t('fields.termDays', { count: days }),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('fields.mode')}>
            <Radio.Group
              value={chosenMode}
              onChange={(event) => setMode(event.target.value as TRepaymentMode)}
              options={product.modes.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
            />
          </Form.Item>
          <Form.Item
            label={t('fields.purpose')}
            required
            // Said once all else is ready, so a grey Submit is never left unexplained.
            validateStatus={purposeError ? 'error' : undefined}
            help={purposeError}
          >
            <LimitedTextArea
              aria-label={t('fields.purpose')}
              value={purpose}
              limit={LOAN_PURPOSE_MAX}
              onChange={(event) => setPurpose(event.target.value)}
            />
          </Form.Item>
        </Form>
        {schedule && (
          <>
            <h3>{t('application.agreementTitle')}</h3>
            <section className="cv-loans-agreement" aria-label={t('application.agreementTitle')}>
              <p>
                {t('application.agreementBody', {
                  amount: formatAmount(amount, 2),
                  days: term,
                  rate: ratePercent(product.dailyRate, i18n.language),
                  apr: percentText(schedule.aprPercent, i18n.language),
                  mode: t(`mode.${chosenMode}`),
                  total: formatAmount(formatMoney(schedule.totalRepayment), 2),
                  interest: formatAmount(formatMoney(schedule.totalInterest), 2),
                  grace: product.graceDays,
                  penalty: ratePercent(product.penaltyDailyRate, i18n.language),
                })}
              </p>
              <ScheduleTable
                lines={schedule.instalments.map((i) => ({
                  number: i.number,
                  dueDay: i.dueDay,
                  dueDate: null,
                  principal: formatMoney(i.principal),
                  interest: formatMoney(i.interest),
                  total: formatMoney(i.total),
                  balanceAfter: formatMoney(i.balanceAfter),
                  state: 'upcoming',
                }))}
              />
            </section>
            <Checkbox checked={isAgreed} onChange={(event) => setAgreed(event.target.checked)}>
              {t('application.agree')}
            </Checkbox>
          </>
        )}
        <div className="cv-loans-submit" style={{ marginBlockStart: 16 }}>
          <Button
            type="primary"
            aria-describedby={isAgreementHintShown ? 'credit-application-agree-hint' : undefined}
            onClick={() => void submit()}
            loading={apply.isPending}
            disabled={
              !schedule ||
              !isAgreed ||
              !isVerified ||
              needsAdvanced ||
              openLoan !== undefined ||
              hasOverdueHistory ||
              purpose.trim().length === 0 ||
              isOverLimit(purpose, LOAN_PURPOSE_MAX)
            }
          >
            {t('application.submit')}
          </Button>
          {isAgreementHintShown && (
            // A grey Submit is never left unexplained: the agreement is the one box left to tick.
            <span id="credit-application-agree-hint" className="cv-loans-submit-hint">
              {t('application.agreeToSubmit')}
            </span>
          )}
        </div>
      </Card>
    </PageFrame>
  );
}

import {
  endedOfferOf,
  LOAN_REASON_MAX,
  MY_LOANS_PAGE_SIZE,
  parseMoney,
  type TLoan,
  type TLoanStatus,
  zLoanAmount,
  zTxPassword,
} from '@caravan/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  type InputRef,
  Modal,
  Radio,
  Skeleton,
  Space,
  Tag,
  Timeline,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountInput } from '../../../components/ui/amount-input';
import { isOverLimit, LimitedTextArea } from '../../../components/ui/limited-text';
import { LoadError } from '../../../components/ui/load-error';
import { formatAmount, MoneyText } from '../../../components/ui/money-text';
import { PageFrame } from '../../../components/ui/page-frame';
import { type TClosingDialogProps, useClosingDialog } from '../../../components/ui/use-closing-dialog';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { isApiError } from '../../../lib/api';
import { isolateText } from '../../../lib/bidi';
import { formatDateTime, withColon } from '../../../lib/format';
import { percentText } from '../../../lib/percent';
import { useSession } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast';
import { useWalletBalance } from '../../../lib/wallet-balance';
import { useAcceptLoanOffer, useDeclineLoanOffer, useMyLoans, useRepayLoan } from '../api/loans-api';
import { ScheduleTable } from '../components/schedule-table';
import '../loans.css';
import { DataTable } from '../../../components/ui/data-table';
import { DateTimeInSentence, DateTimeText } from '../../../components/ui/date-time-text';
import { EndDrawer } from '../../../components/ui/end-drawer';
import { ForgotTxPasswordLink, txPasswordPath } from '../../../components/ui/tx-password-link';
import { toAsciiDigits } from '../../../lib/ascii-digits';
import { isAmountUnreadable } from '../../../lib/normalise-amount';
import { usePageParam } from '../../../lib/page-param';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

const STATUS_COLOURS: Record<TLoanStatus, string> = {
  applying: 'processing',
  reviewing: 'processing',
  approved: 'gold',
  disbursed: 'success',
  overdue: 'error',
  repaid: 'default',
  failed: 'warning',
};

/**
 * The loan's status; a declined, lapsed or withdrawn offer also ends `failed`, which alone read as "loan rejected", so those
 * are named by how the offer ended.
 */
export function LoanStatusTag({ loan }: { loan: Pick<TLoan, 'status' | 'offerOutcome'> }) {
  const { t } = useTranslation('loans');
  const endedOffer = endedOfferOf(loan);
  return (
    <Tag color={STATUS_COLOURS[loan.status]}>
      {endedOffer ? t(`statusOffer.${endedOffer}`) : t(`status.${loan.status}`)}
    </Tag>
  );
}

type TRepayKind = 'next' | 'amount' | 'all';

/** Why another amount cannot be repaid (cents, above 0, at most what is owed), or null when it can. */
function repayAmountFault(amount: string, totalOwed: string): 'format' | 'tooMuch' | null {
  if (!zLoanAmount.safeParse(amount).success) {
    return 'format';
  }
  return parseMoney(amount) > parseMoney(totalOwed) ? 'tooMuch' : null;
}

function RepayDialog({ loan, isOpen, onClose, afterClose }: { loan: TLoan } & TClosingDialogProps) {
  const { t } = useTranslation(['loans', 'validation', 'errors']);
  const dialogFocus = useDialogFocus(isOpen);
  const repay = useRepayLoan();
  const wallet = useWalletBalance();
  // Nothing of the next instalment may be owed yet (its interest accrues day by day): then there is no "next" to pay.
  const canPayNext = parseMoney(loan.nextPayableNow) > 0n;
  const [kind, setKind] = useState<TRepayKind>(canPayNext ? 'next' : 'amount');
  const [amount, setAmount] = useState('');
  const [txPassword, setTxPassword] = useState('');
  // The server's refusal of the password typed (wrong, with the attempts left; locked), beside the field until it is
  // edited: a toast was gone in seconds, with the attempts left before the lock.
  const [passwordRefusal, setPasswordRefusal] = useState<{ typed: string; message: string } | null>(null);
  const passwordField = useRef<InputRef>(null);
  // The confirmation names exactly what will be taken: another amount only once it is one that can be repaid.
  const amountFault = kind === 'amount' && amount ? repayAmountFault(amount, loan.totalOwed) : null;
  const amountHelp =
    amountFault === 'format'
      ? t(isAmountUnreadable(amount) ? 'common:amountFormat' : 'validation:amountCents')
      : amountFault === 'tooMuch'
        ? // Isolated, so the figure and its unit stay one left-to-right piece inside an Arabic sentence.
          t('errors:LOAN_REPAY_TOO_MUCH', { owed: `\u2066${formatAmount(loan.totalOwed)} USDT\u2069` })
        : undefined;
  const shown =
    kind === 'all'
      ? loan.totalOwed
      : kind === 'next'
        ? loan.nextPayableNow
        : amount && !amountFault
          ? amount
          : '';
  // Said beside the choice, before the password: the server refused it only after OK.
  const isShortOfBalance =
    shown !== '' && wallet.data !== undefined && parseMoney(wallet.data.available) < parseMoney(shown);
  const isPasswordValid = zTxPassword.safeParse(txPassword).success;
  const hasTxPassword = useSession().userInfo?.hasTxPassword !== false;
  // A second click before the first answer (the button's loading state comes a render later) sends nothing.
  const submit = useOneAtATime(async () => {
    try {
      await repay.mutateAsync({
        id: loan.id,
        body: { kind, txPassword, ...(kind === 'amount' ? { amount } : {}) },
      });
      toast.success(t('myLoan.repaid'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('TX_PASSWORD_')) {
        setPasswordRefusal({ typed: txPassword, message: error.message });
        passwordField.current?.focus();
        return;
      }
      toastError(error, t('loadError'));
    }
  });
  const passwordHelp =
    passwordRefusal?.typed === txPassword
      ? passwordRefusal.message
      : txPassword && !isPasswordValid
        ? t('validation:txPassword')
        : undefined;
  return (
    <Modal
      open={isOpen}
      afterClose={afterClose}
      title={t('myLoan.repay')}
      onCancel={onClose}
      onOk={() => void submit()}
      {...dialogFocus.modalProps}
      okButtonProps={{
        disabled:
          !hasTxPassword ||
          !isPasswordValid ||
          isShortOfBalance ||
          (kind === 'amount' && (!amount || amountFault !== null)),
        loading: repay.isPending,
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('fields.amount')}>
          <Radio.Group
            {...dialogFocus.target}
            value={kind}
            onChange={(event) => setKind(event.target.value as TRepayKind)}
            options={[
              {
                value: 'next',
                disabled: !canPayNext,
                label: (
                  <>
                    {t('myLoan.repayNext')} (<MoneyText value={loan.nextPayableNow} />)
                  </>
                ),
              },
              { value: 'amount', label: t('myLoan.repayAmount') },
              {
                value: 'all',
                label: (
                  <>
                    {t('myLoan.repayAll')} (<MoneyText value={loan.totalOwed} />)
                  </>
                ),
              },
            ]}
          />
          {!canPayNext && loan.nextDueDate && (
            <p className="cv-muted">
              {t('myLoan.nothingDueYet', { amount: formatAmount(loan.nextDue), date: loan.nextDueDate })}
            </p>
          )}
        </Form.Item>
        {kind === 'amount' && (
          <Form.Item
            label={t('myLoan.repayAmount')}
            validateStatus={amountHelp ? 'error' : undefined}
            help={amountHelp}
          >
            <AmountInput
              aria-label={t('myLoan.repayAmount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value.trim())}
            />
          </Form.Item>
        )}
        {!hasTxPassword && (
          <Alert
            type="warning"
            showIcon
            title={t('myLoan.noTxPassword')}
            action={<Link to={txPasswordPath('/credit/myLoan')}>{t('myLoan.setTxPassword')}</Link>}
          />
        )}
        <Form.Item
          hidden={!hasTxPassword}
          label={t('myLoan.txPassword')}
          validateStatus={passwordHelp ? 'error' : undefined}
          help={passwordHelp}
          extra={<ForgotTxPasswordLink returnTo="/credit/myLoan" />}
        >
          <Input.Password
            ref={passwordField}
            aria-label={t('myLoan.txPassword')}
            aria-invalid={passwordHelp !== undefined || undefined}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            value={txPassword}
            onChange={(event) => setTxPassword(toAsciiDigits(event.target.value))}
          />
        </Form.Item>
      </Form>
      <p>
        {withColon(t('fields.balance'))} <MoneyText value={wallet.data?.available} />
      </p>
      {/* Every digit the ledger will take (whole cents since interest and penalties are owed in cents). */}
      {isShortOfBalance ? (
        <Alert type="error" showIcon title={t('errors:INSUFFICIENT_BALANCE')} />
      ) : (
        shown && <p>{t('myLoan.repayConfirm', { amount: formatAmount(shown) })}</p>
      )}
    </Modal>
  );
}

/**
 * A loan approved for less than asked: nothing is paid until the borrower accepts. The card names both amounts, what
 * the offered amount costs, and until when it stands; accept and decline each ask to confirm in a dialog (focus
 * trapped, Escape closes) whose button waits for the answer.
 */
function LoanOffer({ loan }: { loan: TLoan }) {
  const { t } = useTranslation(['loans', 'common']);
  const accept = useAcceptLoanOffer();
  const decline = useDeclineLoanOffer();
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const acceptFocus = useDialogFocus(dialog === 'accept');
  const declineFocus = useDialogFocus(dialog === 'decline');
  const offered = loan.approvedAmount ?? loan.amount;
  // A second click before the first answer sends nothing (the dialog's loading state comes a render later).
  const answer = useOneAtATime(async (choice: 'accept' | 'decline') => {
    try {
      if (choice === 'accept') {
        await accept.mutateAsync({ id: loan.id });
        toast.success(t('myLoan.offer.accepted'));
      } else {
        const trimmed = reason.trim();
        await decline.mutateAsync({ id: loan.id, body: trimmed ? { reason: trimmed } : {} });
        toast.success(t('myLoan.offer.declined'));
      }
      setDialog(null);
    } catch (error) {
      toastError(error, t('loadError'));
    }
  });
  const isBusy = accept.isPending || decline.isPending;
  return (
    <Alert
      type="info"
      showIcon
      className="cv-loan-offer"
      style={{ marginBlockEnd: 16 }}
      title={t('myLoan.offer.title', { amount: formatAmount(offered) })}
      description={
        <>
          <p>
            {t('myLoan.offer.body', {
              asked: formatAmount(loan.amount),
              amount: formatAmount(offered),
            })}
          </p>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'offered',
                label: t('myLoan.offer.amount'),
                children: <MoneyText decimals={2} value={offered} />,
              },
              {
                key: 'interest',
                label: t('fields.totalInterest'),
                children: <MoneyText decimals={2} value={loan.totalInterestScheduled} />,
              },
              {
                key: 'total',
                label: t('fields.totalRepayment'),
                children: <MoneyText decimals={2} value={loan.totalRepaymentScheduled} />,
              },
            ]}
          />
          {loan.offerExpiresAt && (
            <p>
              <DateTimeInSentence
                value={loan.offerExpiresAt}
                sentence={(date) => t('myLoan.offer.validUntil', { date })}
              />
            </p>
          )}
          <Space wrap>
            <Button type="primary" onClick={() => setDialog('accept')} disabled={isBusy}>
              {t('myLoan.offer.accept')}
            </Button>
            <Button onClick={() => setDialog('decline')} disabled={isBusy}>
              {t('myLoan.offer.decline')}
            </Button>
          </Space>
          <Modal
            open={dialog === 'accept'}
            title={t('myLoan.offer.acceptTitle')}
            okText={t('myLoan.offer.accept')}
            cancelText={t('common:actions.cancel')}
            onCancel={() => setDialog(null)}
            onOk={() => void answer('accept')}
            okButtonProps={{ ...acceptFocus.target }}
            confirmLoading={accept.isPending}
            destroyOnHidden
            {...acceptFocus.modalProps}
          >
            <p>
              {t('myLoan.offer.acceptConfirm', {
                amount: formatAmount(offered),
                days: loan.termDays,
                total: formatAmount(loan.totalRepaymentScheduled),
              })}
            </p>
          </Modal>
          <Modal
            open={dialog === 'decline'}
            title={t('myLoan.offer.declineTitle')}
            okText={t('myLoan.offer.decline')}
            okButtonProps={{ danger: true, disabled: isOverLimit(reason, LOAN_REASON_MAX) }}
            cancelText={t('common:actions.cancel')}
            onCancel={() => setDialog(null)}
            onOk={() => void answer('decline')}
            confirmLoading={decline.isPending}
            destroyOnHidden
            {...declineFocus.modalProps}
          >
            <p>{t('myLoan.offer.declineConfirm')}</p>
            <LimitedTextArea
              {...declineFocus.target}
              aria-label={t('myLoan.offer.declineReason')}
              placeholder={t('myLoan.offer.declineReason')}
              limit={LOAN_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Modal>
        </>
      }
    />
  );
}

/** What a loan is and how it went: its figures, its progress and its schedule (the current loan and past ones). */
function LoanDetails({ loan }: { loan: TLoan }) {
  const { t, i18n } = useTranslation('loans');
  const isLive = loan.status === 'disbursed' || loan.status === 'overdue';
  // Never paid out (applied, in review, declined): nothing is owed, so no balances, and a declined one has no plan.
  const wasPaidOut = isLive || loan.status === 'repaid';
  const isDeclined = loan.status === 'failed';
  const endedOffer = endedOfferOf(loan);
  const terms = [
    {
      key: 'amount',
      label: t('fields.amount'),
      children: <MoneyText decimals={2} value={loan.approvedAmount ?? loan.amount} />,
    },
    { key: 'term', label: t('fields.term'), children: t('fields.termDays', { count: loan.termDays }) },
    { key: 'mode', label: t('fields.mode'), children: t(`mode.${loan.mode}`) },
    {
      key: 'apr',
      label: t('fields.apr'),
      children: <span dir="ltr">{percentText(loan.aprPercent, i18n.language)}</span>,
    },
  ];
  const applied = {
    key: 'date',
    label: t('fields.applicationDate'),
    children: formatDateTime(loan.createdAt),
  };
  return (
    <>
      {loan.offerOutcome === 'declined' && (
        <Alert
          type="warning"
          showIcon
          className="cv-reason-notice"
          title={t('myLoan.offerDeclined')}
          description={
            loan.offerDeclineReason
              ? t('myLoan.rejectReason', { reason: isolateText(loan.offerDeclineReason) })
              : undefined
          }
        />
      )}
      {loan.offerOutcome === 'lapsed' && (
        <Alert type="warning" showIcon className="cv-reason-notice" title={t('myLoan.offerLapsed')} />
      )}
      {loan.offerOutcome === 'withdrawn' && (
        <Alert type="warning" showIcon className="cv-reason-notice" title={t('myLoan.offerWithdrawn')} />
      )}
      {loan.rejectReason && (
        <Alert
          type="warning"
          showIcon
          className="cv-reason-notice"
          title={t('myLoan.rejectReason', { reason: isolateText(loan.rejectReason) })}
        />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={
          wasPaidOut
            ? [
                ...terms,
                ...(
                  [
                    ['principalOutstanding', loan.principalOutstanding],
                    ['interestAccrued', loan.interestAccrued],
                    ['penalty', loan.penaltyOwed],
                    ['totalOwed', loan.totalOwed],
                  ] as const
                ).map(([field, value]) => ({
                  key: field,
                  label: t(`fields.${field}`),
                  children: <MoneyText decimals={2} value={value} />,
                })),
                {
                  key: 'next',
                  label: t('fields.nextDue'),
                  children: (
                    <span>
                      <MoneyText decimals={2} value={loan.nextDue} />{' '}
                      {loan.nextDueDate && <span dir="ltr">({loan.nextDueDate})</span>}
                    </span>
                  ),
                },
                { key: 'days', label: t('fields.daysLoaned'), children: loan.daysLoaned },
                ...(loan.overdueDays > 0
                  ? [{ key: 'overdue', label: t('fields.overdueDays'), children: loan.overdueDays }]
                  : []),
                applied,
              ]
            : [...terms, applied]
        }
      />
      <h3>{t('myLoan.timeline')}</h3>
      <Timeline
        items={loan.events.map((event) => ({
          color: event.kind === 'overdue' || event.kind === 'failed' ? 'red' : 'green',
          content: (
            <span>
              {/* An offer the buyer declined, that lapsed or was withdrawn ends the loan too: said as the tag says it. */}
              {event.kind === 'failed' && endedOffer
                ? t(`statusOffer.${endedOffer}`)
                : t(`event.${event.kind}`)}{' '}
              · {formatDateTime(event.at)} {event.amount && <MoneyText decimals={2} value={event.amount} />}
            </span>
          ),
        }))}
      />
      {!isDeclined && (
        <>
          <h3>{t('credit.schedule')}</h3>
          {/* Paid lines as paid, open ones as left if the plan is kept; what is owed accrues by the day. */}
          {wasPaidOut && <p className="cv-muted">{t('myLoan.scheduleNote')}</p>}
          <ScheduleTable lines={loan.schedule} hasStates={wasPaidOut} />
        </>
      )}
    </>
  );
}

function CurrentLoan({ loan, hasOverdueHistory }: { loan: TLoan; hasOverdueHistory: boolean }) {
  const { t } = useTranslation('loans');
  const repayDialog = useClosingDialog();
  const isLive = loan.status === 'disbursed' || loan.status === 'overdue';
  const statusHeadingRef = useRef<HTMLHeadingElement>(null);
  const previousStatusRef = useRef(loan.status);
  // An answered offer takes its card, its buttons and its dialog away, and the focus fell to the page's body:
  // it goes to the loan's heading, which now names the new status.
  useEffect(() => {
    const wasOffer = previousStatusRef.current === 'approved';
    previousStatusRef.current = loan.status;
    const isFocusLost = document.activeElement === null || document.activeElement === document.body;
    if (wasOffer && loan.status !== 'approved' && isFocusLost) {
      statusHeadingRef.current?.focus();
    }
  }, [loan.status]);
  return (
    <Card
      size="small"
      title={
        <h2 ref={statusHeadingRef} tabIndex={-1} style={{ margin: 0, font: 'inherit' }}>
          {t(`kind.${loan.productKind}`)} <LoanStatusTag loan={loan} />
        </h2>
      }
      extra={
        isLive ? (
          <Button type="primary" onClick={() => repayDialog.open(true)}>
            {t('myLoan.repay')}
          </Button>
        ) : (loan.status === 'failed' || loan.status === 'repaid') && !hasOverdueHistory ? (
          <Link to="/credit">{t('myLoan.applyAgain')}</Link>
        ) : null
      }
    >
      {hasOverdueHistory && (loan.status === 'failed' || loan.status === 'repaid') && (
        <Alert
          type="warning"
          showIcon
          title={t('application.overdueHistory')}
          style={{ marginBlockEnd: 16 }}
        />
      )}
      {loan.status === 'approved' && <LoanOffer loan={loan} />}
      <LoanDetails loan={loan} />
      {repayDialog.value && <RepayDialog loan={loan} {...repayDialog.props} />}
    </Card>
  );
}

/** The current loan (timeline, schedule, accrued interest, repay now) and the loan history. */
export default function MyLoanPage() {
  const { t } = useTranslation('loans');
  const [page, setPage] = usePageParam();
  const loans = useMyLoans(true, page);
  const [pastLoan, setPastLoan] = useState<TLoan | null>(null);
  return (
    <PageFrame titleKey="routes.myLoan" crumbs={[{ labelKey: 'routes.credit', to: '/credit' }]}>
      {loans.isPending && <Skeleton active />}
      {loans.isError && <LoadError message={t('loadError')} onRetry={() => void loans.refetch()} />}
      {loans.data && !loans.data.current && (
        <Empty description={t('myLoan.empty')}>
          <Link to="/credit">{t('myLoan.browse')}</Link>
        </Empty>
      )}
      {loans.data?.current && (
        <CurrentLoan loan={loans.data.current} hasOverdueHistory={loans.data.hasOverdueHistory} />
      )}
      {loans.data && loans.data.historyTotal > 0 && (
        <>
          <h3 style={{ marginBlockStart: 16 }}>{t('myLoan.history')}</h3>
          <DataTable<TLoan>
            size="small"
            rowKey="id"
            dataSource={loans.data.history}
            loading={loans.isPlaceholderData}
            pagination={{
              current: page,
              pageSize: MY_LOANS_PAGE_SIZE,
              total: loans.data.historyTotal,
              onChange: (next) => setPage(next),
              showSizeChanger: false,
            }}
            scroll={{ x: 480 }}
            columns={[
              {
                key: 'date',
                title: t('fields.applicationDate'),
                render: (_, l) => <DateTimeText value={l.createdAt} />,
              },
              {
                key: 'amount',
                title: t('fields.amount'),
                align: 'end',
                render: (_, l) => <MoneyText decimals={2} value={l.approvedAmount ?? l.amount} />,
              },
              {
                key: 'term',
                title: t('fields.term'),
                render: (_, l) => t('fields.termDays', { count: l.termDays }),
              },
              {
                key: 'status',
                title: t('fields.state'),
                render: (_, l) => <LoanStatusTag loan={l} />,
              },
              {
                key: 'details',
                title: <span className="cv-visually-hidden">{t('myLoan.details')}</span>,
                render: (_, l) => (
                  <Button
                    type="link"
                    size="small"
                    aria-label={t('myLoan.detailsOf', { date: formatDateTime(l.createdAt) })}
                    onClick={() => setPastLoan(l)}
                  >
                    {t('myLoan.details')}
                  </Button>
                ),
              },
            ]}
          />
          <EndDrawer
            open={pastLoan !== null}
            onClose={() => setPastLoan(null)}
            size={Math.min(720, window.innerWidth)}
            title={
              pastLoan && (
                <span>
                  {t(`kind.${pastLoan.productKind}`)} <LoanStatusTag loan={pastLoan} />
                </span>
              )
            }
            destroyOnHidden
          >
            {pastLoan && <LoanDetails loan={pastLoan} />}
          </EndDrawer>
        </>
      )}
    </PageFrame>
  );
}

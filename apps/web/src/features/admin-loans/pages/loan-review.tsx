import {
  ADMIN_LOAN_SORTS,
  endedOfferOf,
  LOAN_OFFER_WITHDRAW_REASON_MAX,
  LOAN_REASON_MAX,
  LOAN_STATUSES,
  parseMoney,
  type TAdminLoan,
  type TAdminLoanDetail,
  type TAdminLoanSort,
  type TLoan,
  type TLoanStatus,
  ZAdminLoanQuery,
  zLoanAmount,
} from '@caravan/contracts';
import { Alert, Button, Descriptions, Form, Modal, Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readAddress } from '../../../components/console/filter-in-address';
import { LoadError } from '../../../components/console/load-error';
import { LoanProductName } from '../../../components/console/loan-product-name';
import { AmountInput } from '../../../components/ui/amount-input';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { DateTimeText } from '../../../components/ui/date-time-text';
import { EndDrawer } from '../../../components/ui/end-drawer';
import { isOverLimit, LimitedTextArea } from '../../../components/ui/limited-text';
import { formatAmount, MoneyText } from '../../../components/ui/money-text';
import { sortingInAddress, type TTableSort } from '../../../components/ui/table-sort';
import { isApiError } from '../../../lib/api';
import { useCountryName } from '../../../lib/country-name';
import { formatDateTime, withColon } from '../../../lib/format';
import { ratePercent } from '../../../lib/format-money';
import { percentText } from '../../../lib/percent';
import { toast, toastError } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import {
  staffImageUrl,
  useAdminLoan,
  useAdminLoans,
  useApproveLoan,
  useRejectLoan,
  useWithdrawLoanOffer,
} from '../api/admin-loans-api';
import {
  ReviewQueueFrame,
  type TReviewQueueFilter,
  useReviewQueueFilter,
} from '../components/review-queue-frame';

type TLoanQueueFilter = TReviewQueueFilter<TLoanStatus> & TTableSort<TAdminLoanSort>;

const DEFAULT_LOAN_FILTER: TLoanQueueFilter = { pageNum: 1, pageSize: 20 };

/** The queue's page, status and sort as the address gives them, or null when the server would refuse one. */
function parseLoanFilter(params: Record<string, string>): TLoanQueueFilter | null {
  // `loan`: the application open in the drawer (LoanReviewPage), not part of the list's query.
  const { loan: _openLoan, ...listParams } = params;
  const query = readAddress(ZAdminLoanQuery, listParams);
  return (
    query && {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      status: query.status,
      sort: query.sort,
      order: query.order,
    }
  );
}

/**
 * Why a typed approval amount cannot be approved, or null: empty approves the most it may (the amount asked for, or
 * the first approval's); typed, it is whole cents from the product's smallest loan to that most.
 */
function approvalAmountError(
  amount: string,
  limits: NonNullable<TAdminLoanDetail['approval']>,
  t: TFunction,
): string | null {
  if (amount === '') {
    return null;
  }
  if (!zLoanAmount.safeParse(amount).success) {
    return t('validation:amountCents');
  }
  const value = parseMoney(amount);
  return value < parseMoney(limits.minAmount) || value > parseMoney(limits.maxAmount)
    ? t('admin.approveRange', { min: formatAmount(limits.minAmount), max: formatAmount(limits.maxAmount) })
    : null;
}

/**
 * What approving `amount` does now: above the four-eyes threshold a first approval waits for a second reviewer;
 * the deciding approval credits it, or, below the amount asked for, offers it to the borrower to accept.
 */
function approvalOutcome(
  loan: TAdminLoan,
  amount: string,
  limits: NonNullable<TAdminLoanDetail['approval']>,
) {
  const isFirstOfTwo =
    loan.status !== 'reviewing' && parseMoney(amount) > parseMoney(limits.fourEyesThreshold);
  if (isFirstOfTwo) {
    // The second approval of a lowered amount offers it, as a single one does: nothing is credited then either.
    return parseMoney(amount) < parseMoney(loan.amount)
      ? ({
          key: 'admin.confirmFirstOffer',
          values: { threshold: formatAmount(limits.fourEyesThreshold), asked: formatAmount(loan.amount) },
        } as const)
      : ({
          key: 'admin.confirmFirst',
          values: { threshold: formatAmount(limits.fourEyesThreshold) },
        } as const);
  }
  if (parseMoney(amount) < parseMoney(loan.amount)) {
    return { key: 'admin.confirmOffer', values: { asked: formatAmount(loan.amount) } } as const;
  }
  return loan.status === 'reviewing'
    ? ({ key: 'admin.confirmSecond', values: {} } as const)
    : ({ key: 'admin.confirmCredit', values: {} } as const);
}

/** An offer (approval below the amount asked) still waiting for the borrower: staff may withdraw it. */
function isOfferPending(
  loan: Pick<TAdminLoan, 'status' | 'offerOutcome' | 'offerExpiresAt'>,
  now = Date.now(),
) {
  return (
    loan.status === 'approved' &&
    loan.offerOutcome === null &&
    loan.offerExpiresAt !== null &&
    Date.parse(loan.offerExpiresAt) > now
  );
}

/**
 * "Withdraw offer" and its confirmation, which asks for the reason the borrower is told (required, trimmed). A
 * refusal (the borrower answered first: LOAN_OFFER_NOT_PENDING) is shown and the loan read again.
 */
function WithdrawOfferButton({
  loan,
  size,
  onDone,
}: {
  loan: Pick<TAdminLoan, 'id' | 'approvedAmount' | 'amount' | 'userDisplayName' | 'usercode'>;
  size?: 'small' | 'middle';
  onDone?: () => void;
}) {
  const { t } = useTranslation(['loans', 'common', 'validation']);
  const withdraw = useWithdrawLoanOffer();
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const run = useOneAtATime(async () => {
    try {
      await withdraw.mutateAsync({ id: loan.id, reason: trimmed });
      setOpen(false);
      setReason('');
      toast.success(t('admin.offerWithdrawn'));
      onDone?.();
    } catch (error) {
      setOpen(false);
      toastError(error, t('loadError'));
    }
  });
  return (
    <>
      <Button danger size={size} onClick={() => setOpen(true)}>
        {t('admin.withdrawOffer')}
      </Button>
      <Modal
        open={isOpen}
        title={t('admin.withdrawOffer')}
        okText={t('admin.withdrawOffer')}
        okButtonProps={{
          danger: true,
          disabled: trimmed === '' || isOverLimit(reason, LOAN_OFFER_WITHDRAW_REASON_MAX),
        }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={withdraw.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => void run()}
        destroyOnHidden
      >
        <p>
          <bdi>{loan.userDisplayName}</bdi> (<bdi dir="ltr">{loan.usercode}</bdi>)
        </p>
        <p>{t('admin.withdrawOfferConfirm', { amount: formatAmount(loan.approvedAmount ?? loan.amount) })}</p>
        <LimitedTextArea
          aria-label={t('admin.withdrawReason')}
          placeholder={t('admin.withdrawReason')}
          limit={LOAN_OFFER_WITHDRAW_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </>
  );
}

function LoanDetail({ id, onDone }: { id: string; onDone: () => void }) {
  // `admin` names the account's status (users.statuses), as the users page does.
  const { t, i18n } = useTranslation(['loans', 'wallet', 'validation', 'common', 'admin']);
  const countryName = useCountryName();
  const detail = useAdminLoan(id);
  const approve = useApproveLoan();
  const reject = useRejectLoan();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [isConfirming, setConfirming] = useState(false);
  // The server's refusal of the typed amount (a limit changed since the page was read), beside the amount.
  const [refusedAmount, setRefusedAmount] = useState<{ amount: string; message: string } | null>(null);
  // One decision per click, however fast the clicks (the second was sent before the button showed it was busy).
  // `action` says whether the decision went through (false: one it refused and showed itself is not reported
  // again), or what to say when "Saved" would hide what happened (an offer, not a credit).
  const run = useOneAtATime(async (action: () => Promise<boolean | string>) => {
    try {
      const result = await action();
      if (result) {
        toast.success(typeof result === 'string' ? result : t('admin.done'));
        onDone();
      }
    } catch (error) {
      toastError(error, t('loadError'));
    }
  });
  if (detail.isPending) {
    return null;
  }
  if (detail.isError) {
    return <LoadError message={t('loadError')} onRetry={() => void detail.refetch()} />;
  }
  const { loan, verification, history, movements, approval } = detail.data;
  const amountError =
    (approval && approvalAmountError(amount, approval, t)) ??
    (refusedAmount?.amount === amount ? refusedAmount.message : null);
  const isAmountValid = amountError === null;
  // The server refuses to lend to an account staff have stopped (USER_DISABLED, ACCOUNT_CANCELLED): said first.
  const isAccountActive = loan.userStatus === 'active';
  const isReasonGiven = reason.trim() !== '' && !isOverLimit(reason, LOAN_REASON_MAX);
  const approvedAmount = amount || approval?.maxAmount || loan.amount;
  // Only for an amount that can be approved: half of one on its way ("250000.") is no amount, and reading it threw.
  const outcome = approval && isAmountValid ? approvalOutcome(loan, approvedAmount, approval) : null;
  const approveNow = () =>
    run(async () => {
      let decided: TLoan;
      try {
        decided = await approve.mutateAsync({ id: loan.id, ...(amount ? { amount } : {}) });
      } catch (error) {
        // The confirmation closes on a refusal: it asked about an approval that did not happen.
        setConfirming(false);
        void detail.refetch();
        if (isApiError(error) && error.details.field === 'amount') {
          setRefusedAmount({ amount, message: error.message });
          return false;
        }
        throw error;
      }
      setConfirming(false);
      // Status approved after an approval is an offer waiting for the borrower (a first of two stays reviewing).
      return decided.status === 'approved' ? t('admin.offered') : true;
    });
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          // A borrower's name, purpose and real name are theirs as typed: each keeps its own direction beside the
          // console's, or a Latin text in the Arabic console shows its full stop first.
          {
            key: 'user',
            label: t('fields.user'),
            children: (
              <>
                <bdi>{loan.userDisplayName}</bdi> (<bdi dir="ltr">{loan.usercode}</bdi>)
              </>
            ),
          },
          {
            key: 'account',
            label: t('fields.accountStatus'),
            children: (
              <Tag color={isAccountActive ? 'green' : 'red'}>
                {t(`admin:users.statuses.${loan.userStatus}`)}
              </Tag>
            ),
          },
          { key: 'status', label: t('fields.state'), children: t(`status.${loan.status}`) },
          // The product as the borrower names it, with the staff's own name when it says more (QA consoles 6).
          {
            key: 'product',
            label: t('fields.product'),
            children: <LoanProductName kind={loan.productKind} name={loan.productName} />,
          },
          { key: 'amount', label: t('fields.amount'), children: <MoneyText value={loan.amount} /> },
          ...(loan.approvedAmount
            ? [
                {
                  key: 'approved',
                  // An offer's amount was only offered: "approved" read as lent for a declined or lapsed one.
                  label:
                    loan.status === 'approved' || loan.offerOutcome
                      ? t('myLoan.offer.amount')
                      : t('fields.approvedAmount'),
                  children: <MoneyText value={loan.approvedAmount} />,
                },
              ]
            : []),
          ...(loan.offerExpiresAt && loan.status === 'approved'
            ? [
                {
                  key: 'offerExpiresAt',
                  label: t('fields.offerExpiresAt'),
                  children: <DateTimeText value={loan.offerExpiresAt} />,
                },
              ]
            : []),
          ...(loan.offerOutcome
            ? [
                {
                  key: 'offerOutcome',
                  label: t('fields.offerOutcome'),
                  children: t(`offerOutcome.${loan.offerOutcome}`),
                },
              ]
            : []),
          ...(loan.offerAnsweredAt
            ? [
                {
                  key: 'offerAnsweredAt',
                  label: t('fields.offerAnsweredAt'),
                  children: <DateTimeText value={loan.offerAnsweredAt} />,
                },
              ]
            : []),
          ...(loan.offerOutcome === 'withdrawn' && loan.rejectReason
            ? [
                {
                  key: 'withdrawReason',
                  label: t('fields.withdrawReason'),
                  children: <bdi>{loan.rejectReason}</bdi>,
                },
              ]
            : []),
          ...(loan.offerDeclineReason
            ? [
                {
                  key: 'declineReason',
                  label: t('fields.declineReason'),
                  children: <bdi>{loan.offerDeclineReason}</bdi>,
                },
              ]
            : []),
          { key: 'term', label: t('fields.term'), children: t('fields.termDays', { count: loan.termDays }) },
          { key: 'mode', label: t('fields.mode'), children: t(`mode.${loan.mode}`) },
          {
            key: 'rate',
            label: t('fields.dailyRate'),
            children: <span dir="ltr">{ratePercent(loan.dailyRate, i18n.language)}</span>,
          },
          {
            key: 'apr',
            label: t('fields.apr'),
            children: <span dir="ltr">{percentText(loan.aprPercent, i18n.language)}</span>,
          },
          // A failed loan (rejected, offer declined or lapsed) was never paid out: there is nothing to repay.
          ...(loan.status === 'failed'
            ? []
            : [
                {
                  key: 'totalRepayment',
                  label: t('fields.totalRepayment'),
                  children: <MoneyText value={loan.totalRepaymentScheduled} />,
                },
              ]),
          { key: 'purpose', label: t('fields.purpose'), children: <bdi>{loan.purpose}</bdi> },
          { key: 'name', label: t('fields.realName'), children: <bdi>{loan.realName}</bdi> },
          { key: 'nationality', label: t('fields.nationality'), children: countryName(loan.nationality) },
          { key: 'number', label: t('fields.idNumber'), children: <span dir="ltr">{loan.idNumber}</span> },
          { key: 'owed', label: t('fields.totalOwed'), children: <MoneyText value={loan.totalOwed} /> },
        ]}
      />
      {approval && !isAccountActive && (
        <Alert type="error" showIcon style={{ marginBlock: 12 }} title={t('admin.accountNotActive')} />
      )}
      {loan.firstReviewerId && (
        <Alert
          type="info"
          showIcon
          style={{ marginBlock: 12 }}
          title={t('admin.firstApprovedBy', {
            id: loan.firstReviewerId,
            amount: formatAmount(loan.firstApprovedAmount),
          })}
        />
      )}
      {isOfferPending(loan) && (
        <Space wrap style={{ marginBlock: 12 }}>
          <WithdrawOfferButton loan={loan} onDone={onDone} />
        </Space>
      )}
      {verification && (
        <div className="cv-loans-images" style={{ marginBlock: 12 }}>
          {[verification.images.front, verification.images.back].filter(Boolean).map((imageId) => (
            <img
              key={imageId}
              src={staffImageUrl(imageId!)}
              alt={t('fields.idFront')}
              width={160}
              height={110}
            />
          ))}
        </div>
      )}
      <h3>{t('admin.history')}</h3>
      <p>{t('admin.orders', { count: history.orderCount, total: formatAmount(history.orderTotal) })}</p>
      <p>
        {t('admin.wallet', {
          available: formatAmount(history.walletAvailable),
          held: formatAmount(history.walletHeld),
        })}
      </p>
      {history.earlierLoans.length > 0 && (
        <>
          <h4>{t('admin.earlier')}</h4>
          <ul>
            {history.earlierLoans.map((e) => (
              <li key={e.id}>
                #{e.id} · {t(`status.${e.status}`)} · <MoneyText value={e.amount} /> ·{' '}
                {formatDateTime(e.createdAt)}
              </li>
            ))}
          </ul>
        </>
      )}
      {movements.length > 0 && (
        <>
          <h4>{t('admin.movements')}</h4>
          <ul>
            {movements.map((m) => (
              <li key={m.transactionId}>
                #{m.transactionId} · {t(`wallet:ledgerKind.${m.kind}`, { defaultValue: m.kind })} ·{' '}
                <MoneyText value={m.amount} /> · {formatDateTime(m.createdAt)}
              </li>
            ))}
          </ul>
        </>
      )}
      {approval && (
        <>
          <Form.Item
            validateStatus={isAmountValid ? undefined : 'error'}
            help={amountError}
            style={{ marginBlock: 8 }}
          >
            <AmountInput
              aria-label={t('admin.approveAmount')}
              aria-invalid={!isAmountValid}
              placeholder={t('admin.approveAmount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value.trim())}
            />
          </Form.Item>
          <LimitedTextArea
            aria-label={t('fields.reason')}
            placeholder={t('fields.reason')}
            limit={LOAN_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Space wrap style={{ marginBlockStart: 12 }}>
            <Button
              type="primary"
              disabled={!isAmountValid || !isAccountActive}
              onClick={() => setConfirming(true)}
            >
              {t('admin.approve')}
            </Button>
            {/* Below the button, as the approval's question keeps to the screen's foot: the facts stay in view. */}
            <ConfirmPopover
              placement="bottom"
              title={t('admin.rejectLoanConfirm')}
              okText={t('admin.reject')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:actions.cancel')}
              disabled={!isReasonGiven}
              onConfirm={() => run(() => reject.mutateAsync({ id: loan.id, reason }).then(() => true))}
            >
              <Button danger disabled={!isReasonGiven} loading={reject.isPending}>
                {t('admin.reject')}
              </Button>
            </ConfirmPopover>
          </Space>
          {/* At the screen's foot (global.css): in its middle it covered the loan's facts and the ID photo. */}
          <Modal
            open={isConfirming}
            rootClassName="cv-confirm-sheet"
            title={t('admin.approve')}
            okText={t('admin.approve')}
            cancelText={t('common:actions.cancel')}
            onCancel={() => setConfirming(false)}
            confirmLoading={approve.isPending}
            onOk={() => void approveNow()}
          >
            <p>
              <bdi>{loan.userDisplayName}</bdi> (<bdi dir="ltr">{loan.usercode}</bdi>):{' '}
              <strong>
                <MoneyText value={approvedAmount} />
              </strong>
            </p>
            {outcome && <p>{t(outcome.key, outcome.values)}</p>}
          </Modal>
        </>
      )}
    </>
  );
}

/** Loan applications (loans.review): queue with documents and applicant history; approve (four-eyes) or reject. */
export default function LoanReviewPage() {
  const { t } = useTranslation('loans');
  const queue = useReviewQueueFilter<TLoanStatus, TLoanQueueFilter>(DEFAULT_LOAN_FILTER, parseLoanFilter);
  const list = useAdminLoans(queue.filter);
  // In the address, so the approvals queue links a loan's review (QA L7) and a reload keeps it open.
  const [params, setParams] = useSearchParams();
  const openParam = params.get('loan');
  const openId = openParam !== null && /^\d{1,18}$/.test(openParam) ? openParam : null;
  const setOpenId = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) {
        next.delete('loan');
      } else {
        next.set('loan', id);
      }
      return next;
    });
  return (
    <ReviewQueueFrame<TAdminLoan, TLoanStatus, TAdminLoanSort>
      title={t('admin.loansTitle')}
      statuses={LOAN_STATUSES}
      labelOf={(s) => t(`status.${s}`)}
      queue={queue}
      list={list}
      scrollX={720}
      sorting={sortingInAddress(ADMIN_LOAN_SORTS, queue.filter, queue.setFilter)}
      columns={[
        { key: 'id', title: '#', dataIndex: 'id', width: 70 },
        { key: 'user', title: t('fields.user'), render: (_, l) => `${l.userDisplayName} (${l.usercode})` },
        {
          key: 'amount',
          title: t('fields.amount'),
          align: 'end',
          // The amount asked, as the drawer's "Amount"; a lower one approved beside it, named as what it was.
          render: (_, l) => (
            <>
              <MoneyText value={l.amount} />
              {l.approvedAmount && l.approvedAmount !== l.amount && (
                <div className="cv-muted">
                  {withColon(
                    l.status === 'approved' || l.offerOutcome
                      ? t('myLoan.offer.amount')
                      : t('fields.approvedAmount'),
                  )}{' '}
                  <MoneyText value={l.approvedAmount} />
                </div>
              )}
            </>
          ),
        },
        {
          key: 'status',
          title: t('fields.state'),
          render: (_, l) => {
            // A failed loan whose lower offer was declined, lapsed or withdrawn is told apart from a rejection.
            const endedOffer = endedOfferOf(l);
            return (
              <Space size={4} wrap>
                <Tag>{endedOffer ? t(`offerOutcome.${endedOffer}`) : t(`status.${l.status}`)}</Tag>
                {l.needsSecondReview && <Tag color="gold">{t('admin.secondReview')}</Tag>}
              </Space>
            );
          },
        },
        {
          key: 'createdAt',
          title: t('fields.createdAt'),
          render: (_, l) => <DateTimeText value={l.createdAt} />,
        },
        {
          key: 'actions',
          title: t('common:table.actions'),
          render: (_, l) => (
            <Space size={4} wrap>
              <Button size="small" onClick={() => setOpenId(l.id)}>
                {t('admin.documents')}
              </Button>
              {isOfferPending(l) && <WithdrawOfferButton loan={l} size="small" />}
            </Space>
          ),
        },
      ]}
    >
      <EndDrawer
        open={openId !== null}
        onClose={() => setOpenId(null)}
        title={openId ? t('admin.applicationTitle', { id: openId }) : t('admin.loansTitle')}
        size="large"
        destroyOnHidden
      >
        {/* Keyed by loan: a reason or amount typed for one applicant never carries over to the next. */}
        {openId && <LoanDetail key={openId} id={openId} onDone={() => setOpenId(null)} />}
      </EndDrawer>
    </ReviewQueueFrame>
  );
}

import {
  APPROVAL_ACTIONS,
  APPROVAL_STATUSES,
  parseMoney,
  type TApproval,
  type TApprovalAction,
  type TApprovalStatus,
  ZApproveWithdrawalRequest,
  ZRejectApprovalRequest,
} from '@caravan/contracts';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { LoanProductName } from '../../../components/console/loan-product-name';
import { useServerPaging } from '../../../components/console/server-paging';
import { useStaffMe } from '../../../components/console/staff-session';
import { AppForm } from '../../../components/ui/app-form';
import { ChainAddress } from '../../../components/ui/chain-address';
import { useSelectClear } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { LimitedTextArea } from '../../../components/ui/limited-text';
import { formatAmount, MoneyText } from '../../../components/ui/money-text';
import { parseFormValues } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { ratePercent } from '../../../lib/format-money';
import { toast, toastError } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { type TApprovalFilter, useApprovals, useDecideApproval } from '../api/approvals-api';

const STATUS_COLOURS: Record<TApprovalStatus, string> = {
  waiting: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/**
 * Four-eyes: money approvals above their threshold wait here with the first approver's name until a
 * second, different staff member approves or declines them.
 */
export default function ApprovalsPage() {
  // `finance` labels the records' facts (ApprovalFacts), loaded with the page rather than inside its dialog.
  // `loans` labels a loan's terms (LoanFacts).
  const { t } = useTranslation(['console', 'validation', 'common', 'finance', 'loans']);
  const selectClear = useSelectClear();
  const paging = useServerPaging();
  const { data: me } = useStaffMe();
  const [filter, setFilter] = useState<TApprovalFilter>({ pageNum: 1, pageSize: 20, status: 'waiting' });
  const list = useApprovals(filter);
  const decide = useDecideApproval();
  const [confirming, setConfirming] = useState<TApproval | null>(null);
  const [declining, setDeclining] = useState<TApproval | null>(null);
  const [declineForm] = Form.useForm<{ reason?: string }>();
  // A withdrawal's payout hash, as its own review asks for it: the largest payouts are approved here.
  const [approveForm] = Form.useForm<{ chainTxHash?: string }>();

  const approve = useOneAtATime(async () => {
    if (!confirming) {
      return;
    }
    const raw =
      confirming.action === 'withdrawal'
        ? (approveForm.getFieldValue('chainTxHash') as string | undefined)?.trim()
        : undefined;
    const body = parseFormValues(approveForm, ZApproveWithdrawalRequest, raw ? { chainTxHash: raw } : {}, t);
    if (!body) {
      return;
    }
    try {
      await decide.mutateAsync({ id: confirming.id, decision: 'approve', chainTxHash: body.chainTxHash });
      toast.success(t(isLoweredLoan(confirming.facts?.loan) ? 'approvals.offered' : 'approvals.approved'));
      setConfirming(null);
    } catch (error) {
      toastError(error, t('common:errors.generic'));
    }
  });
  const decline = useOneAtATime(async () => {
    if (!declining) {
      return;
    }
    const body = parseFormValues(
      declineForm,
      ZRejectApprovalRequest,
      { reason: declineForm.getFieldValue('reason') ?? '' },
      t,
    );
    if (!body) {
      return;
    }
    try {
      await decide.mutateAsync({ id: declining.id, decision: 'decline', reason: body.reason });
      toast.success(t('approvals.declined'));
      setDeclining(null);
    } catch (error) {
      toastError(error, t('common:errors.generic'));
    }
  });

  return (
    <>
      <ConsolePageHead title={t('menu.approvals')} />
      <Alert type="info" showIcon className="cv-console__note" title={t('approvals.intro')} />
      <Space wrap className="cv-console__filters">
        <Select<TApprovalStatus>
          aria-label={t('approvals.status')}
          style={{ width: 180 }}
          value={filter.status}
          onChange={(status) => setFilter((f) => ({ ...f, pageNum: 1, status }))}
          options={APPROVAL_STATUSES.map((status) => ({
            value: status,
            label: t(`approvals.statuses.${status}`),
          }))}
        />
        <Select<TApprovalAction>
          allowClear={selectClear}
          aria-label={t('approvals.action')}
          placeholder={t('approvals.action')}
          style={{ width: 180 }}
          value={filter.action}
          onChange={(action) => setFilter((f) => ({ ...f, pageNum: 1, action }))}
          options={APPROVAL_ACTIONS.map((action) => ({
            value: action,
            label: t(`approvals.actions.${action}`),
          }))}
        />
      </Space>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<TApproval>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.pageList ?? []}
          locale={{ emptyText: t('approvals.empty') }}
          scroll={{ x: 1000 }}
          pagination={paging(filter, list.data?.total, (pageNum, pageSize) =>
            setFilter((f) => ({ ...f, pageNum, pageSize })),
          )}
          columns={[
            {
              title: t('approvals.action'),
              dataIndex: 'action',
              render: (action: TApprovalAction) => t(`approvals.actions.${action}`),
            },
            {
              title: t('approvals.target'),
              dataIndex: 'targetId',
              render: (v: string, a) => (
                <span>
                  {a.action === 'loan' ? (
                    // The loan's own review (documents, history), opened in its drawer.
                    <Link to={loanReviewPath(v)}>
                      <bdi dir="ltr">#{v}</bdi>
                    </Link>
                  ) : (
                    <bdi dir="ltr">#{v}</bdi>
                  )}
                  {a.facts?.userName && (
                    <>
                      <br />
                      <bdi>{a.facts.userName}</bdi> · <bdi dir="ltr">{a.facts.usercode}</bdi>
                    </>
                  )}
                  {a.facts?.address && (
                    <>
                      <br />
                      <ChainAddress address={a.facts.address} />
                    </>
                  )}
                  {a.facts?.loan && (
                    <>
                      <br />
                      <LoanProductName kind={a.facts.loan.productKind} name={a.facts.loan.productName} /> ·{' '}
                      {t('loans:fields.termDays', { count: a.facts.loan.termDays })} ·{' '}
                      {t('approvals.loan.asked')} <MoneyText value={a.facts.loan.amountAsked} />
                    </>
                  )}
                </span>
              ),
            },
            {
              title: t('approvals.amount'),
              key: 'amount',
              align: 'end',
              render: (_, a) => (
                <>
                  <MoneyText value={a.amount} />
                  {/* 6.00 beside a threshold of 10.00 read as wrongly waiting: what was judged says why (QA). */}
                  {a.judgedAmount && (
                    <div className="cv-muted">
                      {t('approvals.judged', { amount: formatAmount(a.judgedAmount) })}
                    </div>
                  )}
                </>
              ),
            },
            {
              title: t('approvals.threshold'),
              dataIndex: 'threshold',
              align: 'end',
              render: (v: string) => <MoneyText value={v} />,
            },
            {
              title: t('approvals.firstApprover'),
              key: 'first',
              render: (_, a) => (
                <span>
                  <bdi>{a.firstStaffName}</bdi>
                  <br />
                  <bdi dir="ltr">{formatDateTime(a.firstApprovedAt)}</bdi>
                </span>
              ),
            },
            {
              title: t('approvals.status'),
              dataIndex: 'status',
              render: (status: TApprovalStatus, a) => (
                <span>
                  <Tag color={STATUS_COLOURS[status]}>{t(`approvals.statuses.${status}`)}</Tag>
                  {a.secondStaffName && <bdi>{a.secondStaffName}</bdi>}
                </span>
              ),
            },
            {
              title: t('common:table.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_, a) =>
                a.status === 'waiting' ? (
                  <Space wrap>
                    <Button
                      size="small"
                      type="primary"
                      disabled={a.firstStaffId === me?.id}
                      title={a.firstStaffId === me?.id ? t('approvals.ownFirst') : undefined}
                      onClick={() => {
                        approveForm.resetFields();
                        setConfirming(a);
                      }}
                    >
                      {t('approvals.approve')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      disabled={a.firstStaffId === me?.id}
                      title={a.firstStaffId === me?.id ? t('approvals.ownFirstDecline') : undefined}
                      onClick={() => {
                        declineForm.resetFields();
                        setDeclining(a);
                      }}
                    >
                      {t('approvals.decline')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      )}
      <Modal
        open={confirming !== null}
        title={t('approvals.approveTitle')}
        okText={t('approvals.approve')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ disabled: decide.isPending }}
        confirmLoading={decide.isPending}
        onOk={approve}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        {confirming && (
          <p>
            {t(
              isLoweredLoan(confirming.facts?.loan) ? 'approvals.approveOfferBody' : 'approvals.approveBody',
              {
                action: t(`approvals.actions.${confirming.action}`),
                target: confirming.targetId,
                name: confirming.firstStaffName,
              },
            )}{' '}
            <MoneyText value={confirming.amount} />
            {confirming.judgedAmount && (
              <> ({t('approvals.judged', { amount: formatAmount(confirming.judgedAmount) })})</>
            )}
          </p>
        )}
        {confirming?.facts && <ApprovalFacts facts={confirming.facts} />}
        {confirming?.facts?.loan && <LoanFacts loan={confirming.facts.loan} />}
        {confirming?.action === 'withdrawal' && (
          <AppForm form={approveForm} layout="vertical" requiredMark={false} onFinish={approve}>
            <Form.Item
              name="chainTxHash"
              label={t('finance:review.chainTxHash')}
              extra={t('finance:review.chainTxHashHint')}
            >
              <Input maxLength={66} autoComplete="off" dir="ltr" spellCheck={false} />
            </Form.Item>
          </AppForm>
        )}
      </Modal>
      <Modal
        open={declining !== null}
        title={t('approvals.declineTitle')}
        okText={t('approvals.decline')}
        okButtonProps={{ danger: true, disabled: decide.isPending }}
        cancelText={t('common:actions.cancel')}
        confirmLoading={decide.isPending}
        onOk={decline}
        onCancel={() => setDeclining(null)}
        destroyOnHidden
      >
        <p>{t('approvals.declineBody')}</p>
        <AppForm
          form={declineForm}
          layout="vertical"
          requiredMark={false}
          onFinish={decline}
          preserve={false}
        >
          <Form.Item name="reason" label={t('approvals.reason')}>
            <LimitedTextArea rows={3} limit={255} />
          </Form.Item>
        </AppForm>
      </Modal>
    </>
  );
}

/**
 * The record as the first approver saw it in the review queue: the second approver checks the same account,
 * destination or transaction and amounts before the money moves (they saw only "#id" and an amount).
 */
function ApprovalFacts({ facts }: { facts: NonNullable<TApproval['facts']> }) {
  const { t } = useTranslation('finance');
  const items = [
    {
      key: 'user',
      label: t('fields.user'),
      value: facts.userName && (
        <bdi>
          {facts.userName} · {facts.usercode}
        </bdi>
      ),
    },
    {
      key: 'network',
      label: t('fields.network'),
      value: facts.network && <bdi dir="ltr">{facts.network}</bdi>,
    },
    {
      key: 'address',
      label: t('fields.address'),
      value: facts.address && (
        <bdi dir="ltr" style={{ wordBreak: 'break-all' }}>
          {facts.address}
        </bdi>
      ),
    },
    {
      key: 'txHash',
      label: t('fields.txHash'),
      value: facts.txHash && (
        <bdi dir="ltr" style={{ wordBreak: 'break-all' }}>
          {facts.txHash}
        </bdi>
      ),
    },
    { key: 'bank', label: t('fields.bankName'), value: facts.bank && <bdi dir="auto">{facts.bank}</bdi> },
    { key: 'fee', label: t('fields.fee'), value: facts.fee && <MoneyText value={facts.fee} /> },
    {
      key: 'actualAmount',
      label: t('fields.actualAmount'),
      value: facts.actualAmount && <MoneyText value={facts.actualAmount} isStrong />,
    },
  ];
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={items.flatMap(({ key, label, value }) => (value ? [{ key, label, children: value }] : []))}
    />
  );
}

/** The loan's review page with its drawer open (loan-review.tsx reads `loan` from the address). */
function loanReviewPath(loanId: string): string {
  return `/admin/loan-review?${new URLSearchParams({ loan: loanId })}`;
}

/**
 * A loan's terms as its first reviewer approved them: what the second reviewer checks before 1.8 million moves
 * (the queue showed only the borrower and the approved amount; QA L7).
 */
type TLoanFacts = NonNullable<NonNullable<TApproval['facts']>['loan']>;

/** A lowered amount is not paid out by the second approval: the borrower is offered it first (loan counter-offers). */
function isLoweredLoan(loan: TLoanFacts | undefined): boolean {
  return (
    loan !== undefined &&
    loan.firstApprovedAmount !== null &&
    parseMoney(loan.firstApprovedAmount) < parseMoney(loan.amountAsked)
  );
}

function LoanFacts({ loan }: { loan: TLoanFacts }) {
  const { t, i18n } = useTranslation(['console', 'loans']);
  const items = [
    {
      key: 'product',
      label: t('loans:fields.product'),
      children: <LoanProductName kind={loan.productKind} name={loan.productName} />,
    },
    {
      key: 'term',
      label: t('loans:fields.term'),
      children: t('loans:fields.termDays', { count: loan.termDays }),
    },
    {
      key: 'rate',
      label: t('loans:fields.dailyRate'),
      children: <span dir="ltr">{ratePercent(loan.dailyRate, i18n.language)}</span>,
    },
    { key: 'mode', label: t('loans:fields.mode'), children: t(`loans:mode.${loan.mode}`) },
    { key: 'asked', label: t('approvals.loan.asked'), children: <MoneyText value={loan.amountAsked} /> },
    ...(loan.firstApprovedAmount
      ? [
          {
            key: 'firstApproved',
            label: t('approvals.loan.firstApproved'),
            children: <MoneyText value={loan.firstApprovedAmount} isStrong />,
          },
        ]
      : []),
    {
      key: 'realName',
      label: t('loans:verify.realName'),
      children: t(`loans:verifyStatus.${loan.realNameStatus}`),
    },
    {
      key: 'advanced',
      label: t('loans:verify.advanced'),
      children: t(`loans:verifyStatus.${loan.advancedStatus}`),
    },
  ];
  const isOffer = isLoweredLoan(loan);
  return (
    <>
      <Descriptions size="small" column={1} bordered style={{ marginBlockStart: 8 }} items={items} />
      {isOffer && (
        <Alert
          type="info"
          showIcon
          style={{ marginBlockStart: 8 }}
          title={t('loans:admin.confirmOffer', { asked: formatAmount(loan.amountAsked) })}
        />
      )}
    </>
  );
}

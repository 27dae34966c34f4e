import { type TAdminWithdrawal, ZApproveWithdrawalRequest } from '@caravan/contracts';
import { Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { MoneyText } from '../../../components/ui/money-text';
import { parseFormValues } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useFinanceWithdrawals } from '../api/list-finance-withdrawals';
import { useReviewWithdrawal } from '../api/review-withdrawal';
import { RecordStatus } from '../components/record-columns';
import { RejectModal } from '../components/reject-modal';
import {
  ApproveModal,
  DecisionSummary,
  ReviewDrawer,
  ReviewQueueTable,
  useReviewQueue,
} from '../components/review-queue';
import '../finance.css';

function WithdrawalDetail({ withdrawal }: { withdrawal: TAdminWithdrawal }) {
  const { t } = useTranslation(['finance', 'wallet']);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'id', label: t('fields.id'), children: <span dir="ltr">#{withdrawal.id}</span> },
        { key: 'status', label: t('fields.status'), children: <RecordStatus status={withdrawal.status} /> },
        {
          key: 'user',
          label: t('fields.user'),
          children: (
            <span>
              <span dir="auto">{withdrawal.userDisplayName}</span> ·{' '}
              <span dir="ltr">
                {withdrawal.usercode} (#{withdrawal.userId})
              </span>
            </span>
          ),
        },
        { key: 'network', label: t('fields.network'), children: <span dir="ltr">{withdrawal.network}</span> },
        {
          key: 'address',
          label: t('fields.address'),
          children: <span className="cv-finance-mono">{withdrawal.address}</span>,
        },
        { key: 'amount', label: t('fields.amount'), children: <MoneyText value={withdrawal.amount} /> },
        { key: 'fee', label: t('fields.fee'), children: <MoneyText value={withdrawal.fee} /> },
        {
          key: 'actual',
          label: t('fields.actualAmount'),
          children: <MoneyText value={withdrawal.actualAmount} />,
        },
        {
          key: 'chainTx',
          label: t('fields.chainTxHash'),
          children: withdrawal.chainTxHash ? (
            <span className="cv-finance-mono">{withdrawal.chainTxHash}</span>
          ) : (
            '--'
          ),
        },
        { key: 'created', label: t('fields.createdAt'), children: formatDateTime(withdrawal.createdAt) },
        { key: 'reviewed', label: t('fields.reviewedAt'), children: formatDateTime(withdrawal.reviewedAt) },
        ...(withdrawal.reason
          ? [{ key: 'reason', label: t('fields.reason'), children: withdrawal.reason }]
          : []),
      ]}
    />
  );
}

/** Finance queue of withdrawals: approve (pay out, optional chain tx hash) or reject (returns the held amount). */
export default function FinanceWithdrawalsPage() {
  const { t } = useTranslation(['finance', 'wallet', 'validation', 'common']);
  const queue = useReviewQueue();
  const list = useFinanceWithdrawals(queue.filter);
  const review = useReviewWithdrawal();
  const [approveForm] = Form.useForm<{ chainTxHash?: string }>();
  const selected = list.data?.pageList.find((w) => w.id === queue.selectedId) ?? null;

  const approve = async () => {
    if (!selected) {
      return;
    }
    const raw = (approveForm.getFieldValue('chainTxHash') as string | undefined)?.trim();
    const body = parseFormValues(approveForm, ZApproveWithdrawalRequest, raw ? { chainTxHash: raw } : {}, t);
    if (!body) {
      return;
    }
    await queue.submitDecision(
      () => review.mutateAsync({ id: selected.id, decision: 'approve', chainTxHash: body.chainTxHash }),
      t('review.approvedWithdrawal'),
    );
  };
  const reject = async (reason: string) => {
    if (!selected) {
      return;
    }
    await queue.submitDecision(
      () => review.mutateAsync({ id: selected.id, decision: 'reject', reason }),
      t('review.rejected'),
    );
  };

  return (
    <>
      <ReviewQueueTable<TAdminWithdrawal>
        title={t('admin:menu.financeWithdrawals')}
        queue={queue}
        page={list.data}
        isFetching={list.isFetching}
        scrollX={1150}
        amountColumns={[
          {
            title: t('fields.address'),
            key: 'address',
            render: (_, w) => (
              <span dir="ltr" className="cv-finance-mono" title={w.address}>
                {w.network} ·{' '}
                {w.address.length > 18 ? `${w.address.slice(0, 8)}…${w.address.slice(-6)}` : w.address}
              </span>
            ),
          },
          {
            title: t('fields.amount'),
            dataIndex: 'amount',
            align: 'end',
            render: (v: string) => <MoneyText value={v} />,
          },
          {
            title: t('fields.fee'),
            dataIndex: 'fee',
            align: 'end',
            render: (v: string) => <MoneyText value={v} />,
          },
          {
            title: t('fields.actualAmount'),
            dataIndex: 'actualAmount',
            align: 'end',
            render: (v: string) => <MoneyText value={v} />,
          },
        ]}
      />
      <ReviewDrawer
        isOpen={selected !== null}
        title={selected ? t('review.withdrawalTitle', { id: selected.id }) : ''}
        isReviewable={selected?.status === 'processing'}
        isPending={review.isPending}
        onClose={() => queue.setSelectedId(null)}
        onApprove={() => {
          approveForm.resetFields();
          queue.setAction('approve');
        }}
        onReject={() => queue.setAction('reject')}
      >
        {selected && <WithdrawalDetail withdrawal={selected} />}
      </ReviewDrawer>
      <ApproveModal
        isOpen={queue.action === 'approve' && selected !== null}
        title={t('review.approveWithdrawalTitle')}
        isPending={review.isPending}
        hasForm
        onCancel={() => queue.setAction(null)}
        onApprove={approve}
      >
        {selected && (
          <DecisionSummary
            text={t('review.approveWithdrawalBody', { address: `${selected.network} ${selected.address}` })}
            amount={selected.actualAmount}
          />
        )}
        <AppForm form={approveForm} layout="vertical" requiredMark={false} onFinish={approve}>
          <Form.Item name="chainTxHash" label={t('review.chainTxHash')} extra={t('review.chainTxHashHint')}>
            <Input maxLength={66} autoComplete="off" dir="ltr" spellCheck={false} />
          </Form.Item>
        </AppForm>
      </ApproveModal>
      <RejectModal
        isOpen={queue.action === 'reject' && selected !== null}
        title={t('review.rejectWithdrawalTitle')}
        summary={
          selected && <DecisionSummary text={t('review.rejectWithdrawalBody')} amount={selected.amount} />
        }
        isPending={review.isPending}
        onCancel={() => queue.setAction(null)}
        onReject={reject}
      />
    </>
  );
}

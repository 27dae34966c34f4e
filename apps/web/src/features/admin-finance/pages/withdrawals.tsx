import { type TAdminWithdrawal, ZApproveWithdrawalRequest } from '@caravan/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../components/ui/app-form';
import { ChainAddress } from '../../../components/ui/chain-address';
import { MoneyText } from '../../../components/ui/money-text';
import { parseFormValues } from '../../../lib/form';
import { useFinanceWithdrawals } from '../api/list-finance-withdrawals';
import { useReviewWithdrawal } from '../api/review-withdrawal';
import { RejectModal } from '../components/reject-modal';
import {
  ApproveModal,
  DecisionSummary,
  isFirstOfTwo,
  MonoValue,
  RecordDetail,
  ReviewDrawer,
  ReviewQueueTable,
  useReviewQueue,
} from '../components/review-queue';
import '../finance.css';

function WithdrawalDetail({ withdrawal }: { withdrawal: TAdminWithdrawal }) {
  const { t } = useTranslation(['finance', 'wallet', 'console']);
  return (
    <RecordDetail
      record={withdrawal}
      items={[
        { key: 'network', label: t('fields.network'), children: <span dir="ltr">{withdrawal.network}</span> },
        { key: 'address', label: t('fields.address'), children: <MonoValue value={withdrawal.address} /> },
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
          children: <MonoValue value={withdrawal.chainTxHash} />,
        },
      ]}
    />
  );
}

/** Finance queue of withdrawals: approve (pay out, optional chain tx hash) or reject (returns the held amount). */
export default function FinanceWithdrawalsPage() {
  const { t } = useTranslation(['finance', 'wallet', 'validation', 'common', 'admin', 'console']);
  const queue = useReviewQueue();
  const list = useFinanceWithdrawals(queue.filter);
  const review = useReviewWithdrawal();
  const [approveForm] = Form.useForm<{ chainTxHash?: string }>();
  const selected = list.data?.pageList.find((w) => w.id === queue.selectedId) ?? null;
  // The first of two approvals pays nothing out, so it neither asks for nor sends a payout hash.
  const isFirstApproval = isFirstOfTwo(selected);

  const approve = async () => {
    if (!selected) {
      return;
    }
    const raw = isFirstApproval
      ? undefined
      : (approveForm.getFieldValue('chainTxHash') as string | undefined)?.trim();
    const body = parseFormValues(approveForm, ZApproveWithdrawalRequest, raw ? { chainTxHash: raw } : {}, t);
    if (!body) {
      return;
    }
    await queue.submitDecision(
      () => review.mutateAsync({ id: selected.id, decision: 'approve', chainTxHash: body.chainTxHash }),
      t('review.approvedWithdrawal'),
    );
  };
  return (
    <>
      <ReviewQueueTable<TAdminWithdrawal>
        title={t('admin:menu.financeWithdrawals')}
        queue={queue}
        list={list}
        scrollX={1000}
        methodColumn={{
          title: t('fields.address'),
          key: 'address',
          width: 190,
          render: (_, w) => (
            <span dir="ltr" className="cv-finance-mono">
              {w.network}
              <br />
              <ChainAddress address={w.address} />
            </span>
          ),
        }}
      />
      <ReviewDrawer
        queue={queue}
        record={selected}
        title={selected ? t('review.withdrawalTitle', { id: selected.id }) : ''}
        isPending={review.isPending}
        onApprove={() => {
          approveForm.resetFields();
          queue.setAction('approve');
        }}
      >
        {selected && <WithdrawalDetail withdrawal={selected} />}
      </ReviewDrawer>
      <ApproveModal
        isOpen={queue.action === 'approve' && selected !== null}
        title={t('review.approveWithdrawalTitle')}
        isPending={review.isPending}
        hasForm
        isFirstApproval={isFirstApproval}
        onCancel={() => queue.setAction(null)}
        onApprove={approve}
      >
        {selected && (
          <DecisionSummary
            text={t(isFirstApproval ? 'review.approveWithdrawalFirstBody' : 'review.approveWithdrawalBody', {
              address: `${selected.network} ${selected.address}`,
            })}
            amount={selected.actualAmount}
          />
        )}
        <AppForm form={approveForm} layout="vertical" requiredMark={false} onFinish={approve}>
          {!isFirstApproval && (
            <Form.Item name="chainTxHash" label={t('review.chainTxHash')} extra={t('review.chainTxHashHint')}>
              <Input maxLength={66} autoComplete="off" dir="ltr" spellCheck={false} />
            </Form.Item>
          )}
        </AppForm>
      </ApproveModal>
      <RejectModal
        queue={queue}
        record={selected}
        title={t('review.rejectWithdrawalTitle')}
        summary={
          selected && <DecisionSummary text={t('review.rejectWithdrawalBody')} amount={selected.amount} />
        }
        isPending={review.isPending}
        reject={(id, reason) => review.mutateAsync({ id, decision: 'reject', reason })}
      />
    </>
  );
}

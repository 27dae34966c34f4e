import type { TAdminRecharge } from '@caravan/contracts';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/ui/money-text';
import { formatDateTime } from '../../../lib/format';
import { useFinanceRecharges } from '../api/list-finance-recharges';
import { useReviewRecharge } from '../api/review-recharge';
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

function RechargeDetail({ recharge }: { recharge: TAdminRecharge }) {
  const { t } = useTranslation(['finance', 'wallet', 'console']);
  const unit = recharge.currency;
  return (
    <>
      <RecordDetail
        record={recharge}
        items={[
          {
            key: 'method',
            label: t('fields.method'),
            children: (
              <span dir="ltr">{`${recharge.channelCode}${recharge.network ? ` · ${recharge.network}` : ''}`}</span>
            ),
          },
          {
            key: 'amount',
            label: t('fields.amount'),
            children: <MoneyText value={recharge.amount} unit={unit} />,
          },
          { key: 'fee', label: t('fields.fee'), children: <MoneyText value={recharge.fee} unit={unit} /> },
          ...(unit !== 'USDT'
            ? [
                {
                  key: 'rate',
                  label: t('fields.rate'),
                  children: (
                    <span dir="ltr">
                      1 {unit} = <MoneyText value={recharge.rateToUsdt} />
                    </span>
                  ),
                },
              ]
            : []),
          {
            key: 'actual',
            label: t('fields.actualAmount'),
            children: <MoneyText value={recharge.actualAmount} />,
          },
          { key: 'txHash', label: t('fields.txHash'), children: <MonoValue value={recharge.txHash} /> },
          {
            key: 'depositAddress',
            label: t('fields.depositAddress'),
            children: <MonoValue value={recharge.depositAddress} />,
          },
          ...(recharge.kind === 'bank'
            ? [
                { key: 'bank', label: t('fields.bankName'), children: recharge.bankName ?? '--' },
                {
                  key: 'card',
                  label: t('fields.cardNumber'),
                  children: <span className="cv-finance-mono">{recharge.cardNumber ?? '--'}</span>,
                },
              ]
            : []),
        ]}
        afterCreated={[
          {
            key: 'arrival',
            label: t('fields.expectedArrival'),
            children: formatDateTime(recharge.expectedArrivalAt),
          },
        ]}
      />
      <h3>{t('fields.certificate')}</h3>
      {recharge.certificateUrl ? (
        <a href={recharge.certificateUrl} target="_blank" rel="noreferrer">
          <img
            src={recharge.certificateUrl}
            alt={t('fields.certificateAlt', { id: recharge.id })}
            className="cv-finance-certificate"
            width={480}
            height={480}
            style={{ objectFit: 'contain', background: '#fafafa' }}
            loading="lazy"
          />
        </a>
      ) : (
        <p className="cv-muted">{t('fields.noCertificate')}</p>
      )}
    </>
  );
}

/** Finance queue of recharges: filter, read the detail with the certificate, approve or reject. */
export default function FinanceRechargesPage() {
  const { t } = useTranslation(['finance', 'wallet', 'common', 'admin', 'console']);
  const queue = useReviewQueue();
  const list = useFinanceRecharges(queue.filter);
  const review = useReviewRecharge();
  const selected = list.data?.pageList.find((r) => r.id === queue.selectedId) ?? null;

  const approve = async () => {
    if (!selected) {
      return;
    }
    await queue.submitDecision(
      () => review.mutateAsync({ id: selected.id, decision: 'approve' }),
      t('review.approvedRecharge'),
    );
  };
  return (
    <>
      <ReviewQueueTable<TAdminRecharge>
        title={t('admin:menu.financeRecharges')}
        queue={queue}
        list={list}
        scrollX={1000}
        methodColumn={{
          title: t('fields.method'),
          dataIndex: 'channelCode',
          width: 110,
          render: (v: string) => <span dir="ltr">{v}</span>,
        }}
        unitOf={(r) => r.currency}
      />
      <ReviewDrawer
        queue={queue}
        record={selected}
        title={selected ? t('review.rechargeTitle', { id: selected.id }) : ''}
        isPending={review.isPending}
      >
        {selected && <RechargeDetail recharge={selected} />}
      </ReviewDrawer>
      <ApproveModal
        isOpen={queue.action === 'approve' && selected !== null}
        title={t('review.approveRechargeTitle')}
        isPending={review.isPending}
        isFirstApproval={isFirstOfTwo(selected)}
        onCancel={() => queue.setAction(null)}
        onApprove={approve}
      >
        {selected && (
          <DecisionSummary
            text={t(
              isFirstOfTwo(selected) ? 'review.approveRechargeFirstBody' : 'review.approveRechargeBody',
              {
                user: `${selected.userDisplayName} (${selected.usercode})`,
              },
            )}
            amount={selected.actualAmount}
          />
        )}
      </ApproveModal>
      <RejectModal
        queue={queue}
        record={selected}
        title={t('review.rejectRechargeTitle')}
        summary={<p>{t('review.rejectRechargeBody')}</p>}
        isPending={review.isPending}
        reject={(id, reason) => review.mutateAsync({ id, decision: 'reject', reason })}
      />
    </>
  );
}

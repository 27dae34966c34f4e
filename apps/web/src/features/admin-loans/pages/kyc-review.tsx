import {
  LOAN_REASON_MAX,
  type TAdminVerification,
  type TVerificationStatus,
  ZAdminVerificationQuery,
} from '@caravan/contracts';
import { Button, Descriptions, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readAddress } from '../../../components/console/filter-in-address';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { DateTimeText } from '../../../components/ui/date-time-text';
import { EndDrawer } from '../../../components/ui/end-drawer';
import { isOverLimit, LimitedTextArea } from '../../../components/ui/limited-text';
import { useCountryName } from '../../../lib/country-name';
import { toast, toastError } from '../../../lib/toast';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { staffImageUrl, useAdminVerifications, useReviewVerification } from '../api/admin-loans-api';
import {
  ReviewQueueFrame,
  type TReviewQueueFilter,
  useReviewQueueFilter,
} from '../components/review-queue-frame';

const STATUSES: TVerificationStatus[] = ['reviewing', 'approved', 'rejected', 'resubmit'];

type TKycQueueFilter = TReviewQueueFilter<TVerificationStatus>;

const DEFAULT_KYC_FILTER: TKycQueueFilter = { pageNum: 1, pageSize: 20, status: 'reviewing' };

/** The queue's page and status as the address gives them: no status is the default (reviewing), an empty one all. */
function parseKycFilter(params: Record<string, string>): TKycQueueFilter | null {
  const query = readAddress(ZAdminVerificationQuery, params);
  return (
    query && {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      status: params.status === undefined ? DEFAULT_KYC_FILTER.status : query.status,
    }
  );
}

function Documents({ verification }: { verification: TAdminVerification }) {
  const { t } = useTranslation('loans');
  const images = [
    ['front', t('fields.idFront')],
    ['back', t('fields.idBack')],
    ['selfie', t('fields.selfie')],
    ['addressProof', t('fields.addressProof')],
  ] as const;
  return (
    <div className="cv-loans-images">
      {images.map(([key, label]) => {
        const id = verification.images[key];
        return id ? (
          <a key={key} href={staffImageUrl(id)} target="_blank" rel="noreferrer">
            <img
              src={staffImageUrl(id)}
              alt={label}
              width={160}
              height={110}
              style={{ objectFit: 'cover' }}
            />
          </a>
        ) : null;
      })}
    </div>
  );
}

/** The identity verification queue (kyc.review): documents, approve, reject or ask to resubmit with a reason. */
export default function KycReviewPage() {
  const { t } = useTranslation(['loans', 'common']);
  const countryName = useCountryName();
  const queue = useReviewQueueFilter<TVerificationStatus, TKycQueueFilter>(
    DEFAULT_KYC_FILTER,
    parseKycFilter,
  );
  const list = useAdminVerifications(queue.filter);
  const review = useReviewVerification();
  const [open, setOpen] = useState<TAdminVerification | null>(null);
  const [reason, setReason] = useState('');
  // A reason belongs to one applicant: it goes when the drawer closes or another applicant's documents open.
  const show = (verification: TAdminVerification | null) => {
    setOpen(verification);
    setReason('');
  };
  const isReasonTooLong = isOverLimit(reason, LOAN_REASON_MAX);
  const isReasonGiven = reason.trim() !== '' && !isReasonTooLong;
  // One decision per click, however fast: a double click on "Request resubmission" (no confirmation before it) sent
  // it twice, and "Saved" stood beside "This record has already been reviewed" (QA).
  const decide = useOneAtATime(async (decision: 'approve' | 'reject' | 'resubmit') => {
    if (!open) {
      return;
    }
    try {
      await review.mutateAsync({ id: open.id, decision, reason });
      toast.success(t('admin.done'));
      show(null);
    } catch (error) {
      toastError(error, t('loadError'));
    }
  });
  return (
    <ReviewQueueFrame<TAdminVerification, TVerificationStatus>
      title={t('admin.kycTitle')}
      statuses={STATUSES}
      labelOf={(s) => t(`verifyStatus.${s}`)}
      queue={queue}
      list={list}
      scrollX={640}
      columns={[
        { key: 'id', title: '#', dataIndex: 'id', width: 70 },
        { key: 'user', title: t('fields.user'), render: (_, v) => `${v.userDisplayName} (${v.usercode})` },
        {
          key: 'level',
          title: t('admin.level'),
          render: (_, v) => (v.level === 'real_name' ? t('verify.realName') : t('verify.advanced')),
        },
        { key: 'name', title: t('fields.realName'), dataIndex: 'realName' },
        {
          key: 'status',
          title: t('fields.state'),
          render: (_, v) => <Tag>{t(`verifyStatus.${v.status}`)}</Tag>,
        },
        { key: 'at', title: t('fields.createdAt'), render: (_, v) => <DateTimeText value={v.createdAt} /> },
        {
          key: 'actions',
          title: t('common:table.actions'),
          render: (_, v) => (
            <Button size="small" onClick={() => show(v)}>
              {t('admin.documents')}
            </Button>
          ),
        },
      ]}
    >
      <EndDrawer open={open !== null} onClose={() => show(null)} title={t('admin.documents')} size="large">
        {open && (
          <>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'name', label: t('fields.realName'), children: <bdi>{open.realName}</bdi> },
                {
                  key: 'nationality',
                  label: t('fields.nationality'),
                  children: countryName(open.nationality),
                },
                {
                  key: 'type',
                  label: t('fields.idType'),
                  children: open.idType ? t(`idType.${open.idType}`) : '--',
                },
                {
                  key: 'number',
                  label: t('fields.idNumber'),
                  children: <span dir="ltr">{open.idNumber}</span>,
                },
              ]}
            />
            <Documents verification={open} />
            {open.status === 'reviewing' && (
              <>
                <LimitedTextArea
                  aria-label={t('fields.reason')}
                  placeholder={t('fields.reason')}
                  limit={LOAN_REASON_MAX}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  style={{ marginBlock: 12 }}
                />
                <Space wrap>
                  {/* Approving lets the applicant borrow: asked once more, as rejecting is. Both questions open below
                      the buttons: above them they covered the ID photo and the reason while the reviewer decided. */}
                  <ConfirmPopover
                    placement="bottom"
                    title={t('admin.approveKycConfirm', { name: open.realName })}
                    okText={t('admin.approve')}
                    cancelText={t('common:actions.cancel')}
                    disabled={isReasonTooLong}
                    onConfirm={() => decide('approve')}
                  >
                    <Button type="primary" disabled={isReasonTooLong} loading={review.isPending}>
                      {t('admin.approve')}
                    </Button>
                  </ConfirmPopover>
                  <Button
                    disabled={!isReasonGiven}
                    loading={review.isPending && review.variables?.decision === 'resubmit'}
                    onClick={() => void decide('resubmit')}
                  >
                    {t('admin.resubmit')}
                  </Button>
                  <ConfirmPopover
                    placement="bottom"
                    title={t('admin.rejectKycConfirm')}
                    okText={t('admin.reject')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common:actions.cancel')}
                    disabled={!isReasonGiven}
                    onConfirm={() => decide('reject')}
                  >
                    <Button danger disabled={!isReasonGiven} loading={review.isPending}>
                      {t('admin.reject')}
                    </Button>
                  </ConfirmPopover>
                </Space>
              </>
            )}
          </>
        )}
      </EndDrawer>
    </ReviewQueueFrame>
  );
}

import type { TAdminVerification, TVerificationStatus } from '@caravan/contracts';
import { Alert, Button, Descriptions, Drawer, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useCountryName } from '../../../lib/country-name';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { staffImageUrl, useAdminVerifications, useReviewVerification } from '../api/admin-loans-api';
import { StatusFilter } from '../components/status-filter';

const STATUSES: TVerificationStatus[] = ['reviewing', 'approved', 'rejected', 'resubmit'];

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
  const { t } = useTranslation('loans');
  const countryName = useCountryName();
  const [filter, setFilter] = useState<{
    pageNum: number;
    pageSize: number;
    status?: TVerificationStatus | undefined;
  }>({
    pageNum: 1,
    pageSize: 20,
    status: 'reviewing',
  });
  const list = useAdminVerifications(filter);
  const review = useReviewVerification();
  const [open, setOpen] = useState<TAdminVerification | null>(null);
  const [reason, setReason] = useState('');
  const decide = async (decision: 'approve' | 'reject' | 'resubmit') => {
    if (!open) {
      return;
    }
    try {
      await review.mutateAsync({ id: open.id, decision, reason });
      toast.success(t('admin.done'));
      setOpen(null);
      setReason('');
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('loadError'));
    }
  };
  return (
    <section>
      <h2>{t('admin.kycTitle')}</h2>
      <StatusFilter
        value={filter.status}
        statuses={STATUSES}
        labelOf={(s) => t(`verifyStatus.${s}`)}
        onChange={(status) => setFilter({ ...filter, pageNum: 1, status })}
      />
      {list.isError && <Alert type="error" showIcon message={t('loadError')} />}
      <Table<TAdminVerification>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.pageList ?? []}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 640 }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNum) => setFilter({ ...filter, pageNum }),
          showSizeChanger: false,
        }}
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
          { key: 'at', title: t('fields.createdAt'), render: (_, v) => formatDateTime(v.createdAt) },
          {
            key: 'open',
            title: '',
            render: (_, v) => (
              <Button size="small" onClick={() => setOpen(v)}>
                {t('admin.documents')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} title={t('admin.documents')} size="large">
        {open && (
          <>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 'name', label: t('fields.realName'), children: open.realName },
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
                <Input.TextArea
                  aria-label={t('fields.reason')}
                  placeholder={t('fields.reason')}
                  maxLength={255}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  style={{ marginBlock: 12 }}
                />
                <Space wrap>
                  <Button type="primary" loading={review.isPending} onClick={() => void decide('approve')}>
                    {t('admin.approve')}
                  </Button>
                  <Button disabled={!reason.trim()} onClick={() => void decide('resubmit')}>
                    {t('admin.resubmit')}
                  </Button>
                  <Button danger disabled={!reason.trim()} onClick={() => void decide('reject')}>
                    {t('admin.reject')}
                  </Button>
                </Space>
              </>
            )}
          </>
        )}
      </Drawer>
    </section>
  );
}

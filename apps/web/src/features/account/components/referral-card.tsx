import type { TReferralsResponse } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { api } from '../../../lib/api';

/** The invitation code with a link to share, and how many people registered with it. */
export function ReferralCard() {
  const { t } = useTranslation('services');
  const referrals = useQuery({
    queryKey: ['account', 'referrals'],
    queryFn: () => api.get<TReferralsResponse>('/account/referrals'),
  });
  return (
    <Card title={t('referral.title')} style={{ marginBlockStart: 16 }} data-testid="referral-card">
      {referrals.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {referrals.isError && (
        <LoadError message={referrals.error.message} onRetry={() => void referrals.refetch()} />
      )}
      {referrals.data && (
        <>
          <p>
            {t('referral.code')}{' '}
            <Typography.Text code copyable dir="ltr">
              {referrals.data.invitationCode}
            </Typography.Text>
          </p>
          <p>
            {t('referral.link')}{' '}
            <Typography.Text
              copyable={{ text: referrals.data.shareUrl }}
              dir="ltr"
              style={{ wordBreak: 'break-all' }}
            >
              {referrals.data.shareUrl}
            </Typography.Text>
          </p>
          <p className="cv-muted">{t('referral.count', { count: referrals.data.invitedCount })}</p>
        </>
      )}
    </Card>
  );
}

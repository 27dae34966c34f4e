import type { TUserCoupon } from '@caravan/contracts';
import { Button, Card, Empty, Input, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCouponName, useCouponValueText } from '../../../components/coupons/coupon-text';
import { useClaimCoupon, useCoupons } from '../../../components/coupons/use-coupons';
import { DateTimeInSentence } from '../../../components/ui/date-time-text';
import { ItemList, ItemListItem, ItemListMeta } from '../../../components/ui/item-list';
import { LoadError } from '../../../components/ui/load-error';
import { PageFrame } from '../../../components/ui/page-frame';
import { toast, toastError } from '../../../lib/toast';

const STATUS_COLOURS: Record<TUserCoupon['status'], string> = {
  available: 'success',
  used: 'default',
  expired: 'warning',
};
const PAGE_SIZE = 10;

/** /userInfo/coupons: the coupons kept in the account, and adding one by its code. */
export default function CouponsPage() {
  const { t } = useTranslation(['services', 'common']);
  const coupons = useCoupons();
  const claim = useClaimCoupon();
  const valueText = useCouponValueText();
  const couponName = useCouponName();
  const [code, setCode] = useState('');

  const addCode = async () => {
    if (!code.trim()) {
      return;
    }
    try {
      await claim.mutateAsync(code.trim());
      setCode('');
      toast.success(t('coupon.added'));
    } catch (error) {
      toastError(error, t('coupon.addFailed'));
    }
  };

  return (
    <PageFrame
      titleKey="routes.coupons"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <Card>
        <Space.Compact style={{ width: '100%', maxWidth: 480, marginBlockEnd: 16 }}>
          <Input
            aria-label={t('coupon.codeLabel')}
            placeholder={t('coupon.codeLabel')}
            value={code}
            maxLength={32}
            onChange={(event) => setCode(event.target.value)}
            onPressEnter={() => void addCode()}
            data-testid="coupon-code-input"
          />
          <Button type="primary" onClick={() => void addCode()} loading={claim.isPending}>
            {t('coupon.add')}
          </Button>
        </Space.Compact>
        {coupons.isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
        {coupons.isError && (
          <LoadError message={coupons.error.message} onRetry={() => void coupons.refetch()} />
        )}
        {coupons.data && coupons.data.length === 0 && (
          <Empty description={t('coupon.emptyList')}>
            <p className="cv-muted">{t('coupon.emptyHint')}</p>
          </Empty>
        )}
        {coupons.data && coupons.data.length > 0 && (
          <ItemList<TUserCoupon>
            items={coupons.data}
            itemKey={(coupon) => coupon.id}
            paging={{ pageSize: PAGE_SIZE, size: 'small' }}
            renderItem={(coupon) => (
              <ItemListItem
                extra={<Tag color={STATUS_COLOURS[coupon.status]}>{t(`coupon.status.${coupon.status}`)}</Tag>}
                data-testid="coupon-row"
              >
                <ItemListMeta
                  title={
                    <>
                      <bdi>{couponName(coupon)}</bdi> · <span dir="ltr">{valueText(coupon)}</span>
                    </>
                  }
                  description={
                    <>
                      <code dir="ltr">{coupon.code}</code> ·{' '}
                      <DateTimeInSentence
                        value={coupon.validUntil}
                        sentence={(date) => t('coupon.validUntil', { date })}
                      />
                    </>
                  }
                />
              </ItemListItem>
            )}
          />
        )}
      </Card>
    </PageFrame>
  );
}

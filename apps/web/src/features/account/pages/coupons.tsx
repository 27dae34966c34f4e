import type { TUserCoupon } from '@caravan/contracts';
import { Card, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CouponCodeField } from '../../../components/coupons/coupon-code-field';
import { useCouponName, useCouponValueText } from '../../../components/coupons/coupon-text';
import { useCoupons } from '../../../components/coupons/use-coupons';
import { DateTimeInSentence } from '../../../components/ui/date-time-text';
import { ItemList, ItemListItem, ItemListMeta } from '../../../components/ui/item-list';
import { LoadError } from '../../../components/ui/load-error';
import { PageFrame } from '../../../components/ui/page-frame';

const STATUS_COLOURS: Record<TUserCoupon['status'], string> = {
  available: 'success',
  used: 'default',
  expired: 'warning',
  stopped: 'default',
};
const PAGE_SIZE = 10;

/** /userInfo/coupons: the coupons kept in the account, and adding one by its code. */
export default function CouponsPage() {
  const { t } = useTranslation(['services', 'common']);
  const coupons = useCoupons();
  const valueText = useCouponValueText();
  const couponName = useCouponName();

  return (
    <PageFrame
      titleKey="routes.coupons"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
    >
      <Card>
        <CouponCodeField isPrimary style={{ maxWidth: 480, marginBlockEnd: 16 }} />
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

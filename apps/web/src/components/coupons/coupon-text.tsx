import { type TUserCoupon, WELCOME_COUPON_NAME } from '@caravan/contracts';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../lib/format-money';

/** "5.00 USDT off · on goods from 50.00 USDT" or "10% off": what a coupon gives, in the user's language. */
export function useCouponValueText() {
  const { t } = useTranslation('services');
  return (coupon: Pick<TUserCoupon, 'kind' | 'amountOff' | 'percentOff' | 'minSpend'>) => {
    const value =
      coupon.kind === 'amount'
        ? t('coupon.amountOff', { amount: formatUsdt(coupon.amountOff) })
        : t('coupon.percentOff', { percent: coupon.percentOff });
    return Number(coupon.minSpend) > 0
      ? `${value} · ${t('coupon.minSpend', { amount: formatUsdt(coupon.minSpend) })}`
      : value;
  };
}

/** A coupon's name: as its campaign's staff wrote it, but the platform's own welcome coupon in the user's language. */
export function useCouponName() {
  const { t } = useTranslation('services');
  return (coupon: Pick<TUserCoupon, 'name'>) =>
    coupon.name === WELCOME_COUPON_NAME ? t('coupon.welcomeName') : coupon.name;
}

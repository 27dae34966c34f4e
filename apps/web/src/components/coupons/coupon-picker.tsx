import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isolateText } from '../../lib/bidi';
import { useSelectClear } from '../ui/clear-icon';
import { CouponCodeField } from './coupon-code-field';
import { useCouponName, useCouponValueText } from './coupon-text';
import { useCoupons } from './use-coupons';

/**
 * Chooses one coupon of the account for one seller's order (SPEC: one per order), or adds one by code.
 * Coupons chosen for other orders and those below their minimum spend cannot be picked.
 */
export function CouponPicker({
  sellerId,
  goodsAmount,
  value,
  takenElsewhere,
  onChange,
}: {
  sellerId: string;
  goodsAmount: string;
  value: string | undefined;
  takenElsewhere: string[];
  onChange: (couponId: string | undefined) => void;
}) {
  const { t } = useTranslation('services');
  const coupons = useCoupons();
  const couponName = useCouponName();
  const valueText = useCouponValueText();
  const selectClear = useSelectClear();
  const usable = (coupons.data ?? []).filter((c) => c.status === 'available');
  // The list was read when the page opened: a coupon that ran out since can no longer be chosen.
  const now = Date.now();

  return (
    <div className="cv-coupon-picker">
      <label className="cv-muted" htmlFor={`coupon-${sellerId}`}>
        {t('coupon.label')}
      </label>
      <Select<string>
        id={`coupon-${sellerId}`}
        style={{ width: '100%' }}
        allowClear={selectClear}
        loading={coupons.isLoading}
        placeholder={usable.length > 0 ? t('coupon.choose') : t('coupon.none')}
        value={value}
        onChange={(next) => onChange(next ?? undefined)}
        notFoundContent={t('coupon.none')}
        options={usable.map((c) => ({
          value: c.id,
          // A name staff typed keeps its own direction inside the option (a Latin "SALE 10%" in an Arabic list).
          label: `${isolateText(couponName(c))} · ${valueText(c)}`,
          disabled:
            takenElsewhere.includes(c.id) ||
            Number(goodsAmount) < Number(c.minSpend) ||
            Date.parse(c.validUntil) <= now,
        }))}
        data-testid={`coupon-select-${sellerId}`}
      />
      <CouponCodeField
        style={{ marginBlockStart: 8 }}
        onAdded={(added) => {
          if (Number(goodsAmount) >= Number(added.minSpend) && !takenElsewhere.includes(added.id)) {
            onChange(added.id);
          }
        }}
      />
    </div>
  );
}

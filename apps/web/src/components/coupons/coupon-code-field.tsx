import type { TUserCoupon } from '@caravan/contracts';
import { Button, Input, Space } from 'antd';
import { type CSSProperties, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { useClaimCoupon } from './use-coupons';

/**
 * Adds a coupon to the account by its code (the coupons page, each order's picker at checkout). One claim at a time:
 * Enter pressed twice claimed two coupons of a campaign that allows two a buyer (QA). A refusal ("no such code")
 * stays under the box until the code is changed; it was a passing toast.
 */
export function CouponCodeField({
  isPrimary = false,
  style,
  onAdded,
}: {
  isPrimary?: boolean;
  style?: CSSProperties;
  onAdded?: (coupon: TUserCoupon) => void;
}) {
  const { t } = useTranslation('services');
  const claim = useClaimCoupon();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalId = useId();
  const addCode = useOneAtATime(async () => {
    if (!code.trim()) {
      return;
    }
    try {
      const added = await claim.mutateAsync(code.trim());
      setCode('');
      toast.success(t('coupon.added'));
      onAdded?.(added);
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : t('coupon.addFailed'));
    }
  });
  return (
    <div style={style}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('coupon.codeLabel')}
          placeholder={t('coupon.codeLabel')}
          value={code}
          maxLength={32}
          status={refusal ? 'error' : undefined}
          aria-invalid={refusal !== null}
          aria-describedby={refusal ? refusalId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setRefusal(null);
          }}
          onPressEnter={() => void addCode()}
          data-testid="coupon-code-input"
        />
        <Button
          type={isPrimary ? 'primary' : 'default'}
          onClick={() => void addCode()}
          loading={claim.isPending}
        >
          {t('coupon.add')}
        </Button>
      </Space.Compact>
      {refusal && (
        <div id={refusalId} className="cv-field-error" role="alert">
          {refusal}
        </div>
      )}
    </div>
  );
}

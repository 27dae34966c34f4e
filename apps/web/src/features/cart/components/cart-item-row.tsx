import { DeleteOutlined } from '@ant-design/icons';
import type { TCartItem } from '@caravan/contracts';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { MoneyText } from '../../../components/ui/money-text';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { isPositiveAmount } from '../../../lib/format-money';
import { cartLineProblem } from '../lib/line-problem';

type TCartItemRowProps = {
  item: TCartItem;
  onCheck: (isChecked: boolean) => void;
  onQuantity: (quantity: number) => void;
  onRemove: () => Promise<void>;
};

/** One cart line: checkbox, picture, name, chosen variant, quantity stepper (buyMin..maxBuy), price, delete. */
export function CartItemRow({ item, onCheck, onQuantity, onRemove }: TCartItemRowProps) {
  const { t } = useTranslation(['cart', 'common', 'errors']);
  const [isRemoving, setIsRemoving] = useState(false);
  /** The most (or least) that can be bought, said once a typed quantity was brought within it. */
  const [clampedTo, setClampedTo] = useState<number | null>(null);
  const isOverLimit = item.isAvailable && item.count > item.maxBuy;
  const problem = cartLineProblem(item, t);
  return (
    <li className={`cv-cart-item${item.isAvailable ? '' : ' cv-cart-item--off'}`} data-testid="cart-item">
      <Checkbox
        checked={item.isChecked}
        disabled={!item.isAvailable || isOverLimit}
        onChange={(event) => onCheck(event.target.checked)}
        aria-label={t('drawer.selectItem', { name: item.name })}
      />
      {item.imgUrl ? (
        <img
          className="cv-cart-item__img"
          src={item.imgUrl}
          alt={item.name}
          width={64}
          height={64}
          loading="lazy"
        />
      ) : (
        <span className="cv-cart-item__img" aria-hidden />
      )}
      <div className="cv-cart-item__body">
        <bdi className="cv-cart-item__name">{item.name}</bdi>
        {item.checkAttrName && <div className="cv-muted cv-cart-item__attr">{item.checkAttrName}</div>}
        {problem && (
          <div className="cv-cart-item__warn" role="status">
            {problem}
          </div>
        )}
        <div className="cv-cart-item__row">
          <QuantityStepper
            label={t('drawer.quantity', { name: item.name })}
            title={t('drawer.minMax', { min: item.buyMin, max: item.maxBuy })}
            min={item.buyMin}
            max={item.maxBuy}
            value={item.count}
            isDisabled={!item.isAvailable}
            testId="cart-quantity"
            onClamp={setClampedTo}
            onChange={(quantity) => {
              setClampedTo(null);
              if (quantity !== item.count) {
                onQuantity(quantity);
              }
            }}
          />
          {/* Goods no longer sold have no price to show ("0.00 USDT" read as free). */}
          {isPositiveAmount(item.price) && <MoneyText value={item.lineTotal} isStrong />}
        </div>
        {clampedTo !== null && item.isAvailable && (
          <div className="cv-cart-item__warn" role="status">
            {t('drawer.minMax', { min: item.buyMin, max: item.maxBuy })}
          </div>
        )}
        {item.isAvailable && (
          <div className="cv-muted cv-cart-item__stock">{t('drawer.inStock', { count: item.stock })}</div>
        )}
      </div>
      <ConfirmPopover
        title={t('drawer.removeTitle')}
        description={t('drawer.removeBody', { name: item.name })}
        okText={t('common:actions.delete')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: true, loading: isRemoving }}
        onConfirm={async () => {
          setIsRemoving(true);
          try {
            await onRemove();
          } finally {
            setIsRemoving(false);
          }
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('drawer.remove')}
          data-removal-focus
        />
      </ConfirmPopover>
    </li>
  );
}

import type { TOrderAmounts } from '@caravan/contracts';
import { useTranslation } from 'react-i18next';
import { isPositiveAmount } from '../../lib/format-money';
import { MoneyText } from '../ui/money-text';
import './order.css';

/** Freight parts, tax, handling fee, discount and total of one order, as a right-aligned list. */
export function OrderAmounts({ amounts, paidAmount }: { amounts: TOrderAmounts; paidAmount?: string }) {
  const { t } = useTranslation('orders');
  const rows: [string, string][] = [
    ['detail.itemsAmount', amounts.itemsAmount],
    ['detail.dispatchFee', amounts.dispatchFee],
    ['detail.longDistanceFee', amounts.longDistanceFee],
    ['detail.deliveryFee', amounts.deliveryFee],
    ['detail.freight', amounts.freight],
    ['detail.tax', amounts.tax],
    ['detail.handlingFee', amounts.handlingFee],
    ['detail.discount', amounts.discount],
  ];
  return (
    <dl className="cv-amounts">
      {rows.map(([key, value]) => (
        <div key={key} className="cv-amounts__row">
          <dt>{t(key)}</dt>
          <dd>
            <MoneyText
              isPrice
              value={key === 'detail.discount' && isPositiveAmount(value) ? `-${value}` : value}
            />
          </dd>
        </div>
      ))}
      <div className="cv-amounts__row cv-amounts__row--total">
        <dt>{t('detail.total')}</dt>
        <dd>
          <MoneyText value={amounts.total} isStrong />
        </dd>
      </div>
      {paidAmount !== undefined && (
        <div className="cv-amounts__row">
          <dt>{t('detail.paidAmount')}</dt>
          <dd>
            <MoneyText isPrice value={paidAmount} />
          </dd>
        </div>
      )}
    </dl>
  );
}

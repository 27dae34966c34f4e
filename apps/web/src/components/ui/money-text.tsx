import { formatMoney, isMoneyString, parseMoney } from '@caravan/contracts';

/** A decimal money string with at least two decimals ("12.5" -> "12.50"); `--` when missing or malformed. */
export function formatAmount(value: string | null | undefined): string {
  if (!value || !isMoneyString(value)) {
    return '--';
  }
  return formatMoney(parseMoney(value), 2);
}

/**
 * Money with its unit (DESIGN.md: `12.50 USDT`), tabular figures, kept left-to-right inside RTL text.
 * Generic: used by every feature that shows an amount.
 */
export function MoneyText({
  value,
  unit = 'USDT',
  className,
}: {
  value: string | null | undefined;
  unit?: string;
  className?: string;
}) {
  const text = formatAmount(value);
  return (
    <span
      dir="ltr"
      className={className}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {text === '--' ? text : `${text} ${unit}`}
    </span>
  );
}

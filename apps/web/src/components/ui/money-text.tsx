import { displayMoney, formatMoney, isMoneyString, parseMoney, roundMoney } from '@caravan/contracts/money';
import './money-text.css';

/**
 * A money value as people read it, with at least two decimals and thousands grouped ("1234.5" ->
 * "1,234.50"); `--` when missing or malformed. With `decimals` it is rounded half up to that many places
 * (loan figures); otherwise every digit is kept. Form fields take `formatAmountInput` instead.
 */
export function formatAmount(value: string | bigint | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || (typeof value === 'string' && !isMoneyString(value))) {
    return '--';
  }
  const amount = typeof value === 'bigint' ? value : parseMoney(value);
  return decimals === undefined
    ? displayMoney(amount, 2)
    : displayMoney(roundMoney(amount, decimals), decimals);
}

/** A money value for a form field to edit: two decimals at least, never grouped ("1234.50"); "" when missing. */
export function formatAmountInput(value: string | null | undefined): string {
  return value !== null && value !== undefined && isMoneyString(value)
    ? formatMoney(parseMoney(value), 2)
    : '';
}

/**
 * Money with its unit (DESIGN.md: `12.50 USDT`), tabular figures, kept left-to-right inside RTL text.
 * The one money display of every feature except the storefront cards (catalog's `Money` stays free of
 * contracts to keep the home chunk small).
 */
export function MoneyText({
  value,
  unit = 'USDT',
  decimals,
  isPrice = false,
  isStrong = false,
  className,
}: {
  value: string | bigint | null | undefined;
  unit?: string;
  /** Round half up to this many decimals; all digits when omitted. */
  decimals?: number;
  /** A price on a buyer's or seller's page: takes the storefront's price look (`cv-money`). */
  isPrice?: boolean;
  /** A total the reader must not miss. */
  isStrong?: boolean;
  className?: string;
}) {
  const text = formatAmount(value, decimals);
  const classes = ['cv-amount'];
  if (isPrice || isStrong) {
    classes.push('cv-money');
  }
  if (isStrong) {
    classes.push('cv-money--strong');
  }
  if (className) {
    classes.push(className);
  }
  return (
    <span dir="ltr" className={classes.join(' ')}>
      {text === '--' ? text : `${text} ${unit}`}
    </span>
  );
}

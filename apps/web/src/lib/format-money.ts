import { displayMoney, formatMoney, parseMoney } from '@caravan/contracts/money';
import { percentText } from './percent';

/**
 * DESIGN.md: money always carries its unit; amounts arrive as decimal strings and never become floats.
 * Thousands are grouped ("1,234.50 USDT").
 */
export function formatUsdt(value: string | bigint): string {
  const amount = typeof value === 'bigint' ? value : parseMoney(value);
  return `${displayMoney(amount)} USDT`;
}

/** Whether a decimal amount string is above zero (no float conversion). */
export function isPositiveAmount(value: string): boolean {
  return parseMoney(value) > 0n;
}

/** A daily rate as a percentage in the reader's language, e.g. "0.0005" -> "0.05%" (loan products, fee rates). */
export function ratePercent(rate: string, lang: string): string {
  const units = parseMoney(rate) * 100n;
  return percentText(formatMoney(units, 2), lang);
}

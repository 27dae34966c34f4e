import { formatMoney, isMoneyString, parseMoney, roundMoney } from '@caravan/contracts';

/** Two decimals (DESIGN.md), rounded half up from the exact amount; `--` when missing. */
export function money2(value: string | null | undefined): string {
  if (!value || !isMoneyString(value)) {
    return '--';
  }
  return formatMoney(roundMoney(parseMoney(value), 2), 2);
}

/** A daily rate as a percentage, e.g. "0.0005" -> "0.05 %". */
export function ratePercent(rate: string): string {
  const units = parseMoney(rate) * 100n;
  return `${formatMoney(units, 2)} %`;
}

import { formatMoney, parseMoney } from '@caravan/contracts';

/** A daily rate as a percentage, e.g. "0.0005" -> "0.05 %". */
export function ratePercent(rate: string): string {
  const units = parseMoney(rate) * 100n;
  return `${formatMoney(units, 2)} %`;
}

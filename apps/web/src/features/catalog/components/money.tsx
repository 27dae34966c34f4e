import { formatUsdtAmount } from '../lib/format';

/** An amount with its unit (DESIGN.md), kept left-to-right inside RTL text. */
export function Money({ amount, isStruck = false }: { amount: string; isStruck?: boolean }) {
  const text = `${formatUsdtAmount(amount)} USDT`;
  return isStruck ? (
    <del className="cv-money cv-money--struck" dir="ltr">
      {text}
    </del>
  ) : (
    <span className="cv-money" dir="ltr">
      {text}
    </span>
  );
}

import { money2 } from './money';

/** Money with its unit, two decimals, tabular, left-to-right inside RTL text. */
export function Money({ value }: { value: string | null | undefined }) {
  const text = money2(value);
  return (
    <span dir="ltr" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {text === '--' ? text : `${text} USDT`}
    </span>
  );
}

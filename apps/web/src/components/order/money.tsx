import { formatUsdt } from '../../lib/format-money';
import './order.css';

/** An amount with its unit; digits stay left-to-right inside right-to-left pages. */
export function Money({ value, isStrong = false }: { value: string | bigint; isStrong?: boolean }) {
  return (
    <span className={`cv-money${isStrong ? ' cv-money--strong' : ''}`} dir="ltr">
      {formatUsdt(value)}
    </span>
  );
}

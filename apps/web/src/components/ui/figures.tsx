import type { ReactNode } from 'react';

/**
 * Named figures under a stacked line (an order's goods, a wallet record): each name over its value, the last one
 * (the total) at the end in bold (`.cv-figures`).
 */
export function Figures({ items }: { items: { key: string; label: ReactNode; value: ReactNode }[] }) {
  return (
    <dl className="cv-figures">
      {items.map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

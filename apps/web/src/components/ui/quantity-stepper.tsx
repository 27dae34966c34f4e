import { useEffect, useState } from 'react';

type TQuantityStepperProps = {
  /** The box's accessible name: the id of a visible label, or a text of its own. */
  labelledBy?: string;
  label?: string;
  title?: string;
  min: number;
  max: number;
  value: number;
  isDisabled: boolean;
  onChange: (value: number) => void;
  /** A typed quantity outside min..max was brought to the nearest allowed one (called after onChange). */
  onClamp?: (applied: number) => void;
  testId?: string;
};

/**
 * The quantity box with minus and plus: typing is free, the value is brought within min..max and handed over
 * only when the box loses focus or Enter is pressed (or a button is clicked), so a quantity being typed is never
 * sent, nor replaced by an answer, one keystroke at a time. Used by the product page and the cart.
 */
export function QuantityStepper({
  labelledBy,
  label,
  title,
  min,
  max,
  value,
  isDisabled,
  onChange,
  onClamp,
  testId = 'quantity',
}: TQuantityStepperProps) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => {
    setDraft(String(value));
  }, [value]);
  const clamp = (next: number) => Math.min(Math.max(Math.round(next), min), max);
  const commit = () => {
    const parsed = Number(draft);
    const isNumber = draft.trim() !== '' && Number.isFinite(parsed);
    const next = isNumber ? clamp(parsed) : value;
    setDraft(String(next));
    onChange(next);
    if (isNumber && (parsed < min || parsed > max)) {
      onClamp?.(next);
    }
  };
  return (
    <span className="cv-stepper" data-testid={testId} title={title}>
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        disabled={isDisabled || value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        min={min}
        max={max}
        step={1}
        value={draft}
        disabled={isDisabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            commit();
          }
        }}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        disabled={isDisabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        +
      </button>
    </span>
  );
}

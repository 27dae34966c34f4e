import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseAmount } from '../../lib/normalise-amount';

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
  /**
   * A typed quantity outside min..max was brought to the nearest allowed one, or a text that is no whole number was
   * refused and the quantity kept (called after onChange with the quantity applied).
   */
  onClamp?: (applied: number) => void;
  testId?: string;
};

/**
 * The quantity box with minus and plus: typing is free, the value is brought within min..max and handed over
 * only when the box loses focus or Enter is pressed (or a button is clicked), so a quantity being typed is never
 * sent, nor replaced by an answer, one keystroke at a time. Used by the product page and the cart.
 * The box is text read in the page's language, as every number field is (`normaliseAmount`, whole numbers): a number
 * input read a German "2.500" as 2.5 and bought 3, and "12,5" as 125. It keeps a spin button's role and arrow keys.
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
  const { i18n } = useTranslation();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => {
    setDraft(String(value));
  }, [value]);
  const clamp = (next: number) => Math.min(Math.max(Math.round(next), min), max);
  const commit = () => {
    const typed = normaliseAmount(draft, i18n.language, { isWhole: true });
    const parsed = Number(typed);
    const isWhole = /^-?[\d.]+$/.test(typed) && Number.isInteger(parsed);
    const next = isWhole ? clamp(parsed) : value;
    setDraft(String(next));
    onChange(next);
    if (draft.trim() !== '' && (!isWhole || parsed < min || parsed > max)) {
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
        type="text"
        inputMode="numeric"
        autoComplete="off"
        role="spinbutton"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        value={draft}
        disabled={isDisabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            commit();
          } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            // A spin button's keys, as the number input had them.
            event.preventDefault();
            onChange(clamp(value + (event.key === 'ArrowUp' ? 1 : -1)));
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

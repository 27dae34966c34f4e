import { Input, type InputProps } from 'antd';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseAmount } from '../../lib/normalise-amount';

/** Longer than any amount the API takes (18 digits and the decimals): the field check names the rule, not a cut. */
const AMOUNT_MAX_LENGTH = 24;

/** What the field hands on: the normalised amount ("1000.5" for a French "1 000,5"), like an input's change event. */
export type TAmountChange = { target: { value: string }; nativeEvent: ChangeEvent<HTMLInputElement> };

type TAmountInputProps = Omit<InputProps, 'inputMode' | 'dir' | 'suffix' | 'value' | 'onChange'> & {
  /** The currency shown after the figure; none for a rate or a ratio. */
  unit?: string | null;
  value?: string;
  onChange?: (event: TAmountChange) => void;
};

/**
 * A money amount typed as text, so the decimals the reader typed reach the check unchanged (a number field rounds
 * 100.999 before anyone sees it): the phone's decimal keyboard, digits left to right in an Arabic page, no browser
 * suggestions, and the currency after the figure. Inside a Form.Item it takes the item's value like an Input.
 * The reader sees what they typed ("12,50", "１００"); the form and its checks get the normalised amount
 * (normaliseAmount in the page's language), so every amount field accepts the same local ways of writing.
 */
export function AmountInput({
  unit = 'USDT',
  maxLength = AMOUNT_MAX_LENGTH,
  value,
  onChange,
  ...props
}: TAmountInputProps) {
  const { i18n } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const current = value ?? '';
  // Show the reader's own text while it still stands for the form's value; a reset or a new value replaces it.
  const shown = typed !== null && normaliseAmount(typed, i18n.language) === current ? typed : current;
  return (
    <Input
      autoComplete="off"
      {...props}
      value={shown}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        onChange?.({ target: { value: normaliseAmount(text, i18n.language) }, nativeEvent: event });
      }}
      inputMode="decimal"
      dir="ltr"
      maxLength={maxLength}
      {...(unit ? { suffix: unit } : {})}
    />
  );
}

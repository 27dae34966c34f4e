import { Input, type InputProps } from 'antd';

/** Longer than any amount the API takes (18 digits and the decimals): the field check names the rule, not a cut. */
const AMOUNT_MAX_LENGTH = 24;

type TAmountInputProps = Omit<InputProps, 'inputMode' | 'dir' | 'suffix'> & {
  /** The currency shown after the figure; none for a rate or a ratio. */
  unit?: string | null;
};

/**
 * A money amount typed as text, so the decimals the reader typed reach the check unchanged (a number field rounds
 * 100.999 before anyone sees it): the phone's decimal keyboard, digits left to right in an Arabic page, no browser
 * suggestions, and the currency after the figure. Inside a Form.Item it takes the item's value like an Input.
 */
export function AmountInput({ unit = 'USDT', maxLength = AMOUNT_MAX_LENGTH, ...props }: TAmountInputProps) {
  return (
    <Input
      autoComplete="off"
      {...props}
      inputMode="decimal"
      dir="ltr"
      maxLength={maxLength}
      {...(unit ? { suffix: unit } : {})}
    />
  );
}

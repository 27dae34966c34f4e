import type { InputProps } from 'antd';
import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';

type TLimitedTextAreaProps = Omit<TextAreaProps, 'maxLength' | 'showCount' | 'count'> & {
  /** The most characters the server takes for this text. */
  limit: number;
};

/** Whether a free text is longer than its limit (what the server counts: the text's length, untrimmed ends aside). */
export function isOverLimit(text: string, limit: number): boolean {
  return text.trim().length > limit;
}

/**
 * A free text (a reason, a review, a remark) with its limit shown as a count. A text pasted past the limit is kept
 * whole, the count and the field turn red and the form's check refuses it: a browser's `maxlength` cut the paste at
 * the limit without a word, and the writer sent a reason whose end was lost. Inside a Form.Item the item's rules or
 * the contract's schema name the error; a page that holds the text itself keeps its submit from sending while
 * `isOverLimit`.
 */
export function LimitedTextArea({ limit, value, status, ...props }: TLimitedTextAreaProps) {
  const isOver = typeof value === 'string' && isOverLimit(value, limit);
  return (
    <Input.TextArea
      aria-invalid={isOver || undefined}
      {...props}
      value={value}
      status={isOver ? 'error' : status}
      count={{ show: true, max: limit }}
    />
  );
}

type TLimitedInputProps = Omit<InputProps, 'maxLength' | 'showCount' | 'count'> & {
  /** The most characters the server takes for this text. */
  limit: number;
};

/**
 * A one-line free text (a name, a reason, a tracking event) with its limit, as `LimitedTextArea` does it: a paste past
 * the limit is kept whole and refused beside the field (`maxLength` cut a product name mid-word and it was saved so).
 * Its count shows from nine tenths of the limit on, so a short field is not crowded with figures. Shown by a formatter,
 * not by switching `show`: that would wrap the input anew and take the writer's focus.
 */
export function LimitedInput({ limit, value, status, ...props }: TLimitedInputProps) {
  const isOver = typeof value === 'string' && isOverLimit(value, limit);
  return (
    <Input
      aria-invalid={isOver || undefined}
      {...props}
      value={value}
      status={isOver ? 'error' : status}
      count={{ max: limit, show: ({ count }) => (count > limit * 0.9 ? `${count} / ${limit}` : null) }}
    />
  );
}

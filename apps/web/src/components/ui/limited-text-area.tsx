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

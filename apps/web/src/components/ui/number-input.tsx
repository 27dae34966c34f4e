// biome-ignore lint/style/noRestrictedImports: the wrapper every number field is
import { type GetRef, InputNumber, type InputNumberProps } from 'antd';
import { type Ref, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseAmount } from '../../lib/normalise-amount';

export type TNumberInputRef = GetRef<typeof InputNumber>;
/** rc-input-number's ValueType: a field typed with numbers gives numbers, as InputNumber's own props do. */
type TNumberInputProps<T extends number | string> = InputNumberProps<T> & { ref?: Ref<TNumberInputRef> };

/**
 * Ant Design's number field, with its step buttons named in the page's language. The field underneath
 * (rc-input-number) names them "Increase Value" and "Decrease Value" in every language and takes no other text, so a
 * screen reader announced English buttons on an Arabic or Russian console page. Inside a Form.Item it takes the
 * item's value like InputNumber; a ref reaches the same field.
 *
 * Figures are read in the page's language (`normaliseAmount`, unless a `parser` is given): Ant Design's own parser
 * drops every character but digits and points, so a French "1,5" in a discount's percentage became 15. Text that
 * reads as no number is not dropped without a word either: the field keeps its last value, as Ant Design does, and
 * says under it that the text was not read (a seller's Arabic "1,5" in a stock turned into 1 silently, QA).
 */
export function NumberInput<T extends number | string = number | string>({
  ref,
  parser,
  onInput,
  onBlur,
  ...props
}: TNumberInputProps<T>) {
  const { t, i18n } = useTranslation('common');
  const readText = useCallback(
    (text: string | undefined) => (parser ? parser(text) : (normaliseAmount(text ?? '', i18n.language) as T)),
    [parser, i18n.language],
  );
  const [typed, setTyped] = useState('');
  const [unreadText, setUnreadText] = useState<string | null>(null);
  const isReadable = (text: string) => text.trim() === '' || Number.isFinite(Number(readText(text)));
  // A value set from outside (a form's reset, a saved record) starts the field afresh.
  const [shownValue, setShownValue] = useState(props.value);
  if (!Object.is(props.value, shownValue)) {
    setShownValue(props.value);
    setTyped('');
    setUnreadText(null);
  }
  const field = useRef<TNumberInputRef | null>(null);
  const setField = useCallback(
    (instance: TNumberInputRef | null) => {
      field.current = instance;
      if (typeof ref === 'function') {
        ref(instance);
      } else if (ref) {
        ref.current = instance;
      }
    },
    [ref],
  );
  const increase = t('numberInput.increase');
  const decrease = t('numberInput.decrease');
  // After every render: the buttons come and go with `controls`, `disabled` and `readOnly`, and React leaves an
  // attribute it did not change alone, so a label set here stays until the button is drawn anew.
  useEffect(() => {
    const root = field.current?.nativeElement;
    for (const [direction, label] of [
      ['up', increase],
      ['down', decrease],
    ] as const) {
      const button = root?.querySelector(`[role="button"][class*="-action-${direction}"]`);
      if (button && button.getAttribute('aria-label') !== label) {
        button.setAttribute('aria-label', label);
      }
    }
  });
  return (
    <>
      <InputNumber<T>
        {...props}
        ref={setField}
        parser={readText}
        status={unreadText === null ? props.status : 'error'}
        onInput={(text) => {
          setTyped(text);
          if (isReadable(text)) {
            setUnreadText(null);
          }
          onInput?.(text);
        }}
        onBlur={(event) => {
          setUnreadText(isReadable(typed) ? null : typed.trim());
          onBlur?.(event);
        }}
      />
      {unreadText !== null && (
        <div className="cv-field-error" role="alert">
          {t('numberInput.notRead', { text: `\u2068${unreadText}\u2069` })}
        </div>
      )}
    </>
  );
}

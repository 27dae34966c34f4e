// biome-ignore lint/style/noRestrictedImports: the wrapper every number field is
import { type GetRef, InputNumber, type InputNumberProps } from 'antd';
import { type Ref, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type TNumberInputRef = GetRef<typeof InputNumber>;
/** rc-input-number's ValueType: a field typed with numbers gives numbers, as InputNumber's own props do. */
type TNumberInputProps<T extends number | string> = InputNumberProps<T> & { ref?: Ref<TNumberInputRef> };

/**
 * Ant Design's number field, with its step buttons named in the page's language. The field underneath
 * (rc-input-number) names them "Increase Value" and "Decrease Value" in every language and takes no other text, so a
 * screen reader announced English buttons on an Arabic or Russian console page. Inside a Form.Item it takes the
 * item's value like InputNumber; a ref reaches the same field.
 */
export function NumberInput<T extends number | string = number | string>({
  ref,
  ...props
}: TNumberInputProps<T>) {
  const { t } = useTranslation('common');
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
  return <InputNumber<T> ref={setField} {...props} />;
}

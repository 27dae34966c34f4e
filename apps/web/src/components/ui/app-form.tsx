import { Form, type FormProps } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { KeyboardEvent, ReactNode } from 'react';
import { revealFirstError } from '../../lib/reveal-error';
import { useOneAtATime } from '../../lib/use-one-at-a-time';

/**
 * Name paths of every leaf in antd's `changedValues` (`{ address: { city: 'x' } }` -> `['address', 'city']`).
 * Arrays count as one value: list fields re-validate as a whole.
 */
export function changedNamePaths(changed: unknown, prefix: (string | number)[] = []): NamePath[] {
  if (changed === null || typeof changed !== 'object' || Array.isArray(changed) || prefix.length > 8) {
    return prefix.length > 0 ? [prefix] : [];
  }
  return Object.entries(changed).flatMap(([key, value]) => changedNamePaths(value, [...prefix, key]));
}

/**
 * antd's Form for forms that validate on submit with the contract schema (`parseFormValues`) or show server
 * field errors (`showSubmitError`). Those errors are set by hand, so antd would keep them under a field
 * the user has since corrected until the next submit; editing a field clears its own error here. `onFinish` runs
 * one at a time: antd drops only a submit whose validation a newer one overtook, so a second press while the first
 * request ran (a button not shown busy, or pressed as it turned busy) sent it again. An `onFinish` that answers a
 * promise holds the form until it settles. A submit its rules refuse scrolls to and focuses the first invalid field,
 * clear of the sticky header (lib/reveal-error.ts; antd's `scrollToFirstError` counts a field under it as shown), as
 * do the errors `parseFormValues` and `showSubmitError` put beside fields. The browser's own checks are off.
 */
type TAppFormProps<Values> = Omit<FormProps<Values>, 'children'> & {
  children?: ReactNode;
  /**
   * Enter in a one-line field sends the form, as in a page's own form: a dialog's OK button is outside its form, so
   * with two fields or more the browser sent nothing and Enter did nothing (QA: the stock adjustment).
   */
  isSentOnEnter?: boolean;
};

/** Whether Enter in this element should send its form: a one-line field, not a pick-list taking Enter itself. */
function isEnterSending(event: KeyboardEvent<HTMLFormElement>): boolean {
  const target = event.target;
  return (
    event.key === 'Enter' &&
    !event.nativeEvent.isComposing &&
    target instanceof HTMLInputElement &&
    target.getAttribute('role') !== 'combobox' &&
    !['checkbox', 'radio', 'button', 'submit', 'file'].includes(target.type)
  );
}

export function AppForm<Values = unknown>({
  form,
  onValuesChange,
  onFinish,
  onFinishFailed,
  isSentOnEnter = false,
  ...props
}: TAppFormProps<Values>) {
  const [instance] = Form.useForm<Values>(form);
  const finishOnce = useOneAtATime(async (values: Values) => onFinish?.(values));
  const clearEditedErrors: FormProps<Values>['onValuesChange'] = (changed, all) => {
    const names = changedNamePaths(changed).filter((name) => instance.getFieldError(name).length > 0);
    if (names.length > 0) {
      instance.setFields(names.map((name) => ({ name, errors: [] })));
    }
    onValuesChange?.(changed, all);
  };
  return (
    <Form<Values>
      // The form checks every field itself and says why beside it, in the page's language; a browser's own check
      // (a bubble in the browser's language) would stop the submit before it.
      noValidate
      {...props}
      form={instance}
      onValuesChange={clearEditedErrors}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (isSentOnEnter && !event.defaultPrevented && isEnterSending(event)) {
          event.preventDefault();
          instance.submit();
        }
      }}
      onFinish={onFinish && finishOnce}
      onFinishFailed={(errorInfo) => {
        onFinishFailed?.(errorInfo);
        revealFirstError(instance);
      }}
    />
  );
}

/**
 * A long editor's `onKeyDown`: Enter in a one-line field does not send the whole form, as browsers do by default; its
 * Save button does. A seller pressing Enter after a variant's code published an unfinished product. Pick-lists that
 * take Enter themselves (a tag list's "Enter after each") still do: they act on it before it reaches the form.
 */
export function keepEnterFromSubmitting(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
    event.preventDefault();
  }
}

import { Form, type FormProps } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';

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
 * the user has since corrected until the next submit; editing a field clears its own error here.
 */
type TAppFormProps<Values> = Omit<FormProps<Values>, 'children'> & { children?: ReactNode };

export function AppForm<Values = unknown>({ form, onValuesChange, ...props }: TAppFormProps<Values>) {
  const [instance] = Form.useForm<Values>(form);
  const clearEditedErrors: FormProps<Values>['onValuesChange'] = (changed, all) => {
    const names = changedNamePaths(changed).filter((name) => instance.getFieldError(name).length > 0);
    if (names.length > 0) {
      instance.setFields(names.map((name) => ({ name, errors: [] })));
    }
    onValuesChange?.(changed, all);
  };
  return <Form<Values> {...props} form={instance} onValuesChange={clearEditedErrors} />;
}

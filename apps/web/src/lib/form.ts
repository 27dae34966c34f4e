import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from './api';
import { toast } from './toast';

/** Zod messages are keys of the `validation` dictionary; anything else is shown as it is. */
export function translateValidation(t: TFunction, message: string): string {
  return t(`validation:${message}`, { defaultValue: message });
}

/** An antd rule running one field's zod schema from @caravan/contracts (the same rule the server applies). */
export function zodRule(schema: z.ZodType, t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) {
        throw new Error(translateValidation(t, result.error.issues[0]?.message ?? 'required'));
      }
    },
  };
}

/**
 * Validates the whole request with its contract schema (cross-field rules such as matching passwords) and
 * puts each issue beside its field. Returns the parsed request, or null when something is wrong.
 */
export function parseFormValues<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  values: unknown,
  t: TFunction,
): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) {
    return result.data;
  }
  const byField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !byField.has(field)) {
      byField.set(field, translateValidation(t, issue.message));
    }
  }
  form.setFields([...byField].map(([name, message]) => ({ name, errors: [message] })));
  return null;
}

/**
 * Shows a failed submit: server field errors beside their fields (when the form has them), the server's
 * localised message in a toast otherwise. Returns the message for forms that also show it inline.
 */
export function showSubmitError(form: FormInstance, error: unknown, t: TFunction): string {
  if (!isApiError(error)) {
    const text = t('common:errors.generic');
    toast.error(text);
    return text;
  }
  const known = new Set(Object.keys(form.getFieldsValue() ?? {}));
  const fields = error.fieldErrors
    .map((item) => ({ name: item.field.split('.').pop() ?? item.field, errors: [item.message] }))
    .filter((item) => known.has(item.name));
  if (fields.length > 0) {
    form.setFields(fields);
  } else {
    toast.error(error.message);
  }
  return error.message;
}

import { splitMessage } from '@caravan/contracts';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { NamePath } from 'antd/es/form/interface';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { type ApiError, isApiError } from './api';
import { revealFirstError } from './reveal-error';
import { toast } from './toast';

/** Zod messages are keys of the `validation` dictionary; anything else is shown as it is. */
export function translateValidation(t: TFunction, message: string): string {
  const { key, values } = splitMessage(message);
  return t(`validation:${key}`, { ...values, defaultValue: message });
}

/** An antd rule running one field's zod schema from @caravan/contracts (the same rule the server applies). */
export function zodRule(schema: z.ZodType, t: TFunction, options: { isEmptyAllowed?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      // An optional field left empty passes; a required one says so through its `required` rule.
      if (options.isEmptyAllowed && (value === null || value === undefined || value === '')) {
        return;
      }
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
  const fields = form.getFieldsError();
  const registered = new Map<string, NamePath>(fields.map((field) => [field.name.join('.'), field.name]));
  const byField = new Map<string, { name: NamePath; message: string }>();
  for (const issue of result.success ? [] : result.error.issues) {
    // A nested field of the form (`names.en`) by its whole path, any other by the request field it belongs to.
    const full = issue.path.map(String).join('.');
    const key = registered.has(full) ? full : String(issue.path[0] ?? '');
    if (key && !byField.has(key)) {
      byField.set(key, { name: registered.get(key) ?? key, message: translateValidation(t, issue.message) });
    }
  }
  // A field put right loses the message an earlier attempt left beside it (fields without rules keep it otherwise,
  // and a confirmation opened under a stale "not valid").
  const stale = fields
    .filter((field) => field.errors.length > 0 && !byField.has(field.name.join('.')))
    .map((field) => ({ name: field.name, errors: [] }));
  form.setFields([
    ...stale,
    ...[...byField.values()].map(({ name, message }) => ({ name, errors: [message] })),
  ]);
  if (byField.size > 0) {
    revealFirstError(form);
  }
  return result.success ? result.data : null;
}

const TX_PASSWORD_FIELDS = ['oldTxPassword', 'txPassword'];
/**
 * Errors about one typed value, which go beside it when the form has that field (the first of these it has): a
 * wrong code or password is corrected there ("Wrong verification code: 4 attempts left" was a toast above the page).
 */
const FIELDS_OF_ERROR: Record<string, readonly string[]> = {
  VERIFY_CODE_EMPTY: ['code'],
  VERIFY_CODE_WRONG: ['code'],
  VERIFY_CODE_EXPIRED: ['code'],
  VERIFY_CODE_LOCKED: ['code'],
  TX_PASSWORD_NOT_SET: TX_PASSWORD_FIELDS,
  TX_PASSWORD_WRONG: TX_PASSWORD_FIELDS,
  TX_PASSWORD_LOCKED_MINUTES: TX_PASSWORD_FIELDS,
  TX_PASSWORD_LOCKED_TODAY: TX_PASSWORD_FIELDS,
  WRONG_OLD_PASSWORD: ['oldPassword'],
  // The log-in password that confirms a step (closing the account): the log-in form's own field is `password`.
  WRONG_PASSWORD: ['loginPassword'],
  LOGIN_LOCKED_MINUTES: ['loginPassword'],
  LOGIN_LOCKED_TODAY: ['loginPassword'],
  // A name someone else has: the log-in name of the register form (`account`) or the field that names it.
  USERNAME_TAKEN: ['account', 'username'],
  EMAIL_TAKEN: ['account', 'email'],
  PHONE_TAKEN: ['account', 'phone'],
  INVITATION_CODE_INVALID: ['invitationCode'],
  // The account a code is asked for (forgot password): told beside it, not in a passing toast.
  USER_NOT_FOUND: ['account'],
  ACCOUNT_CANCELLED: ['account'],
  USER_DISABLED: ['account'],
  EMAIL_NOT_BOUND: ['account'],
  ROLE_NAME_TAKEN: ['name'],
  VERIFICATION_ID_TAKEN: ['idNumber'],
};

/** A form field by the whole path the server gave (`names.en`, `images`), else by its last part. */
function fieldNamed(registered: Map<string, NamePath>, field: string): NamePath | undefined {
  return registered.get(field) ?? registered.get(field.split('.').pop() ?? '');
}

/**
 * Puts a refused request's field errors beside the form's fields: a field named by the whole path the server gave
 * (`names.en`, `images`), else by its last part (a form field for a nested request field). An error about one
 * field without field errors (`details.field`, or a typed code or password) goes beside that field with its
 * message. Whether every error found its field; false when there were none.
 */
export function placeFieldErrors(form: FormInstance, error: ApiError): boolean {
  const registered = new Map<string, NamePath>(
    form.getFieldsError().map((field) => [field.name.join('.'), field.name]),
  );
  if (error.fieldErrors.length === 0) {
    const named = typeof error.details.field === 'string' ? [error.details.field] : [];
    const single = [...named, ...(FIELDS_OF_ERROR[error.code] ?? [])]
      .map((field) => fieldNamed(registered, field))
      .find((name) => name !== undefined);
    if (single === undefined) {
      return false;
    }
    form.setFields([{ name: single, errors: [error.message] }]);
    revealFirstError(form);
    return true;
  }
  const placed: { name: NamePath; errors: string[] }[] = [];
  for (const item of error.fieldErrors) {
    const name = fieldNamed(registered, item.field);
    if (name) {
      placed.push({ name, errors: [item.message] });
    }
  }
  form.setFields(placed);
  if (placed.length > 0) {
    revealFirstError(form);
  }
  return placed.length === error.fieldErrors.length;
}

/**
 * Shows a failed submit: server field errors beside their fields, the server's localised message in a toast when
 * one of them has no field here (or there were none). Returns the message for forms that also show it inline.
 */
export function showSubmitError(form: FormInstance, error: unknown, t: TFunction): string {
  if (!isApiError(error)) {
    const text = t('common:errors.generic');
    toast.error(text);
    return text;
  }
  if (!placeFieldErrors(form, error)) {
    toast.error(error.message);
  }
  return error.message;
}

import { bindToastInstance } from '../lib/toast';

/** Collects every toast shown from now on as "kind: text" (the app's toast instance is otherwise a rendered holder). */
export function captureToasts(): string[] {
  const shown: string[] = [];
  bindToastInstance({
    error: (text) => shown.push(`error: ${text}`),
    success: (text) => shown.push(`success: ${text}`),
    warning: (text) => shown.push(`warning: ${text}`),
    info: (text) => shown.push(`info: ${text}`),
  });
  return shown;
}

/** Collects the texts of error toasts shown from now on. */
export function captureErrorToasts(): string[] {
  const errors: string[] = [];
  bindToastInstance({
    error: (text) => errors.push(text),
    success: () => undefined,
    warning: () => undefined,
    info: () => undefined,
  });
  return errors;
}

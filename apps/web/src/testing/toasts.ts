import { bindToastInstance } from '../lib/toast';

/** Collects the texts of error toasts shown from now on (the app's toast instance is otherwise a rendered holder). */
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

import { useState } from 'react';

export type TClosingDialog<T> = {
  /** What the dialog is open for (an order, a loan): kept while it closes, null once it has. */
  value: T | null;
  isOpen: boolean;
  open: (value: T) => void;
  close: () => void;
  /** The dialog's afterClose: it is unmounted once its closing animation has ended. */
  afterClose: () => void;
};

/**
 * A dialog mounted only while it is needed, which stays mounted until it has closed. Unmounted at once (rendered
 * `{isOpen && <Modal open …>}`), it skipped its closing animation and took the keyboard focus with it to the page's
 * body; closed first, Ant Design hands the focus back to the button that opened it.
 */
export function useClosingDialog<T = true>(): TClosingDialog<T> {
  const [state, setState] = useState<{ value: T; isOpen: boolean } | null>(null);
  return {
    value: state?.value ?? null,
    isOpen: state?.isOpen ?? false,
    open: (value) => setState({ value, isOpen: true }),
    close: () => setState((current) => current && { ...current, isOpen: false }),
    afterClose: () => setState((current) => (current?.isOpen ? current : null)),
  };
}

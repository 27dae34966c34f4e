import { useRef, useState } from 'react';

/** What a dialog component takes from useClosingDialog (`{...dialog.props}`). */
export type TClosingDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The Modal's afterClose. */
  afterClose: () => void;
};

export type TClosingDialog<T> = {
  /** What the dialog is open for (an order, a loan): kept while it closes, null once it has. */
  value: T | null;
  isOpen: boolean;
  open: (value: T) => void;
  close: () => void;
  /** The dialog's afterClose: it is unmounted once its closing animation has ended. */
  afterClose: () => void;
  props: TClosingDialogProps;
};

/**
 * A dialog mounted only while it is needed, which stays mounted until it has closed. Unmounted at once (rendered
 * `{isOpen && <Modal open …>}`), it skipped its closing animation and took the keyboard focus with it to the page's
 * body; closed first, Ant Design hands the focus back to the button that opened it. Ant Design remembers only what
 * had the focus when its dialog opened: a dialog whose field takes the focus as it mounts (the pay dialog's password)
 * left it nothing outside to go back to, so the opener is remembered here too and given the focus back once the
 * dialog has closed, unless the focus has gone somewhere on purpose.
 */
export function useClosingDialog<T = true>(): TClosingDialog<T> {
  const [state, setState] = useState<{ value: T; isOpen: boolean } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isOpenNow = useRef(false);
  const isOpen = state?.isOpen ?? false;
  const close = () => {
    isOpenNow.current = false;
    setState((current) => current && { ...current, isOpen: false });
  };
  const afterClose = () => {
    setState((current) => (current?.isOpen ? current : null));
    const focused = document.activeElement;
    if (
      !isOpenNow.current &&
      opener.current?.isConnected &&
      (focused === null || focused === document.body)
    ) {
      opener.current.focus({ preventScroll: true });
    }
  };
  return {
    value: state?.value ?? null,
    isOpen,
    open: (value) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      isOpenNow.current = true;
      setState({ value, isOpen: true });
    },
    close,
    afterClose,
    props: { isOpen, onClose: close, afterClose },
  };
}

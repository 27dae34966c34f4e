import { useEffect, useId, useMemo, useRef } from 'react';

/** The data attribute that marks what a dialog focuses as it opens. */
const FOCUS_ATTRIBUTE = 'data-dialog-focus';
const FIELDS =
  'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]';
/** How long to look for a target that is not there yet (mounted with the dialog, or enabled a moment later). */
const RETRY_MS = 30;
const RETRIES = 10;

export type TDialogFocus = {
  /** Spread on the dialog's first field (or a wrapper of it), or in `okButtonProps` for a pure confirmation. */
  target: { [FOCUS_ATTRIBUTE]: string };
  /** Spread on the Modal: once it has opened, the target gets the focus if the dialog still holds it elsewhere. */
  modalProps: { afterOpenChange: (isOpen: boolean) => void };
  /** Focuses the target now, if the focus is still where the dialog put it (a target enabled late). */
  focusIfOnClose: () => void;
};

/**
 * Where a dialog's keyboard focus starts. Ant Design's dialog puts it on its first tab stop, the close (×) button:
 * a buyer who started typing typed into nothing, and Enter closed the dialog. As the dialog opens, this focuses the
 * element marked with `target` instead: the first field, or the primary action of a confirmation.
 */
export function useDialogFocus(isOpen: boolean): TDialogFocus {
  const id = useId();
  useEffect(() => {
    if (!isOpen) {
      return;
    }
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (!focusDialogTarget(id) && tries < RETRIES) {
        tries += 1;
        timer = setTimeout(attempt, RETRY_MS);
      }
    };
    // After the dialog's own effect has put the focus on its close button.
    timer = setTimeout(attempt);
    return () => clearTimeout(timer);
  }, [isOpen, id]);
  const focusIfNotMoved = useRef(() => {
    if (isFocusWhereDialogPutIt()) {
      focusDialogTarget(id);
    }
  });
  // The same object on every render, so an effect may depend on it.
  return useMemo(
    () => ({
      target: { [FOCUS_ATTRIBUTE]: id },
      modalProps: {
        afterOpenChange: (hasOpened: boolean) => {
          if (hasOpened) {
            focusIfNotMoved.current();
          }
        },
      },
      focusIfOnClose: () => focusIfNotMoved.current(),
    }),
    [id],
  );
}

/** The focus is on the page, the dialog's close button or the dialog itself: not moved by the reader yet. */
function isFocusWhereDialogPutIt(): boolean {
  const active = document.activeElement;
  return (
    active === null ||
    active === document.body ||
    active.closest('.ant-modal-close') !== null ||
    active.matches('.ant-modal, .ant-modal-wrap, .ant-modal-section, [role="dialog"]')
  );
}

/** Focuses the marked element (or the chosen option or first field inside it); whether it could. */
function focusDialogTarget(id: string): boolean {
  const marked = [...document.querySelectorAll<HTMLElement>(`[${FOCUS_ATTRIBUTE}]`)].find(
    (element) => element.getAttribute(FOCUS_ATTRIBUTE) === id,
  );
  // antd puts some props on a wrapper (a radio group, a form): focus the chosen option or the first field inside.
  const field = marked?.matches(FIELDS)
    ? marked
    : (marked?.querySelector<HTMLElement>('input:checked:not([disabled])') ??
      marked?.querySelector<HTMLElement>(FIELDS));
  if (!field) {
    return false;
  }
  field.focus({ preventScroll: true });
  return document.activeElement === field;
}

import { HEADER_SHRINK_PX } from '@caravan/contracts/constants';
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';

/** Room left between the sticky header and a revealed field, and under it for the message that appears below. */
const REVEAL_GAP_PX = 16;
const MESSAGE_ROOM_PX = 32;

/** Chrome stuck to the top of the window that covers the page scrolled under it (the storefront's header). */
const STICKY_TOP_SELECTOR = '.cv-header';

/** Overlays that scroll by themselves above the header: a field in them needs no room for it. */
const OVERLAY_SELECTOR = '.ant-modal-wrap, .ant-drawer, .ant-popover';

const FOCUSABLE_SELECTOR =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** How far down the window the sticky header reaches, measured now: its height changes as the page scrolls. */
function stickyTopInset(): number {
  const header = document.querySelector(STICKY_TOP_SELECTOR);
  if (!header) {
    return 0;
  }
  const position = getComputedStyle(header).position;
  return position === 'sticky' || position === 'fixed'
    ? Math.max(0, header.getBoundingClientRect().bottom)
    : 0;
}

/**
 * Scrolls a form field's whole item (label, field and message) into view, clear of the sticky header: the browser's
 * own "nearest" scroll (and antd's scrollToFirstError) counts a field under the header as shown. A field in a
 * modal or drawer scrolls inside it. Nothing moves when the item is already in view.
 */
export function scrollFieldIntoView(field: Element): void {
  const item = (field.closest('.ant-form-item') ?? field) as HTMLElement;
  if (typeof item.scrollIntoView !== 'function') {
    return;
  }
  const isInOverlay = item.closest(OVERLAY_SELECTOR) !== null;
  const topInset = isInOverlay ? 0 : stickyTopInset();
  const scrolledFrom = window.scrollY;
  const { scrollMarginTop, scrollMarginBottom } = item.style;
  item.style.scrollMarginTop = `${topInset + REVEAL_GAP_PX}px`;
  item.style.scrollMarginBottom = `${MESSAGE_ROOM_PX}px`;
  try {
    item.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  } finally {
    item.style.scrollMarginTop = scrollMarginTop;
    item.style.scrollMarginBottom = scrollMarginBottom;
  }
  // Scrolling up from below the header's shrinking distance to within it grows the header back over the field (it was
  // measured compact): the top of the page shows the field below the full header instead. (The field lies within
  // some 200 px of the top then.)
  const scrolledTo = window.scrollY;
  if (topInset > 0 && scrolledFrom > HEADER_SHRINK_PX && scrolledTo > 0 && scrolledTo <= HEADER_SHRINK_PX) {
    window.scrollTo({ top: 0 });
  }
}

/** The element of a form field: what antd keeps of its control, else the element with the field's id. */
function fieldElement(form: FormInstance, name: NamePath): Element | null {
  const path = (Array.isArray(name) ? name : [name]).map(String);
  const instance: unknown = form.getFieldInstance?.(path);
  // The element a ref names first: a number field's ref is a Proxy of its <input> that passes `instanceof Element`,
  // but the browser's own DOM methods take no Proxy (comparing two refused number fields threw).
  if (instance !== null && typeof instance === 'object') {
    const { nativeElement, input } = instance as { nativeElement?: unknown; input?: unknown };
    if (nativeElement instanceof Element) {
      return nativeElement;
    }
    if (input instanceof Element) {
      return input;
    }
  }
  if (instance instanceof Element) {
    return instance;
  }
  // antd's ids: "<form name>_<path>" in a named form, "<path>" otherwise.
  const formName = (form as { __INTERNAL__?: { name?: string } }).__INTERNAL__?.name;
  const id = formName ? `${formName}_${path.join('_')}` : path.join('_');
  return document.getElementById(id);
}

/** Focuses a field without scrolling again (it was just scrolled clear of the header). */
function focusField(form: FormInstance, name: NamePath, element: Element): void {
  const item = element.closest('.ant-form-item') ?? element;
  const instance: unknown = form.getFieldInstance?.(Array.isArray(name) ? name : [name]);
  const focus = (instance as { focus?: unknown } | null)?.focus;
  if (typeof focus === 'function') {
    focus.call(instance, { preventScroll: true });
  }
  if (document.activeElement && item.contains(document.activeElement)) {
    return;
  }
  const target = element.matches(FOCUSABLE_SELECTOR) ? element : item.querySelector(FOCUSABLE_SELECTOR);
  (target as HTMLElement | null)?.focus({ preventScroll: true });
}

/** Scrolls to and focuses the form's first field (in page order) that shows an error. Whether there was one. */
export function revealFirstErrorNow(form: FormInstance): boolean {
  const invalid = form
    .getFieldsError()
    .filter((field) => field.errors.length > 0)
    .map((field) => ({ name: field.name, element: fieldElement(form, field.name) }))
    .filter((field): field is { name: NamePath; element: Element } => field.element?.isConnected === true);
  invalid.sort((a, b) =>
    a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  const first = invalid[0];
  if (!first) {
    return false;
  }
  scrollFieldIntoView(first.element);
  focusField(form, first.name, first.element);
  return true;
}

const pending = new WeakSet<FormInstance>();

/**
 * After a refused submit: scrolls to and focuses the first invalid field (DESIGN: the message beside the field helps
 * only when it is on screen; on a phone the Register button "did nothing" with every message above the window).
 * Waits for the current task's other checks (a form's schema, then its mobile number check), so the first of all
 * their errors is the one shown; several calls in one task reveal once.
 */
export function revealFirstError(form: FormInstance): void {
  if (pending.has(form)) {
    return;
  }
  pending.add(form);
  queueMicrotask(() => {
    pending.delete(form);
    revealFirstErrorNow(form);
  });
}

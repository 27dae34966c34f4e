/**
 * The names of the pictures in the document that assistive technology reads (not hidden from it): Ant Design names
 * each icon after its picture ("left", "down"), in English whatever the language.
 */
export function namedPictures(): string[] {
  return [...document.querySelectorAll('[role="img"][aria-label]')]
    .filter((element) => !element.closest('[aria-hidden="true"]'))
    .map((element) => element.getAttribute('aria-label') ?? '');
}

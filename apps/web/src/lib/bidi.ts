/**
 * A text someone wrote (a reviewer's reason, a name), isolated (FSI … PDI) for a sentence of the page's language:
 * it keeps its own direction, so an English reason in an Arabic sentence does not show its full stop at its start.
 */
export function isolateText(text: string): string {
  return `\u2068${text}\u2069`;
}

/**
 * A left-to-right value (a time window "09:00-18:00", a code) inside a sentence of the page's language (LRI … PDI):
 * in an Arabic sentence "00:00-24:00" otherwise read "24:00-00:00".
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * A date, or a date and time, inside a sentence: isolated left to right as `isolateLtr` does, and kept on one line
 * (hyphens non-breaking, U+2011; spaces no-break): "(2027-01-05)" broke after "2027-01-" in the customer-service
 * panel, and in Arabic the two pieces then read out of order. Not for values a reader copies (codes, tracking numbers).
 */
export function isolateDate(text: string): string {
  return isolateLtr(text.replaceAll('-', '\u2011').replaceAll(' ', '\u00a0'));
}

/** Letters of the scripts written right to left. */
const RTL_LETTER =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/**
 * The direction of a text someone typed, from its first letter (what dir="auto" finds); undefined without a letter
 * (digits only). For an element holding several isolated parts, which dir="auto" does not look into: an address
 * of a Latin street and city runs left to right in an Arabic page, its commas after each part.
 */
export function findTextDirection(text: string): 'ltr' | 'rtl' | undefined {
  const letter = /\p{L}/u.exec(text)?.[0];
  if (letter === undefined) {
    return undefined;
  }
  return RTL_LETTER.test(letter) ? 'rtl' : 'ltr';
}

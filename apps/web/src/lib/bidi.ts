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

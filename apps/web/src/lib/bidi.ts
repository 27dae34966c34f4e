/**
 * A text someone wrote (a reviewer's reason, a name), isolated (FSI … PDI) for a sentence of the page's language:
 * it keeps its own direction, so an English reason in an Arabic sentence does not show its full stop at its start.
 */
export function isolateText(text: string): string {
  return `\u2068${text}\u2069`;
}

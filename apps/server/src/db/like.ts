/** `text` with the LIKE wildcards (`%`, `_`) and the escape character (`\`) taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A LIKE / ILIKE pattern matching any value that contains `text` literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

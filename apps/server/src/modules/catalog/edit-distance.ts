/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbouring
 * characters each cost 1, so the commonest typo, two letters swapped ("chiar"), is one edit from "chair"
 * (plain Levenshtein, and trigram similarity, see it as far).
 */
export function typoDistance(typed: string, word: string): number {
  const a = Array.from(typed);
  const b = Array.from(word);
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  const at = (i: number, j: number) => d[i * cols + j]!;
  for (let i = 0; i < rows; i++) {
    d[i * cols] = i;
  }
  for (let j = 0; j < cols; j++) {
    d[j] = j;
  }
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Edits a typed word may be away from a correction: one for short words, two from five letters. */
export function allowedTypos(typed: string): number {
  return Array.from(typed).length >= 5 ? 2 : 1;
}

import { stringify } from 'csv-stringify/sync';

/** A plain decimal number, which a spreadsheet reads as the number it is: "-5.27" is a refund, not a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** What spreadsheet programs take as the start of a formula (OWASP "CSV injection"), tab and return included. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet shows as text: one that would start a formula (`=HYPERLINK(...)`, `@SUM(...)`, `-2+3`) gets a
 * leading apostrophe, which the program hides. Plain numbers stay as they are, so figures stay figures.
 */
export function spreadsheetSafeCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** A cell read back from a file we wrote: the apostrophe spreadsheetSafeCell put before a formula start comes off. */
export function fromSpreadsheetCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * Rows as a CSV file for people and programs: every cell guarded by spreadsheetSafeCell, and a byte order mark so
 * spreadsheet programs read the UTF-8 (Arabic or Japanese headers came out garbled without it).
 */
export function toSpreadsheetCsv(rows: string[][]): string {
  return `\uFEFF${stringify(rows.map((row) => row.map(spreadsheetSafeCell)))}`;
}

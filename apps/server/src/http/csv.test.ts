import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { spreadsheetSafeCell, toSpreadsheetCsv } from './csv';

describe('CSV for spreadsheets', () => {
  it('shows a cell that would start a formula as text, and leaves figures and plain text alone', () => {
    for (const cell of [
      '=HYPERLINK("http://evil.example","click")',
      '+1+2',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\r=1',
    ]) {
      expect(spreadsheetSafeCell(cell), cell).toBe(`'${cell}`);
    }
    for (const cell of ['-5.27', '1234.56', '-12', 'Order number', '2026-12-04T17:39:24.818Z', '', 'a=b']) {
      expect(spreadsheetSafeCell(cell), cell).toBe(cell);
    }
  });

  it('writes every cell guarded, after a byte order mark, readable back as written', () => {
    const text = toSpreadsheetCsv([
      ['Name', 'Net (USDT)'],
      ['=cmd|"/c calc"!A1', '-9.50'],
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parse(text.slice(1))).toEqual([
      ['Name', 'Net (USDT)'],
      [`'=cmd|"/c calc"!A1`, '-9.50'],
    ]);
  });
});

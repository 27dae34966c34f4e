import { type TListSort, V } from '@caravan/contracts';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { AppError } from '../http/app-error';

/** What a list's sort key orders by: one of its columns, or an expression over them (`lower(username)`). */
export type TSortTarget = AnyColumn | SQL;

/**
 * The ORDER BY of a console list sorted by a column (`sort=<key>&order=asc|desc`, zSortQuery in the contracts).
 *
 * `columns` maps each key of the list's allowlist to what it orders by; the request only chooses among them, so no
 * text of it reaches the SQL. The row's unique `tiebreak` (its id) follows in the same direction: rows with equal
 * values keep one place, so offset pages neither repeat nor skip a row, and one index on (column, id) serves both
 * directions (read backwards for `desc`; plain `asc`/`desc` match a plain index, see "The seller's product list" in
 * docs/decisions.md on NULLS order). Without a key the list keeps `defaultOrder`, exactly as before sorting existed.
 */
export function listOrderBy<TKey extends string>(
  sort: TListSort<TKey>,
  columns: Readonly<Record<TKey, TSortTarget>>,
  tiebreak: AnyColumn,
  defaultOrder: readonly SQL[],
): SQL[] {
  const key = sort.sort;
  if (key === undefined) {
    return [...defaultOrder];
  }
  // The route's schema already refused other keys; this guards a caller that skipped it (and `__proto__`).
  if (!Object.hasOwn(columns, key)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'sort', message: V.invalidChoice }] });
  }
  const direction = sort.order === 'desc' ? desc : asc;
  return [direction(columns[key]), direction(tiebreak)];
}

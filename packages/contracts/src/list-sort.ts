import { zChoice } from './validation';

/** The two directions of a list's column sort. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type TSortOrder = (typeof SORT_ORDERS)[number];

/** A list's column sort as its query gives it: neither field is the list's own default order. */
export type TListSort<TKey extends string> = {
  sort?: TKey | undefined;
  order?: TSortOrder | undefined;
};

/**
 * The query fields of a list the server sorts by a column, `sort=<key>&order=asc|desc`, to spread into the list's
 * query schema. `sort` is one of the list's own `keys` (names of what the list shows, never column names: the server
 * maps each to a column of its own); `order` is ascending unless it says `desc`. Without `sort` the list keeps its
 * default order, and an `order` alone changes nothing. A key or direction outside these is refused as "not one of the
 * allowed values" (VALIDATION_FAILED, 400), like every other query choice.
 */
export function zSortQuery<const TKeys extends readonly [string, ...string[]]>(keys: TKeys) {
  return {
    sort: zChoice(keys).optional(),
    order: zChoice(SORT_ORDERS).optional(),
  };
}

import type { TSortOrder } from '@caravan/contracts';
import type { TableProps } from 'antd';

/** A list's column sort as its query and address hold it (`sort=<key>&order=asc|desc`, zSortQuery): none by default. */
export type TTableSort<TKey extends string> = { sort?: TKey | undefined; order?: TSortOrder | undefined };

/**
 * What DataTable needs to sort a list on the server: the list's sortable keys (its contract's allowlist), the sort in
 * force and where a new one goes.
 */
export type TTableSorting<TKey extends string> = {
  keys: readonly TKey[];
  value: TTableSort<TKey>;
  /**
   * The sort a header asked for; empty when it went back to the list's own order. A method, so a table can take any
   * list's sorting: it hands back only keys of that list's own `keys`.
   */
  onChange(next: TTableSort<TKey>): void;
};

type TColumns<TRecord> = TableProps<TRecord>['columns'];
type TSorter<TRecord> = Parameters<NonNullable<TableProps<TRecord>['onChange']>>[2];

/** A column's key as Ant Design names it in a sort: its `key`, else a plain `dataIndex`. */
function columnKeyOf(column: NonNullable<TColumns<unknown>>[number]): string | undefined {
  if (column.key !== undefined && column.key !== null) {
    return String(column.key);
  }
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  return typeof dataIndex === 'string' ? dataIndex : undefined;
}

function isSortKey<TKey extends string>(keys: readonly TKey[], key: unknown): key is TKey {
  return (keys as readonly unknown[]).includes(key);
}

/**
 * The columns with a sort button on those the list sorts by, each showing the sort in force (`sortOrder` is always
 * given, so Ant Design follows the address rather than a state of its own). Ant Design marks the sorted header with
 * `aria-sort`, describes every sortable one as sortable and sorts it with Enter, in the page's language.
 */
export function sortColumns<TRecord, TKey extends string>(
  columns: TColumns<TRecord>,
  sorting: TTableSorting<TKey>,
): TColumns<TRecord> {
  return columns?.map((column) => {
    const key = columnKeyOf(column as NonNullable<TColumns<unknown>>[number]);
    if (!isSortKey(sorting.keys, key)) {
      return column;
    }
    const isSorted = sorting.value.sort === key;
    return {
      ...column,
      key,
      sorter: true,
      sortOrder: isSorted ? (sorting.value.order === 'desc' ? 'descend' : 'ascend') : null,
    };
  });
}

/** The sort Ant Design's `onChange` reports, as the list's query takes it; empty when no column is sorted. */
export function tableSortOf<TRecord, TKey extends string>(
  sorter: TSorter<TRecord>,
  keys: readonly TKey[],
): TTableSort<TKey> {
  const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = chosen?.columnKey;
  if (!chosen?.order || !isSortKey(keys, key)) {
    return {};
  }
  return { sort: key, order: chosen.order === 'descend' ? 'desc' : 'asc' };
}

/**
 * The sorting of a list that keeps its query in the address (useFilterInAddress): the sort is two more parameters
 * there, so a reload, Back and a shared link show the same order, and a new sort starts again at page 1 (page 3 of
 * another order is a page of nothing in particular).
 */
export function sortingInAddress<TKey extends string, TQuery extends TTableSort<TKey> & { pageNum: number }>(
  keys: readonly TKey[],
  query: TQuery,
  setQuery: (update: (query: TQuery) => TQuery) => void,
): TTableSorting<TKey> {
  return {
    keys,
    value: query,
    onChange: (next) =>
      setQuery((current) => ({ ...current, sort: next.sort, order: next.order, pageNum: 1 })),
  };
}

// biome-ignore lint/style/noRestrictedImports: the wrapper every console table is
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePagerIcons } from './pager';
import { sortColumns, type TTableSorting, tableSortOf } from './table-sort';

/** Whether a table's `loading` (a flag or the spinner's props) says it is loading. */
function isSpinning(loading: TableProps['loading']): boolean {
  return typeof loading === 'object' ? loading.spinning !== false : Boolean(loading);
}

/** Whether a column cuts its text with an ellipsis, which only a fixed layout does. */
function hasEllipsis(columns: TableProps['columns']): boolean {
  return Boolean(columns?.some((column) => 'ellipsis' in column && column.ellipsis));
}

/**
 * The actions column (key `actions`) pinned to the table's end unless the caller pins it otherwise: in a table wider
 * than the window (a 1024 px laptop) it was scrolled out of view, its buttons cut to "Ed" and "Del".
 */
function pinActions<TRecord>(columns: TableProps<TRecord>['columns']): TableProps<TRecord>['columns'] {
  return columns?.map((column) =>
    column.key === 'actions' && column.fixed === undefined ? { ...column, fixed: 'end' } : column,
  );
}

/**
 * Ant Design's table, its pager's arrows named in the page's language (usePagerIcons). While it loads with no rows
 * yet, the spinner stands over a blank space rather than over the list's empty text: "No products yet: create one"
 * showed under the spinner of every list's first load.
 *
 * Columns size to their content (an automatic layout) unless one cuts its text: Ant Design lays a table with a
 * pinned column out with fixed widths, and there a long word broke inside itself ("Bearbeitungsgebü / hr",
 * "demobuy / er") while the next column had room.
 *
 * The actions column stays in view at the end of a table that scrolls sideways (pinActions).
 *
 * A selection's header box is named in the page's language (Ant Design's is "Select all" in every language); a row's
 * box is named by the caller's `rowSelection.getCheckboxProps` (common:table.selectRow, "Select <the row's name>").
 *
 * A list the server pages is sorted by the server too (`sorting`): sorting only the rows of the page shown would put
 * the page's largest amount first while larger ones wait on later pages.
 */
export function DataTable<TRecord extends object, TSortKey extends string = string>({
  pagination,
  locale,
  tableLayout,
  rowSelection,
  columns,
  sorting,
  onChange,
  ...props
}: TableProps<TRecord> & {
  /**
   * The server's sort of the list (table-sort.ts): the columns whose key is one of `sorting.keys` get a sort button
   * showing `sorting.value`, and a click hands the new sort to `sorting.onChange`. Ant Design sorts nothing itself.
   */
  sorting?: TTableSorting<TSortKey>;
}) {
  const { t } = useTranslation('common');
  const icons = usePagerIcons();
  const selectAllLabel = t('table.selectAll');
  const isLoadingFirstRows = isSpinning(props.loading) && (props.dataSource?.length ?? 0) === 0;
  const shownColumns = pinActions(sorting ? sortColumns(columns, sorting) : columns);
  return (
    <Table<TRecord>
      {...props}
      columns={shownColumns}
      onChange={(paging, filters, sorter, extra) => {
        if (sorting && extra.action === 'sort') {
          sorting.onChange(tableSortOf(sorter, sorting.keys));
        }
        onChange?.(paging, filters, sorter, extra);
      }}
      rowSelection={
        rowSelection && {
          getTitleCheckboxProps: () => ({ 'aria-label': selectAllLabel }),
          ...rowSelection,
        }
      }
      tableLayout={tableLayout ?? (hasEllipsis(columns) ? undefined : 'auto')}
      locale={isLoadingFirstRows ? { ...locale, emptyText: <div className="cv-table-loading" /> } : locale}
      pagination={pagination === false ? false : { ...icons, ...pagination }}
    />
  );
}

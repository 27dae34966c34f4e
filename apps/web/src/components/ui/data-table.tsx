// biome-ignore lint/style/noRestrictedImports: the wrapper every console table is
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePagerIcons } from './pager';

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
 */
export function DataTable<TRecord extends object>({
  pagination,
  locale,
  tableLayout,
  rowSelection,
  columns,
  ...props
}: TableProps<TRecord>) {
  const { t } = useTranslation('common');
  const icons = usePagerIcons();
  const selectAllLabel = t('table.selectAll');
  const isLoadingFirstRows = isSpinning(props.loading) && (props.dataSource?.length ?? 0) === 0;
  return (
    <Table<TRecord>
      {...props}
      columns={pinActions(columns)}
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

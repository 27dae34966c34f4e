import { Table, type TableProps } from 'antd';
import { usePagerIcons } from './pager';

/** Ant Design's table, its pager's arrows named in the page's language (usePagerIcons). */
export function DataTable<TRecord extends object>({ pagination, ...props }: TableProps<TRecord>) {
  const icons = usePagerIcons();
  return (
    <Table<TRecord> {...props} pagination={pagination === false ? false : { ...icons, ...pagination }} />
  );
}

import type { TPage } from '@caravan/contracts';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a console table needs of its list query: the page, whether it loads or failed, and how to ask again. */
export type TPagedQuery<TRecord> = {
  data: TPage<TRecord> | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
};

/**
 * The paging of a console table the server pages: the page asked for, the total the server counted, the count
 * line under the table, and `onChange` to ask for another page or page size.
 */
export function useServerPaging() {
  const { t } = useTranslation('common');
  return (
    at: { pageNum: number; pageSize: number },
    total: number | undefined,
    onChange: (pageNum: number, pageSize: number) => void,
  ): TablePaginationConfig => ({
    current: at.pageNum,
    pageSize: at.pageSize,
    total: total ?? 0,
    showTotal: (count) => t('table.total', { total: count }),
    onChange,
  });
}

import type { TStockAdjustment } from '@caravan/contracts';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { emptyOrLoadError } from '../../../components/ui/load-error';
import { withColon } from '../../../lib/format';
import { useStockHistory } from '../api';

/** /seller/stock: every stock change with its reason; low stock is a filter of the product list. */
export default function StockHistoryPage() {
  const { t } = useTranslation(['seller', 'common']);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const history = useStockHistory(page);
  const reasonText = (reason: string) =>
    reason === '@editor' ? t('stock.byEditor') : reason === '@import' ? t('stock.byImport') : reason;
  return (
    <>
      <ConsolePageHead title={t('menu.stock')} />
      <p className="cv-muted">{t('stock.intro')}</p>
      <DataTable<TStockAdjustment>
        rowKey="id"
        size="middle"
        loading={history.isFetching}
        dataSource={history.data?.pageList ?? []}
        locale={{ emptyText: emptyOrLoadError(history, t('stock.empty')) }}
        scroll={{ x: 700 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: history.data?.total ?? 0,
          showTotal: (total) => t('common:table.total', { total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { title: t('stock.when'), dataIndex: 'createdAt', render: dateTimeCell },
          {
            title: t('products.name'),
            key: 'product',
            className: 'cv-table-name',
            // Which variant changed: its stock is the "stock after" (it read as the product's).
            render: (_, adjustment: TStockAdjustment) => (
              <>
                {adjustment.productName}
                {adjustment.variantName && (
                  <div className="cv-muted">
                    {withColon(t('stock.variant'))} <bdi>{adjustment.variantName}</bdi>
                  </div>
                )}
              </>
            ),
          },
          {
            title: t('stock.delta'),
            dataIndex: 'delta',
            align: 'end',
            render: (v: number) => <span dir="ltr">{v > 0 ? `+${v}` : v}</span>,
          },
          { title: t('stock.after'), dataIndex: 'stockAfter', align: 'end' },
          { title: t('stock.reason'), dataIndex: 'reason', render: reasonText },
        ]}
      />
    </>
  );
}

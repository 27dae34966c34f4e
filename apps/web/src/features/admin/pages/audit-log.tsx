import type { TAuditEntry } from '@caravan/contracts';
import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog } from '../api/admin-api';

export default function AuditLogPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const log = useAuditLog(page.pageNum, page.pageSize);
  return (
    <>
      <ConsolePageHead title={t('menu.audit')} />
      <Table<TAuditEntry>
        rowKey="id"
        size="middle"
        loading={log.isFetching}
        dataSource={log.data?.pageList ?? []}
        scroll={{ x: 900 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: log.data?.total ?? 0,
          showTotal: (total) => t('common:table.total', { total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { title: t('audit.time'), dataIndex: 'createdAt', render: formatDateTime, width: 180 },
          { title: t('audit.staff'), dataIndex: 'staffUsername', render: (v: string | null) => v ?? '--' },
          { title: t('audit.action'), dataIndex: 'action', render: (v: string) => <code>{v}</code> },
          {
            title: t('audit.target'),
            key: 'target',
            render: (_, entry) => <span dir="ltr">{`${entry.targetType} ${entry.targetId ?? ''}`}</span>,
          },
          {
            title: t('audit.details'),
            dataIndex: 'details',
            render: (details: Record<string, unknown>) => (
              <Typography.Text code ellipsis={{ tooltip: JSON.stringify(details) }} style={{ maxWidth: 320 }}>
                {JSON.stringify(details)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </>
  );
}

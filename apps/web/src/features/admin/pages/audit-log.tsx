import { DownloadOutlined } from '@ant-design/icons';
import type { TAuditEntry } from '@caravan/contracts';
import { Button, DatePicker, Input, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/console/load-error';
import { useServerPaging } from '../../../components/console/server-paging';
import { useClearIcon } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { buildApiUrl } from '../../../lib/api';
import { type TAuditSearch, useAuditLog } from '../api/admin-api';

const TEXT_FIELDS = ['staff', 'action', 'targetType', 'targetId'] as const;

export default function AuditLogPage() {
  const { t, i18n } = useTranslation(['admin', 'console', 'common']);
  const clearIcon = useClearIcon();
  const paging = useServerPaging();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [draft, setDraft] = useState<Record<(typeof TEXT_FIELDS)[number], string>>({
    staff: '',
    action: '',
    targetType: '',
    targetId: '',
  });
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [search, setSearch] = useState<TAuditSearch>({});
  const log = useAuditLog(page.pageNum, page.pageSize, search);

  const apply = () => {
    const next: TAuditSearch = {};
    for (const field of TEXT_FIELDS) {
      const value = draft[field].trim();
      if (value) {
        next[field] = value;
      }
    }
    if (dates?.[0]) {
      next.createdFrom = dates[0].startOf('day').toISOString();
    }
    if (dates?.[1]) {
      next.createdTo = dates[1].startOf('day').add(1, 'day').toISOString();
    }
    setSearch(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  return (
    <>
      <ConsolePageHead title={t('menu.audit')} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Space wrap className="cv-console__filters">
          {TEXT_FIELDS.map((field) => (
            <Input
              key={field}
              value={draft[field]}
              onChange={(event) => setDraft((d) => ({ ...d, [field]: event.target.value }))}
              placeholder={t(`console:audit.${field}`)}
              aria-label={t(`console:audit.${field}`)}
              maxLength={64}
              allowClear={{ clearIcon }}
              style={{ width: 170 }}
            />
          ))}
          <DatePicker.RangePicker
            aria-label={t('console:audit.dates')}
            value={dates}
            allowEmpty={[true, true]}
            onChange={(value) => setDates(value)}
          />
          <Button type="primary" htmlType="submit">
            {t('console:audit.search')}
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            href={buildApiUrl('/admin/audit-log/export', search, i18n.language)}
            download
          >
            {t('console:audit.exportCsv')}
          </Button>
        </Space>
      </form>
      {log.isError && <LoadError onRetry={() => void log.refetch()} />}
      <DataTable<TAuditEntry>
        rowKey="id"
        size="middle"
        loading={log.isFetching}
        dataSource={log.data?.pageList ?? []}
        locale={{ emptyText: t('console:audit.empty') }}
        scroll={{ x: 900 }}
        pagination={paging(page, log.data?.total, (pageNum, pageSize) => setPage({ pageNum, pageSize }))}
        columns={[
          {
            title: t('audit.time'),
            dataIndex: 'createdAt',
            render: dateTimeCell,
            width: 180,
          },
          {
            title: t('audit.staff'),
            dataIndex: 'staffUsername',
            render: (v: string | null) => (v ? <bdi>{v}</bdi> : '--'),
          },
          { title: t('audit.action'), dataIndex: 'action', render: (v: string) => <code>{v}</code> },
          {
            title: t('audit.target'),
            key: 'target',
            render: (_, entry) => <bdi dir="ltr">{`${entry.targetType} ${entry.targetId ?? ''}`}</bdi>,
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

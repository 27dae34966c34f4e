import {
  MAIL_STATUSES,
  PAGE_SIZE,
  type TMailOutboxItem,
  type TMailStatusName,
  ZMailOutboxQuery,
} from '@caravan/contracts';
import { Alert, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { LoadError } from '../../../components/console/load-error';
import { useServerPaging } from '../../../components/console/server-paging';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { SearchInput } from '../../../components/ui/search-input';
import { isolateDate } from '../../../lib/bidi';
import { formatDateTime } from '../../../lib/format';
import { type TOutboxFilter, useMailOutbox } from '../api/list-mail-outbox';

const STATUS_COLOURS: Record<TMailStatusName, string> = {
  pending: 'processing',
  sent: 'success',
  failed: 'error',
  expired: 'default',
};

const DEFAULT_OUTBOX_FILTER: TOutboxFilter = { pageNum: 1, pageSize: PAGE_SIZE.list };

/** The outbox's page, status and recipient as the address gives them, or null when the server would refuse one. */
function parseOutboxFilter(params: Record<string, string>): TOutboxFilter | null {
  const query = readAddress(ZMailOutboxQuery, params);
  return (
    query && {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      status: query.status,
      to: query.to || undefined,
    }
  );
}

function MailBody({ mail }: { mail: TMailOutboxItem }) {
  const { t } = useTranslation('services');
  // Shown unmasked, as the text below shows the same unsubscribe link: the outbox is where staff check the header.
  const headerLines = Object.entries(mail.headers).map(([name, value]) => `${name}: ${value}`);
  return (
    <div className="cv-outbox__body">
      {headerLines.length > 0 && (
        <Typography.Paragraph copyable={{ text: headerLines.join('\n') }}>
          <Typography.Text strong>{t('outbox.headers')}</Typography.Text>
          {headerLines.map((line) => (
            <span key={line} style={{ display: 'block', overflowWrap: 'anywhere' }}>
              <bdi>{line}</bdi>
            </span>
          ))}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} copyable={{ text: mail.text }}>
        <bdi>{mail.text}</bdi>
      </Typography.Paragraph>
      {mail.attemptLog.length > 0 && (
        <ul className="cv-outbox__attempts">
          {mail.attemptLog.map((attempt) => (
            <li key={attempt.attemptNo}>
              {t('outbox.attemptLine', {
                n: attempt.attemptNo,
                time: isolateDate(formatDateTime(attempt.finishedAt)),
                result: attempt.isOk ? t('outbox.attemptOk') : (attempt.error ?? t('outbox.attemptFailed')),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Admin outbox: every mail and text message, so codes can be read when no SMTP server is configured. */
export default function MailOutboxPage() {
  const { t } = useTranslation(['services', 'admin', 'common']);
  const paging = useServerPaging();
  // Page and filters in the address: a reload while waiting for a code's mail started over.
  const [filter, updateFilter] = useFilterInAddress(DEFAULT_OUTBOX_FILTER, parseOutboxFilter);
  const setFilter = (next: TOutboxFilter) => updateFilter(() => next);
  const [toInput, setToInput] = useState(filter.to ?? '');
  const outbox = useMailOutbox(filter);
  return (
    <>
      <ConsolePageHead title={t('admin:menu.mailOutbox')} />
      {outbox.data && !outbox.data.isSmtpConfigured && (
        <Alert type="info" showIcon style={{ marginBlockEnd: 16 }} title={t('outbox.noSmtp')} />
      )}
      <Space wrap size={[12, 12]} className="cv-console__filters">
        <Select<TMailStatusName | 'all'>
          aria-label={t('outbox.status')}
          style={{ minWidth: 160 }}
          value={filter.status ?? 'all'}
          onChange={(next) => setFilter({ ...filter, pageNum: 1, status: next === 'all' ? undefined : next })}
          options={[
            { value: 'all', label: t('outbox.allStatuses') },
            ...MAIL_STATUSES.map((s) => ({ value: s, label: t(`outbox.statuses.${s}`) })),
          ]}
        />
        <SearchInput
          aria-label={t('outbox.to')}
          placeholder={t('outbox.to')}
          allowClear
          maxLength={128}
          value={toInput}
          onChange={(event) => setToInput(event.target.value)}
          onSearch={(value) => setFilter({ ...filter, pageNum: 1, to: value.trim() || undefined })}
          style={{ width: 280, maxWidth: '100%' }}
        />
      </Space>
      {outbox.isError ? (
        <LoadError message={outbox.error.message} onRetry={() => void outbox.refetch()} />
      ) : (
        <DataTable<TMailOutboxItem>
          rowKey="id"
          size="middle"
          loading={outbox.isFetching}
          dataSource={outbox.data?.pageList ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('outbox.empty') }}
          expandable={{
            expandedRowRender: (mail) => <MailBody mail={mail} />,
            // The expand buttons' column needs a header for screen readers; on screen it stays a narrow icon column.
            columnTitle: <span className="cv-visually-hidden">{t('common:table.actions')}</span>,
          }}
          pagination={paging(filter, outbox.data?.total, (pageNum, pageSize) =>
            setFilter({ ...filter, pageNum, pageSize }),
          )}
          columns={[
            { title: t('outbox.created'), dataIndex: 'createdAt', render: dateTimeCell, width: 180 },
            {
              title: t('outbox.to'),
              dataIndex: 'to',
              render: (v: string, mail) => (
                <span dir="ltr">
                  {mail.channel === 'sms' ? `${t('outbox.sms')} ` : ''}
                  {v}
                </span>
              ),
            },
            { title: t('outbox.subject'), dataIndex: 'subject', render: (v: string) => <bdi>{v}</bdi> },
            {
              title: t('outbox.status'),
              dataIndex: 'status',
              render: (v: TMailStatusName) => (
                <Tag color={STATUS_COLOURS[v]}>{t(`outbox.statuses.${v}`)}</Tag>
              ),
            },
            { title: t('outbox.attempts'), dataIndex: 'attempts', align: 'end', width: 100 },
            { title: t('outbox.sent'), dataIndex: 'sentAt', render: dateTimeCell, width: 180 },
          ]}
        />
      )}
    </>
  );
}

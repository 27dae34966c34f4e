import { DownloadOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type TAuditEntry, ZAuditLogQuery } from '@caravan/contracts';
import { Button, DatePicker, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { LoadError } from '../../../components/console/load-error';
import { useServerPaging } from '../../../components/console/server-paging';
import { useClearIcon } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { formatAmount } from '../../../components/ui/money-text';
import { buildApiUrl } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { type TAuditSearch, useAuditLog } from '../api/admin-api';
import { useAuditActionText } from '../lib/audit-action-text';
import { useAuditTargetText } from '../lib/audit-target-text';

const TEXT_FIELDS = ['staff', 'action', 'targetType', 'targetId'] as const;

type TAuditFilter = TAuditSearch & { pageNum: number; pageSize: number };

const DEFAULT_AUDIT_FILTER: TAuditFilter = { pageNum: 1, pageSize: PAGE_SIZE.list };

/** The log's page and search as the address gives them, or null when the server would refuse one of them. */
function parseAuditFilter(params: Record<string, string>): TAuditFilter | null {
  const query = readAddress(ZAuditLogQuery, params);
  return (
    query && {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      staff: query.staff || undefined,
      action: query.action || undefined,
      targetType: query.targetType || undefined,
      targetId: query.targetId || undefined,
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
    }
  );
}

/** The days a search's instants cover, as the date range shows them (its end is the start of the day after). */
function datesOf(search: TAuditSearch): [Dayjs | null, Dayjs | null] | null {
  if (!search.createdFrom && !search.createdTo) {
    return null;
  }
  return [
    search.createdFrom ? dayjs(search.createdFrom) : null,
    search.createdTo ? dayjs(search.createdTo).subtract(1, 'day') : null,
  ];
}

export default function AuditLogPage() {
  const { t, i18n } = useTranslation(['admin', 'console', 'common']);
  const clearIcon = useClearIcon();
  const paging = useServerPaging();
  // Page and search in the address: a reload or Back lost a search put together field by field.
  const [filter, setFilter] = useFilterInAddress(DEFAULT_AUDIT_FILTER, parseAuditFilter);
  const { pageNum, pageSize, ...search } = filter;
  const [draft, setDraft] = useState<Record<(typeof TEXT_FIELDS)[number], string>>({
    staff: search.staff ?? '',
    action: search.action ?? '',
    targetType: search.targetType ?? '',
    targetId: search.targetId ?? '',
  });
  const [dates, setDates] = useState(() => datesOf(search));
  const log = useAuditLog(pageNum, pageSize, search);
  const actionText = useAuditActionText();
  const actionOptions = useMemo(() => actionText.options(i18n.language), [actionText, i18n.language]);
  const targetText = useAuditTargetText();
  const targetOptions = useMemo(() => targetText.options(i18n.language), [targetText, i18n.language]);
  const choices: Record<'action' | 'targetType', { value: string; label: string }[]> = {
    action: actionOptions,
    targetType: targetOptions,
  };

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
    setFilter((current) => ({ pageNum: 1, pageSize: current.pageSize, ...next }));
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
          {TEXT_FIELDS.map((field) =>
            field === 'action' || field === 'targetType' ? (
              // Actions and object types are known lists: chosen by their names, searched by name or code (a
              // typed object type matched only the English code, and nothing said so).
              <Select
                key={field}
                value={draft[field] || undefined}
                onChange={(value: string | undefined) => setDraft((d) => ({ ...d, [field]: value ?? '' }))}
                options={choices[field]}
                showSearch={{ optionFilterProp: ['label', 'value'] }}
                placeholder={t(`console:audit.${field}`)}
                aria-label={t(`console:audit.${field}`)}
                allowClear={{ clearIcon }}
                popupMatchSelectWidth={false}
                style={{ width: field === 'action' ? 220 : 190 }}
              />
            ) : (
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
            ),
          )}
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
        pagination={paging(filter, log.data?.total, (nextPageNum, nextPageSize) =>
          setFilter((current) => ({ ...current, pageNum: nextPageNum, pageSize: nextPageSize })),
        )}
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
            // A borrower's own answer to a loan offer is logged with them as the actor (no staff member acted).
            render: (v: string | null, entry) =>
              v ? (
                <bdi>{v}</bdi>
              ) : entry.details.actor === 'borrower' && typeof entry.details.userId === 'string' ? (
                t('audit.borrower', { id: entry.details.userId })
              ) : (
                '--'
              ),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (code: string) => {
              const name = actionText.name(code);
              return name ? (
                <Space orientation="vertical" size={0}>
                  {name}
                  <code className="cv-muted">{code}</code>
                </Space>
              ) : (
                <code>{code}</code>
              );
            },
          },
          {
            title: t('audit.target'),
            key: 'target',
            // Named like the action, in the reader's language with the code under it ("recharge 1" read as English).
            render: (_, entry) => {
              const name = targetText.name(entry.targetType);
              return name ? (
                <Space orientation="vertical" size={0}>
                  <span>
                    {name} <bdi dir="ltr">{entry.targetId ?? ''}</bdi>
                  </span>
                  <code className="cv-muted">{entry.targetType}</code>
                </Space>
              ) : (
                <bdi dir="ltr">{`${entry.targetType} ${entry.targetId ?? ''}`}</bdi>
              );
            },
          },
          {
            title: t('audit.details'),
            dataIndex: 'details',
            render: (details: Record<string, unknown>) => <AuditDetails details={details} />,
          },
        ]}
      />
    </>
  );
}

type TDetailValue = string | number | boolean | null | undefined;

const isSimple = (value: unknown): value is TDetailValue => value === null || typeof value !== 'object';

/** An object whose fields are plain values: shown as "name: value" lines, not as JSON. */
const isFlatObject = (value: unknown): value is Record<string, TDetailValue> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every(isSimple);

function detailText(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return '--';
  }
  if (Array.isArray(value) && value.every(isSimple)) {
    return value.length === 0 ? '--' : value.map(detailText).join(', ');
  }
  if (isFlatObject(value)) {
    const fields = Object.entries(value);
    return fields.length === 0
      ? '--'
      : fields.map(([name, field]) => `${name}: ${detailText(field)}`).join(', ');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Fields whose values are USDT amounts: written as amounts everywhere else in the console ("12,000.00 USDT"). */
const MONEY_FIELDS = new Set([
  'amount',
  'actualAmount',
  'approvedAmount',
  'threshold',
  'judgedAmount',
  'fee',
]);
/** Fields whose values are a record's state: named in the reader's language where the console knows them. */
const STATE_FIELDS = new Set(['status', 'previousStatus', 'offerOutcome']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

type TValueText = (name: string, value: unknown) => string;

/**
 * A field's value as the console writes it elsewhere (QA: "12000.00", "2026-12-07T03:15:06.079Z" and
 * "waiting_second_approval" beside "12,000.00 USDT" and local times): amounts grouped with their unit, times in the
 * reader's zone, known states in words; anything else as recorded.
 */
function useValueText(): TValueText {
  const { t } = useTranslation('admin');
  return (name, value) => {
    if (typeof value === 'string' && MONEY_FIELDS.has(name) && DECIMAL.test(value)) {
      return `${formatAmount(value)} USDT`;
    }
    if (typeof value === 'string' && ISO_TIME.test(value)) {
      return formatDateTime(value);
    }
    if (typeof value === 'string' && STATE_FIELDS.has(name) && /^\w+$/.test(value)) {
      return t(`audit.values.${value}`, { defaultValue: value });
    }
    return detailText(value);
  };
}

/** A before/after pair as one "name: before -> after" line per field that changed (every field when none did). */
function changeLines(before: unknown, after: unknown, valueText: TValueText): [string, string][] | null {
  const isPair = (value: unknown) => value === null || value === undefined || isFlatObject(value);
  if (!isPair(before) || !isPair(after) || (before == null && after == null)) {
    return null;
  }
  const was = (before ?? {}) as Record<string, TDetailValue>;
  const now = (after ?? {}) as Record<string, TDetailValue>;
  const names = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const changed = names.filter((name) => detailText(was[name]) !== detailText(now[name]));
  return (changed.length > 0 ? changed : names).map((name) => [
    name,
    changed.includes(name)
      ? `${valueText(name, was[name])} → ${valueText(name, now[name])}`
      : valueText(name, now[name]),
  ]);
}

/**
 * An entry's details as its fields, a change as "before -> after" beside the entry's other fields (a loan approval
 * also names the borrower and the ledger entry). Field names are in the reader's language where the console knows
 * them (an unknown one keeps its code, which the title of every name gives); values are the records' own (codes,
 * amounts, ids), so left to right.
 */
function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation('admin');
  const valueText = useValueText();
  const fields = Object.entries(details);
  if (fields.length === 0) {
    return '--';
  }
  const label = (name: string) =>
    /^\w+$/.test(name) ? t(`audit.fields.${name}`, { defaultValue: name }) : name;
  const hasChange = 'before' in details || 'after' in details;
  // Each line with its key: a field of the change may share its name with one of the entry's own (a reason).
  const lines: { key: string; name: string; text: string }[] = fields
    .filter(([name]) => !hasChange || (name !== 'before' && name !== 'after'))
    .map(([name, value]) => ({ key: name, name, text: valueText(name, value) }));
  if (hasChange) {
    const changes = changeLines(details.before, details.after, valueText) ?? [
      ['change', `${detailText(details.before)} → ${detailText(details.after)}`],
    ];
    lines.push(...changes.map(([name, text]) => ({ key: `change:${name}`, name, text })));
  }
  return (
    <dl className="cv-audit-details">
      {lines.map(({ key, name, text }) => (
        <div key={key}>
          <dt title={name}>{label(name)}</dt>
          <dd>
            <bdi dir="ltr">{text}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

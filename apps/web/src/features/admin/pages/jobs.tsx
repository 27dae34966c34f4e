import { JOB_RUN_OUTCOMES, type TJobRun, type TJobRunOutcome, ZJobRunsQuery } from '@caravan/contracts';
import { Button, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { LoadError } from '../../../components/console/load-error';
import { useServerPaging } from '../../../components/console/server-paging';
import { useClearIcon } from '../../../components/ui/clear-icon';
import { DataTable } from '../../../components/ui/data-table';
import { dateTimeCell } from '../../../components/ui/date-time-text';
import { type TJobRunsFilter, useJobRuns } from '../api/admin-api';

const OUTCOME_COLOURS: Record<TJobRunOutcome, string> = {
  running: 'processing',
  ok: 'success',
  failed: 'error',
};

type TJobsFilter = TJobRunsFilter & { pageNum: number; pageSize: number };

const DEFAULT_JOBS_FILTER: TJobsFilter = { pageNum: 1, pageSize: 20 };

/** The runs' page, job name and outcome as the address gives them, or null when the server would refuse one. */
function parseJobsFilter(params: Record<string, string>): TJobsFilter | null {
  const query = readAddress(ZJobRunsQuery, params);
  return (
    query && { pageNum: query.pageNum, pageSize: query.pageSize, name: query.name, outcome: query.outcome }
  );
}

/** Admin -> Timed jobs: every run of the timed jobs (job_runs), newest first, filtered by job and outcome. */
export default function JobsPage() {
  const { t } = useTranslation(['console', 'common']);
  const clearIcon = useClearIcon();
  const paging = useServerPaging();
  // Page and filters in the address: a reload or a link to a failed run's search kept neither.
  const [filter, setFilter] = useFilterInAddress(DEFAULT_JOBS_FILTER, parseJobsFilter);
  const { pageNum, pageSize, ...search } = filter;
  const [name, setName] = useState(filter.name ?? '');
  const runs = useJobRuns(pageNum, pageSize, search);

  const apply = (next: TJobRunsFilter) => setFilter((current) => ({ ...current, ...next, pageNum: 1 }));

  return (
    <>
      <ConsolePageHead title={t('menu.jobs')} />
      <Typography.Paragraph type="secondary">{t('jobs.intro')}</Typography.Paragraph>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          apply({ name: trimmed || undefined });
        }}
      >
        <Space wrap className="cv-console__filters">
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('jobs.name')}
            aria-label={t('jobs.name')}
            maxLength={64}
            allowClear={{ clearIcon }}
            style={{ width: 220 }}
          />
          <Select<TJobRunOutcome | ''>
            aria-label={t('jobs.outcome')}
            value={filter.outcome ?? ''}
            style={{ width: 160 }}
            onChange={(value) => apply({ outcome: value || undefined })}
            options={[
              { value: '', label: t('jobs.anyOutcome') },
              ...JOB_RUN_OUTCOMES.map((outcome) => ({
                value: outcome,
                label: t(`jobs.outcomes.${outcome}`),
              })),
            ]}
          />
          <Button type="primary" htmlType="submit">
            {t('jobs.search')}
          </Button>
          <Button onClick={() => void runs.refetch()}>{t('jobs.refresh')}</Button>
        </Space>
      </form>
      {runs.isError && <LoadError onRetry={() => void runs.refetch()} />}
      <DataTable<TJobRun>
        rowKey="id"
        size="middle"
        loading={runs.isFetching}
        dataSource={runs.data?.pageList ?? []}
        locale={{ emptyText: t('jobs.empty') }}
        scroll={{ x: 960 }}
        pagination={paging(filter, runs.data?.total, (nextPageNum, nextPageSize) =>
          setFilter((current) => ({ ...current, pageNum: nextPageNum, pageSize: nextPageSize })),
        )}
        columns={[
          { title: t('jobs.name'), dataIndex: 'name', render: (v: string) => <code>{v}</code> },
          {
            title: t('jobs.started'),
            dataIndex: 'startedAt',
            render: dateTimeCell,
            width: 180,
          },
          {
            title: t('jobs.finished'),
            dataIndex: 'finishedAt',
            render: dateTimeCell,
            width: 180,
          },
          {
            title: t('jobs.outcome'),
            dataIndex: 'outcome',
            render: (v: TJobRunOutcome) => <Tag color={OUTCOME_COLOURS[v]}>{t(`jobs.outcomes.${v}`)}</Tag>,
          },
          {
            title: t('jobs.duration'),
            dataIndex: 'durationMs',
            align: 'end',
            render: (v: number | null) =>
              v === null ? (
                '--'
              ) : (
                <bdi dir="ltr">
                  {v < 1000
                    ? t('jobs.milliseconds', { count: v })
                    : t('jobs.seconds', { count: Math.round(v / 100) / 10 })}
                </bdi>
              ),
          },
          {
            title: t('jobs.instance'),
            dataIndex: 'instance',
            render: (v: string) => <bdi dir="ltr">{v}</bdi>,
          },
          {
            title: t('jobs.error'),
            dataIndex: 'error',
            render: (v: string | null) =>
              v ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 280 }}>
                  {v}
                </Typography.Text>
              ) : (
                '--'
              ),
          },
        ]}
      />
    </>
  );
}

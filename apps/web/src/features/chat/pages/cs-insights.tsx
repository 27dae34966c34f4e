import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Statistic } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { LoadError } from '../../../components/ui/load-error';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { chatApi } from '../api/chat-api';
import '../chat.css';
import { DataTable } from '../../../components/ui/data-table';
import { ItemList, ItemListItem, ItemListMeta } from '../../../components/ui/item-list';
import { NamedSegmented } from '../../../components/ui/named-segmented';
import { SearchInput } from '../../../components/ui/search-input';

function duration(seconds: number | null, t: TFunction<'chat'>): string {
  if (seconds === null) {
    return '--';
  }
  if (seconds < 120) {
    return t('stats.seconds', { count: seconds });
  }
  if (seconds < 7200) {
    return t('stats.minutes', { count: Math.round(seconds / 60) });
  }
  return t('stats.hours', { count: Math.round(seconds / 3600) });
}

/** /cs/insights: first-response and resolution times, and a search in customer-service history. */
export default function CsInsightsPage() {
  const { t } = useTranslation('chat');
  const [days, setDays] = useState(7);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const stats = useQuery({ queryKey: ['chat', 'cs', 'stats', days], queryFn: () => chatApi.csStats(days) });
  const search = useQuery({
    queryKey: ['chat', 'cs', 'search', q, page],
    queryFn: () => chatApi.csSearch(q, page),
    enabled: q.length > 0,
  });
  return (
    <>
      <ConsolePageHead
        title={t('stats.title')}
        extra={
          <NamedSegmented<number>
            label={t('common:choice.period')}
            value={days}
            onChange={setDays}
            options={[
              // The last 24 hours, not the calendar day: the server counts back from now.
              { value: 1, label: t('stats.ranges.h24') },
              { value: 7, label: t('stats.ranges.d7') },
              { value: 30, label: t('stats.ranges.d30') },
            ]}
          />
        }
      />
      {stats.isLoading ? (
        <Skeleton active />
      ) : stats.isError || !stats.data ? (
        <LoadError
          message={isApiError(stats.error) ? stats.error.message : t('errors.load')}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <>
          <div className="cv-chat-stats">
            <Card>
              <Statistic title={t('stats.periods')} value={stats.data.periods} />
            </Card>
            <Card>
              <Statistic title={t('stats.waitingNow')} value={stats.data.waitingNow} />
            </Card>
            <Card>
              <Statistic
                title={t('stats.firstResponse')}
                value={duration(stats.data.firstResponseAvgSeconds, t)}
              />
            </Card>
            <Card>
              <Statistic
                title={t('stats.firstResponseP90')}
                value={duration(stats.data.firstResponseP90Seconds, t)}
              />
            </Card>
            <Card>
              <Statistic title={t('stats.resolution')} value={duration(stats.data.resolutionAvgSeconds, t)} />
            </Card>
          </div>
          <DataTable
            rowKey="day"
            size="small"
            pagination={false}
            locale={{ emptyText: <Empty description={t('stats.empty')} /> }}
            dataSource={stats.data.byDay}
            columns={[
              {
                title: t('stats.day'),
                dataIndex: 'day',
                render: (day: string) => <span dir="ltr">{day}</span>,
              },
              { title: t('stats.periods'), dataIndex: 'periods', align: 'end' },
              {
                title: t('stats.firstResponse'),
                dataIndex: 'firstResponseAvgSeconds',
                align: 'end',
                render: (s: number | null) => duration(s, t),
              },
              {
                title: t('stats.resolution'),
                dataIndex: 'resolutionAvgSeconds',
                align: 'end',
                render: (s: number | null) => duration(s, t),
              },
            ]}
          />
        </>
      )}
      <h2 className="cv-chat-search__title">{t('search.title')}</h2>
      <SearchInput
        allowClear
        maxLength={64}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        onSearch={(value) => {
          setQ(value.trim());
          setPage(1);
        }}
      />
      {q && (
        <ItemList
          isLoading={search.isLoading}
          items={search.data?.pageList ?? []}
          itemKey={(hit) => hit.message.id}
          emptyText={<Empty description={t('search.empty')} />}
          paging={
            (search.data?.total ?? 0) > 20
              ? { current: page, pageSize: 20, total: search.data?.total ?? 0, onChange: setPage }
              : undefined
          }
          renderItem={(hit) => (
            <ItemListItem>
              <ItemListMeta
                headingLevel={3}
                title={<bdi>{hit.buyerName}</bdi>}
                description={
                  <>
                    <bdi className="cv-chat__text">{hit.message.content}</bdi> ·{' '}
                    <time dir="ltr">{formatDateTime(hit.message.createtime)}</time>
                  </>
                }
              />
            </ItemListItem>
          )}
        />
      )}
    </>
  );
}

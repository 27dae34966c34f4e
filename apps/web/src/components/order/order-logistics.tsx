import type { TLogisticsEntry } from '@caravan/contracts';
import { Empty, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** Logistics entries as the server sends them: oldest first (SPEC §3). */
export function OrderLogistics({ entries }: { entries: TLogisticsEntry[] }) {
  const { t } = useTranslation('orders');
  if (entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logistics.empty')} />;
  }
  return (
    <Timeline
      items={entries.map((entry) => ({
        key: entry.id,
        // A line whose number a tracking correction replaced stays (it is the order's history) but reads as past.
        color: entry.supersededTime ? 'gray' : undefined,
        content: (
          <>
            {entry.supersededTime ? (
              <div>
                <del>{entry.content}</del> <span className="cv-muted">{t('logistics.superseded')}</span>
              </div>
            ) : (
              <div>{entry.content}</div>
            )}
            <div className="cv-muted" dir="ltr">
              {formatDateTime(entry.createTime)}
            </div>
          </>
        ),
      }))}
    />
  );
}

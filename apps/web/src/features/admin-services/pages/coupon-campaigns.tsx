import { PAGE_SIZE, type TCampaign, ZCampaignsQuery } from '@caravan/contracts';
import { Button, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHead } from '../../../components/console/console-layout';
import { readAddress, useFilterInAddress } from '../../../components/console/filter-in-address';
import { LoadError } from '../../../components/console/load-error';
import { useServerPaging } from '../../../components/console/server-paging';
import { DataTable } from '../../../components/ui/data-table';
import { EndDrawer } from '../../../components/ui/end-drawer';
import { MoneyText } from '../../../components/ui/money-text';
import { captureRemovalPlace, REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { formatDateTime, withTimeZone } from '../../../lib/format';
import { percentText } from '../../../lib/percent';
import { toast, toastError } from '../../../lib/toast';
import {
  type TCampaignPage,
  useCouponCampaigns,
  useCreateCampaign,
  useStopCampaign,
} from '../api/coupon-campaigns';
import { CampaignForm } from '../components/campaign-form';

/** Coupons still to be issued; null: no stock limit. */
export function remainingStock(campaign: Pick<TCampaign, 'stock' | 'issuedCount'>): number | null {
  return campaign.stock === null ? null : Math.max(campaign.stock - campaign.issuedCount, 0);
}

const FIRST_CAMPAIGN_PAGE: TCampaignPage = { pageNum: 1, pageSize: PAGE_SIZE.list };

/** The page the address names, or null when it names none the server would take. */
function parseCampaignPage(params: Record<string, string>): TCampaignPage | null {
  const query = readAddress(ZCampaignsQuery, params);
  return query && { pageNum: query.pageNum, pageSize: query.pageSize };
}

type TCampaignState = 'scheduled' | 'active' | 'ended' | 'stopped';

/**
 * Where a campaign stands now: a running one before its start is scheduled and after its end ended (both read
 * "Active", with a Stop button for one that had ended, QA).
 */
export function campaignState(
  campaign: Pick<TCampaign, 'status' | 'validFrom' | 'validUntil'>,
  now: number,
): TCampaignState {
  if (campaign.status === 'stopped') {
    return 'stopped';
  }
  if (Date.parse(campaign.validFrom) > now) {
    return 'scheduled';
  }
  return Date.parse(campaign.validUntil) <= now ? 'ended' : 'active';
}

const STATE_COLOURS: Record<TCampaignState, string> = {
  scheduled: 'processing',
  active: 'success',
  ended: 'default',
  stopped: 'default',
};

/** Coupon campaigns (marketing.manage): their use, a new campaign, stopping one. */
export default function CouponCampaignsPage() {
  const { t, i18n } = useTranslation(['services', 'admin', 'common']);
  const paging = useServerPaging();
  // The page in the address: a reload or Back went to the first page.
  const [page, setPage] = useFilterInAddress(FIRST_CAMPAIGN_PAGE, parseCampaignPage);
  const [isCreating, setIsCreating] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const campaigns = useCouponCampaigns(page);
  const create = useCreateCampaign();
  const stop = useStopCampaign();

  const confirmStop = (campaign: TCampaign) => {
    // The row stays, its Stop goes: the focus moves to the next Stop instead of the page's start (removal-focus.ts).
    const stopPlace = captureRemovalPlace(document.activeElement);
    void modal.confirm({
      title: t('campaigns.stopTitle', { name: campaign.name }),
      content: t('campaigns.stopWarning'),
      okText: t('campaigns.stop'),
      okButtonProps: { danger: true },
      // A destructive step starts on Cancel: Enter twice must not carry it out.
      focusable: { autoFocusButton: 'cancel' },
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        try {
          await stop.mutateAsync(campaign.id);
          stopPlace?.focusNeighbourOnceRemoved();
          toast.success(t('campaigns.stopped'));
        } catch (error) {
          toastError(error, t('common:errors.generic'));
        }
      },
    });
  };

  return (
    <>
      {modalHolder}
      <ConsolePageHead
        title={t('admin:menu.couponCampaigns')}
        extra={
          <Button type="primary" onClick={() => setIsCreating(true)}>
            {t('campaigns.new')}
          </Button>
        }
      />
      {campaigns.isError ? (
        <LoadError message={campaigns.error.message} onRetry={() => void campaigns.refetch()} />
      ) : (
        <div {...REMOVAL_LIST_PROPS}>
          <DataTable<TCampaign>
            rowKey="id"
            size="middle"
            loading={campaigns.isFetching}
            dataSource={campaigns.data?.pageList ?? []}
            scroll={{ x: 980 }}
            locale={{ emptyText: t('campaigns.empty') }}
            pagination={paging(page, campaigns.data?.total, (pageNum, pageSize) =>
              setPage(() => ({ pageNum, pageSize })),
            )}
            columns={[
              {
                title: t('campaigns.name'),
                key: 'name',
                render: (_, c) => (
                  <Space orientation="vertical" size={0}>
                    <span>
                      <bdi>{c.name}</bdi> {c.isWelcome && <Tag color="blue">{t('campaigns.welcomeTag')}</Tag>}
                    </span>
                    {c.claimCode && <code dir="ltr">{c.claimCode}</code>}
                  </Space>
                ),
              },
              {
                title: t('campaigns.value'),
                key: 'value',
                render: (_, c) =>
                  c.kind === 'amount' ? (
                    <MoneyText value={c.amountOff} />
                  ) : (
                    <span dir="ltr">{percentText(String(c.percentOff), i18n.language)}</span>
                  ),
              },
              {
                title: t('campaigns.minSpend'),
                key: 'minSpend',
                align: 'end',
                render: (_, c) => <MoneyText value={c.minSpend} />,
              },
              {
                title: withTimeZone(t('campaigns.validity')),
                key: 'validity',
                render: (_, c) => (
                  <Space orientation="vertical" size={0}>
                    {/* A date and time each on its line: they broke inside a date ("2099-" / "01-01"). */}
                    <span className="cv-nowrap">{formatDateTime(c.validFrom)} –</span>
                    <span className="cv-nowrap">{formatDateTime(c.validUntil)}</span>
                    {c.validDays !== null && (
                      <small>{t('campaigns.daysAfterIssue', { days: c.validDays })}</small>
                    )}
                  </Space>
                ),
              },
              { title: t('campaigns.perUserLimit'), dataIndex: 'perUserLimit', align: 'end' },
              { title: t('campaigns.issued'), dataIndex: 'issuedCount', align: 'end' },
              { title: t('campaigns.used'), dataIndex: 'usedCount', align: 'end' },
              {
                title: t('campaigns.remaining'),
                key: 'remaining',
                align: 'end',
                render: (_, c) => remainingStock(c) ?? t('campaigns.unlimited'),
              },
              {
                title: t('campaigns.discountTotal'),
                key: 'discountTotal',
                align: 'end',
                render: (_, c) => <MoneyText value={c.discountTotal} />,
              },
              {
                title: t('campaigns.status'),
                key: 'status',
                render: (_, c) => {
                  const state = campaignState(c, Date.now());
                  return <Tag color={STATE_COLOURS[state]}>{t(`campaigns.statuses.${state}`)}</Tag>;
                },
              },
              {
                title: t('common:table.actions'),
                key: 'actions',
                // The table is wider than a laptop's console: the action stays in view while it scrolls.
                fixed: 'right',
                render: (_, c) =>
                  c.status === 'active' && campaignState(c, Date.now()) !== 'ended' ? (
                    <Button size="small" danger data-removal-focus onClick={() => confirmStop(c)}>
                      {t('campaigns.stop')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </div>
      )}
      <EndDrawer
        open={isCreating}
        title={t('campaigns.new')}
        size={480}
        onClose={() => setIsCreating(false)}
        destroyOnHidden
      >
        <CampaignForm
          onCancel={() => setIsCreating(false)}
          onSubmit={async (request) => {
            await create.mutateAsync(request);
            toast.success(t('campaigns.created'));
            setIsCreating(false);
          }}
        />
      </EndDrawer>
    </>
  );
}

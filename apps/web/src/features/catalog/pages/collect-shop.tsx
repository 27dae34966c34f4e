import { PAGE_SIZE } from '@caravan/contracts/constants';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { toast } from '../../../lib/toast';
import { useToggleFollow } from '../api/follow-store';
import { useFollowedStores } from '../api/list-followed-stores';
import '../catalog.css';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { useLastPageCorrection, usePageParam } from '../../../lib/page-param';
import { EmptyState } from '../components/empty-state';
import { LightLoadError } from '../components/light-load-error';
import { ListPager } from '../components/list-pager';
import { StoreList } from '../components/store-list';

/** /userInfo/collect-shop: followed shops (focusSeller), unfollow after a confirmation. */
export default function CollectShopPage() {
  const { t } = useTranslation('catalog');
  const [page, setPage] = usePageParam();
  const stores = useFollowedStores(page);
  const isPastEnd = useLastPageCorrection(page, stores.data?.total, PAGE_SIZE.list, setPage);
  const toggle = useToggleFollow();
  const list = stores.data?.pageList ?? [];
  const total = stores.data?.total ?? 0;
  return (
    <PageFrame
      titleKey="routes.collectShop"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
      extra={
        stores.data && (
          <span className="cv-muted" data-testid="followed-count">
            {t('favourites.followedCount', { count: total })}
          </span>
        )
      }
    >
      {(stores.isLoading || isPastEnd) && (
        <div style={{ display: 'grid', gap: 12 }} aria-busy="true">
          <div className="cv-skel" style={{ height: 80 }} />
          <div className="cv-skel" style={{ height: 80 }} />
        </div>
      )}
      {stores.isError && !stores.data && <LightLoadError query={stores} />}
      <div {...REMOVAL_LIST_PROPS}>
        {!stores.isLoading && !isPastEnd && !stores.isError && list.length === 0 && (
          <EmptyState
            title={t('favourites.noShops')}
            text={t('favourites.noShopsHint')}
            actionLabel={t('favourites.discoverShops')}
            actionTo="/index"
          />
        )}
        {list.length > 0 && (
          <StoreList
            stores={list}
            renderExtra={(store) => (
              <ConfirmPopover
                title={t('favourites.unfollowConfirm')}
                description={t('favourites.unfollowConfirmText', { name: store.name })}
                okText={t('store.unfollow')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true, loading: toggle.isPending }}
                onConfirm={() =>
                  toggle.mutateAsync(
                    { storeId: store.id, isFollowed: false },
                    {
                      onSuccess: () => {
                        toast.success(t('store.unfollowed'));
                        if (list.length === 1 && page > 1) {
                          setPage(page - 1);
                        }
                      },
                    },
                  )
                }
              >
                <Button size="small" data-testid="unfollow-store" data-removal-focus>
                  {t('store.unfollow')}
                </Button>
              </ConfirmPopover>
            )}
          />
        )}
      </div>
      <ListPager page={page} pageSize={PAGE_SIZE.list} total={total} onChange={setPage} />
    </PageFrame>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import { PAGE_SIZE } from '@caravan/contracts/constants';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { toast } from '../../../lib/toast';
import { useToggleFavourite } from '../api/favourite-product';
import { useFavouriteProducts } from '../api/list-favourite-products';
import '../catalog.css';
import { ConfirmPopover } from '../../../components/ui/confirm-popover';
import { REMOVAL_LIST_PROPS } from '../../../components/ui/removal-focus';
import { useLastPageCorrection, usePageParam } from '../../../lib/page-param';
import { EmptyState } from '../components/empty-state';
import { ListPager } from '../components/list-pager';
import { ProductGrid } from '../components/product-grid';

/** /userInfo/collect-goods: favourite products (keepGoods), removable after a confirmation. */
export default function CollectGoodsPage() {
  const { t } = useTranslation('catalog');
  const [page, setPage] = usePageParam();
  const favourites = useFavouriteProducts(page);
  const isPastEnd = useLastPageCorrection(page, favourites.data?.total, PAGE_SIZE.list, setPage);
  const toggle = useToggleFavourite();
  const total = favourites.data?.total ?? 0;
  const offShelf = new Set(
    (favourites.data?.pageList ?? []).filter((item) => !item.isOnShelf).map((item) => item.id),
  );
  return (
    <PageFrame
      titleKey="routes.collectGoods"
      crumbs={[{ labelKey: 'routes.userInfo', to: '/userInfo/dashboard' }]}
      extra={
        favourites.data && (
          <span className="cv-muted" data-testid="favourites-count">
            {t('favourites.count', { count: total })}
          </span>
        )
      }
    >
      <div {...REMOVAL_LIST_PROPS}>
        <ProductGrid
          cardHeadingLevel={2}
          products={favourites.data?.pageList}
          loadFailure={favourites}
          isLoading={favourites.isLoading || isPastEnd}
          isUpdating={favourites.isPlaceholderData}
          skeletonCount={8}
          isUnavailable={(product) => offShelf.has(product.id)}
          empty={
            <EmptyState
              title={t('favourites.empty')}
              text={t('favourites.emptyHint')}
              actionLabel={t('empty.browseAll')}
            />
          }
          renderFooter={(product) => (
            <div style={{ padding: '0 12px 12px', display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              {offShelf.has(product.id) ? (
                <span className="cv-muted">{t('favourites.offShelf')}</span>
              ) : (
                <span />
              )}
              <ConfirmPopover
                title={t('favourites.removeConfirm')}
                description={t('favourites.removeConfirmText', { name: product.name })}
                okText={t('favourites.remove')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true, loading: toggle.isPending }}
                onConfirm={() =>
                  toggle.mutateAsync(
                    { productId: product.id, isFavourite: false },
                    {
                      onSuccess: () => {
                        toast.success(t('detail.favouriteRemoved'));
                        if (favourites.data?.pageList.length === 1 && page > 1) {
                          setPage(page - 1);
                        }
                      },
                    },
                  )
                }
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  data-testid="favourite-remove"
                  data-removal-focus
                >
                  {t('favourites.remove')}
                </Button>
              </ConfirmPopover>
            </div>
          )}
        />
      </div>
      <ListPager page={page} pageSize={PAGE_SIZE.list} total={total} onChange={setPage} />
    </PageFrame>
  );
}

import { CloseCircleFilled, HeartFilled, HeartOutlined, SearchOutlined } from '@ant-design/icons';
import { PAGE_SIZE } from '@caravan/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LightButton } from '../../../components/ui/light-button';
import { PageFrame } from '../../../components/ui/page-frame';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { isApiError } from '../../../lib/api';
import { buildLoginPath, isLoggedIn, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useToggleFollow } from '../api/follow-store';
import { useStore } from '../api/get-store';
import { useProducts } from '../api/list-products';
import { useRecordStoreView } from '../api/record-store-view';
import '../catalog.css';
import { useLastPageCorrection, usePageParam } from '../../../lib/page-param';
import { LightLoadError } from '../components/light-load-error';
import { ListPager } from '../components/list-pager';
import { NotFoundState } from '../components/not-found-state';
import { ProductGrid } from '../components/product-grid';
import { formatRate } from '../lib/format';

export default function StorePage() {
  const { t, i18n } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const id = params.get('id') ?? '';
  const keyword = params.get('q') ?? '';
  const [page, setPage] = usePageParam();
  const store = useStore(id);
  const isFound = Boolean(store.data);
  const products = useProducts(
    { storeId: id, keyword: keyword || undefined, pageNum: page, pageSize: PAGE_SIZE.list },
    isFound,
  );
  const isPastEnd = useLastPageCorrection(page, products.data?.total, PAGE_SIZE.list, setPage);
  const follow = useToggleFollow();
  const [draft, setDraft] = useState(keyword);
  useRecordStoreView(id, isFound);
  useEffect(() => setDraft(keyword), [keyword]);

  if (id === '' || (store.isError && isApiError(store.error) && store.error.status === 404)) {
    return (
      <PageFrame titleKey="routes.store">
        <NotFoundState title={t('store.notFound')} text={t('store.notFoundHint')} testId="store-not-found" />
      </PageFrame>
    );
  }
  if (!store.data) {
    return (
      <PageFrame titleKey="routes.store">
        {store.isError ? <LightLoadError query={store} /> : <PageSkeleton />}
      </PageFrame>
    );
  }
  const data = store.data;
  const toggleFollow = () => {
    if (!isLoggedIn(session)) {
      void navigate(buildLoginPath(`${location.pathname}${location.search}`));
      return;
    }
    follow.mutate(
      { storeId: data.id, isFollowed: !data.isFollowed },
      { onSuccess: (state) => toast.success(state.isFollowed ? t('store.followed') : t('store.unfollowed')) },
    );
  };
  const setQuery = (next: string) => {
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.delete('page');
      if (next.trim()) {
        copy.set('q', next.trim());
      } else {
        copy.delete('q');
      }
      return copy;
    });
  };

  return (
    <PageFrame titleKey="routes.store" documentTitle={data.name}>
      <section className="cv-store-hero" aria-labelledby="store-name">
        {data.banner && (
          <img
            className="cv-store-hero__banner"
            src={data.banner.url}
            srcSet={data.banner.srcset}
            sizes="(max-width: 1199px) 100vw, 1168px"
            width={data.banner.width}
            height={data.banner.height}
            // The page's LCP picture, preloaded by page-head.ts.
            fetchPriority="high"
            alt=""
          />
        )}
        <div className="cv-store-hero__body">
          {data.logo && (
            <img
              className="cv-store-hero__logo"
              src={data.logo.url}
              srcSet={data.logo.srcset}
              sizes="72px"
              width={72}
              height={72}
              alt={data.name}
            />
          )}
          <div className="cv-store-hero__info">
            <h2 id="store-name" className="cv-store-hero__name" data-testid="store-name">
              <bdi>{data.name}</bdi>
            </h2>
            {data.description && (
              // The shop's own text, in the language it was written in: its direction comes from it.
              <p className="cv-muted" style={{ margin: '4px 0 0' }} dir="auto">
                {data.description}
              </p>
            )}
            <dl className="cv-stats">
              <div>
                <dt>{t('store.followersLabel')}</dt>
                <dd data-testid="store-followers">{data.followersCount}</dd>
              </div>
              <div>
                <dt>{t('store.soldLabel')}</dt>
                <dd>{data.soldCount}</dd>
              </div>
              <div>
                <dt>{t('store.pageViewsLabel')}</dt>
                <dd>{data.pageViews}</dd>
              </div>
              <div>
                <dt>{t('store.rateLabel')}</dt>
                <dd>
                  <bdi dir="ltr">{formatRate(data.favourableRate, i18n.language)}</bdi>
                </dd>
              </div>
            </dl>
          </div>
          <LightButton
            variant={data.isFollowed ? 'default' : 'primary'}
            icon={data.isFollowed ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />}
            isLoading={follow.isPending}
            onClick={toggleFollow}
            aria-pressed={data.isFollowed}
            data-testid="follow-store"
          >
            {data.isFollowed ? t('store.unfollow') : t('store.follow')}
          </LightButton>
        </div>
      </section>
      <div className="cv-section__head">
        <h2 className="cv-section__title">
          {keyword ? t('store.resultsFor', { keyword }) : t('store.allProducts')}
        </h2>
        <search>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setQuery(draft);
            }}
          >
            <span className="cv-store-search">
              <span className="cv-input-wrap">
                <input
                  className="cv-input-wrap__input"
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  placeholder={t('store.searchPlaceholder')}
                  aria-label={t('store.searchPlaceholder')}
                  maxLength={100}
                />
                {draft && (
                  <button
                    type="button"
                    className="cv-input-wrap__clear"
                    // Like Ant Design's allowClear: a mouse shortcut, outside the tab order.
                    tabIndex={-1}
                    aria-hidden="true"
                    onClick={() => setQuery('')}
                  >
                    <CloseCircleFilled aria-hidden="true" />
                  </button>
                )}
              </span>
              <LightButton
                htmlType="submit"
                variant="primary"
                isIconOnly
                icon={<SearchOutlined aria-hidden="true" />}
                aria-label={t('common:search.submit')}
              />
            </span>
          </form>
        </search>
      </div>
      <ProductGrid
        products={products.data?.pageList}
        loadFailure={products}
        isLoading={products.isLoading || !products.data || isPastEnd}
        isUpdating={products.isPlaceholderData}
        imageLoading={data.banner ? 'first-screen' : 'lead'}
        empty={
          <div className="cv-empty" data-testid="empty-state">
            <p className="cv-empty__title">
              {keyword ? t('store.noMatches', { keyword }) : t('store.noProducts')}
            </p>
            {keyword && <LightButton onClick={() => setQuery('')}>{t('store.showAll')}</LightButton>}
          </div>
        }
      />
      <ListPager page={page} pageSize={PAGE_SIZE.list} total={products.data?.total ?? 0} onChange={setPage} />
    </PageFrame>
  );
}

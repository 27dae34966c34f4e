import type { THomeList, TProductCard, TStoreCard } from '@caravan/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HydrationSlice } from '../../../components/ui/hydration-slice';
import { LightButton } from '../../../components/ui/light-button';
import { useInAppLinkHandler } from '../../../lib/in-app-link';
import { homeQuery } from '../api/get-home';
import { getHomeListPage, useHomeListMore } from '../api/get-home-list';
import '../catalog.css';
import { BannerCarousel } from './banner-carousel';
import { CATEGORY_ICON_SIZE, CategoryIcon } from './category-icon';
import { LightLoadError } from './light-load-error';
import { ProductGrid, ProductGridSkeleton, type TGridImageLoading } from './product-grid';
import { StoreCard } from './store-card';

const PRODUCT_LISTS = [
  { list: 'recommended', titleKey: 'home.recommended' },
  { list: 'new', titleKey: 'home.new' },
  { list: 'hot', titleKey: 'home.hot' },
  { list: 'guess', titleKey: 'home.guess' },
  { list: 'discounted', titleKey: 'home.discounted' },
] as const satisfies readonly { list: THomeList; titleKey: string }[];

/** One home list: the first 12 come with /home, "more" appends the next 12 each time. */
function ProductSection({
  list,
  title,
  first,
  imageLoading,
}: {
  list: THomeList;
  title: string;
  first: TProductCard[];
  /** `below-fold`: far below the first screen on every width (see .cv-section--below-fold in catalog.css). */
  imageLoading: TGridImageLoading;
}) {
  const { t } = useTranslation('catalog');
  const [isMoreWanted, setIsMoreWanted] = useState(false);
  const more = useHomeListMore(list, isMoreWanted);
  const extra = (more.data?.pages ?? []).flatMap((page) => getHomeListPage(page).pageList as TProductCard[]);
  const seen = new Set(first.map((product) => product.id));
  const products = [...first, ...extra.filter((product) => !seen.has(product.id) && seen.add(product.id))];
  const hasMore = isMoreWanted ? more.hasNextPage : first.length >= 12;
  const headingId = `home-${list}`;
  return (
    <section
      className={imageLoading === 'below-fold' ? 'cv-section cv-section--below-fold' : 'cv-section'}
      aria-labelledby={headingId}
      data-testid={`home-${list}`}
    >
      <div className="cv-section__head">
        <h2 id={headingId} className="cv-section__title">
          {title}
        </h2>
      </div>
      <ProductGrid
        products={products}
        isLoading={false}
        imageLoading={imageLoading}
        empty={<p className="cv-muted">{list === 'guess' ? t('home.guessEmpty') : t('empty.products')}</p>}
      />
      {hasMore && products.length > 0 && (
        <div className="cv-section__more">
          <LightButton
            isLoading={more.isFetching}
            onClick={() => {
              if (isMoreWanted) {
                void more.fetchNextPage();
              } else {
                setIsMoreWanted(true);
              }
            }}
          >
            {t('home.more')}
          </LightButton>
        </div>
      )}
    </section>
  );
}

function StoreSection({ first }: { first: TStoreCard[] }) {
  const { t } = useTranslation('catalog');
  const onOpen = useInAppLinkHandler();
  const [isMoreWanted, setIsMoreWanted] = useState(false);
  const more = useHomeListMore('stores', isMoreWanted);
  const extra = (more.data?.pages ?? []).flatMap((page) => getHomeListPage(page).pageList as TStoreCard[]);
  const seen = new Set(first.map((store) => store.id));
  const stores = [...first, ...extra.filter((store) => !seen.has(store.id) && seen.add(store.id))];
  const hasMore = isMoreWanted ? more.hasNextPage : first.length >= 12;
  if (stores.length === 0) {
    return null;
  }
  return (
    <section
      className="cv-section cv-section--below-fold cv-section--stores"
      aria-labelledby="home-stores"
      data-testid="home-stores"
    >
      <div className="cv-section__head">
        <h2 id="home-stores" className="cv-section__title">
          {t('home.stores')}
        </h2>
      </div>
      <ul className="cv-store-row">
        {stores.map((store) => (
          <li key={store.id}>
            <StoreCard store={store} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div className="cv-section__more">
          <LightButton
            isLoading={more.isFetching}
            onClick={() => (isMoreWanted ? void more.fetchNextPage() : setIsMoreWanted(true))}
          >
            {t('home.more')}
          </LightButton>
        </div>
      )}
    </section>
  );
}

export function HomeSkeleton() {
  return (
    <>
      <div className="cv-carousel cv-skel" />
      <ProductGridSkeleton count={10} />
    </>
  );
}

export default function HomeSections() {
  const { t } = useTranslation('catalog');
  const onOpen = useInAppLinkHandler();
  const home = useQuery(homeQuery());
  if (!home.data) {
    if (home.isError) {
      return <LightLoadError query={home} variant="primary" />;
    }
    return <HomeSkeleton />;
  }
  const data = home.data;
  return (
    <>
      <BannerCarousel banners={data.banners} />
      {data.categories.length > 0 && (
        <section className="cv-section" aria-labelledby="home-categories" data-testid="home-categories">
          <div className="cv-section__head">
            <h2 id="home-categories" className="cv-section__title">
              {t('home.categories')}
            </h2>
            <Link to="/classification">{t('home.allCategories')}</Link>
          </div>
          <ul className="cv-chips cv-chips--categories">
            {data.categories.map((category) => (
              <li key={category.id}>
                <a
                  className={category.icon ? 'cv-chip has-icon' : 'cv-chip'}
                  href={`/classification?id=${encodeURIComponent(category.id)}`}
                  onClick={onOpen}
                >
                  <CategoryIcon src={category.icon} size={CATEGORY_ICON_SIZE.chip} />
                  {category.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <HydrationSlice>
        <ProductSection
          list="recommended"
          title={t('home.recommended')}
          first={data.recommended}
          // The first banner is the page's LCP picture (page-head.ts preloads it); without one, the first card is.
          imageLoading={data.banners.length > 0 ? 'first-screen' : 'lead'}
        />
      </HydrationSlice>
      <HydrationSlice>
        <StoreSection first={data.stores} />
      </HydrationSlice>
      {PRODUCT_LISTS.slice(1).map(({ list, titleKey }) => (
        <HydrationSlice key={list}>
          <ProductSection list={list} title={t(titleKey)} first={data[list]} imageLoading="below-fold" />
        </HydrationSlice>
      ))}
    </>
  );
}

import { LANGUAGE_TAGS } from '@caravan/contracts/languages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ContactSellerButton } from '../../../components/ui/contact-seller-button';
import { HydrationSlice } from '../../../components/ui/hydration-slice';
import { LightTabs } from '../../../components/ui/light-controls';
import { PageFrame } from '../../../components/ui/page-frame';
import { PageSkeleton } from '../../../components/ui/page-skeleton';
import { scopeWithAntd } from '../../../lib/antd-lazy';
import { isApiError } from '../../../lib/api';
import { useInAppLinkHandler } from '../../../lib/in-app-link';
import { useProduct } from '../api/get-product';
import { useRecordProductView } from '../api/record-product-view';
import '../catalog.css';
import { brandedTitle } from '../../../lib/page-title';
import { BuyBox } from '../components/buy-box';
import { LightLoadError } from '../components/light-load-error';
import { NotFoundState } from '../components/not-found-state';
import { ProductGallery } from '../components/product-gallery';
import { StoreCard } from '../components/store-card';

/** Reviews (Ant Design's picture preview and pager) load when their tab is opened, not with the page. */
const ProductReviews = lazy(() =>
  scopeWithAntd(
    import('../components/product-reviews').then((module) => ({ default: module.ProductReviews })),
  ),
);

export default function ProductDetailsPage() {
  const { t } = useTranslation(['catalog', 'chat']);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const product = useProduct(id);
  const [tab, setTab] = useState<'description' | 'reviews'>('description');
  useRecordProductView(id, Boolean(product.data));
  const onOpenStore = useInAppLinkHandler();
  const name = product.data?.name;
  useEffect(() => {
    if (name) {
      document.title = brandedTitle(name, t('common:brand'));
    }
  }, [name, t]);

  const errorCode = isApiError(product.error) ? product.error.code : null;
  if (
    id === '' ||
    errorCode === 'PRODUCT_NOT_FOUND' ||
    (isApiError(product.error) && product.error.status === 400)
  ) {
    return (
      <PageFrame titleKey="routes.productDetails">
        <NotFoundState
          title={t('detail.notFound')}
          text={t('detail.notFoundHint')}
          testId="product-not-found"
        />
      </PageFrame>
    );
  }
  if (errorCode === 'GOODS_OFF_SHELF') {
    return (
      <PageFrame titleKey="routes.productDetails">
        <NotFoundState
          title={t('detail.offShelf')}
          text={t('detail.offShelfHint')}
          testId="product-off-shelf"
        />
      </PageFrame>
    );
  }
  if (!product.data) {
    return (
      <PageFrame titleKey="routes.productDetails">
        {product.isError ? <LightLoadError query={product} /> : <PageSkeleton />}
      </PageFrame>
    );
  }
  const data = product.data;
  return (
    <section className="cv-page">
      <nav className="cv-breadcrumb" aria-label={t('detail.categoryPath')}>
        <ol>
          <li>
            <Link to="/index">{t('empty.home')}</Link>
          </li>
          {data.categoryPath.map((node) => (
            <li key={node.id}>
              <Link to={`/classification?id=${encodeURIComponent(node.id)}`}>{node.name}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="cv-detail">
        <HydrationSlice>
          <ProductGallery images={data.images} name={data.name} />
        </HydrationSlice>
        <HydrationSlice>
          <BuyBox key={data.id} product={data} />
        </HydrationSlice>
      </div>
      <HydrationSlice>
        <div style={{ marginBottom: 16 }}>
          <StoreCard store={data.store} onOpen={onOpenStore} />
          <div style={{ marginTop: 8 }}>
            <ContactSellerButton storeId={data.store.id} storeName={data.store.name} productId={data.id} />
          </div>
        </div>
        <div className="cv-panel">
          <LightTabs
            idPrefix="product"
            active={tab}
            onChange={setTab}
            items={[
              {
                key: 'description',
                label: t('detail.description'),
                children: (
                  // The seller's text in its own direction: an English description in an Arabic page showed
                  // its full stop at the start of the line (".from our warehouse").
                  <p
                    style={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }}
                    lang={LANGUAGE_TAGS[data.textLang]}
                    dir="auto"
                  >
                    {data.description}
                  </p>
                ),
              },
              {
                key: 'reviews',
                label: t('detail.reviewsTab', { count: data.reviewCounts.all }),
                children: (
                  <Suspense fallback={<PageSkeleton />}>
                    <ProductReviews productId={data.id} counts={data.reviewCounts} />
                  </Suspense>
                ),
              },
            ]}
          />
        </div>
      </HydrationSlice>
    </section>
  );
}

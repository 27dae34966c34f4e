import { PAGE_SIZE } from '@caravan/contracts/constants';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NotFoundStatus } from '../../../app/page-status';
import { useCategories } from '../../../components/catalog/categories';
import { PageFrame } from '../../../components/ui/page-frame';
import { useSelectedInView } from '../../../components/ui/selected-in-view';
import { useProducts } from '../api/list-products';
import '../catalog.css';
import { useLastPageCorrection, usePageParam } from '../../../lib/page-param';
import { CATEGORY_ICON_SIZE, CategoryIcon } from '../components/category-icon';
import { ListPager } from '../components/list-pager';
import { ProductGrid } from '../components/product-grid';
import { categoryPathTitle, chooseCategory } from '../lib/category-path';
import { categoryProductFilters } from '../lib/product-filters';

const categoryPath = (id: string) => `/classification?id=${encodeURIComponent(id)}`;

export default function ClassificationPage() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const categories = useCategories();
  const tree = categories.data?.categories ?? [];
  const requestedId = params.get('id') ?? '';
  const { path, top, chosen } = chooseCategory(tree, requestedId);
  const [page, setPage] = usePageParam();
  const products = useProducts(categoryProductFilters(chosen?.id, page), Boolean(chosen));
  const isPastEnd = useLastPageCorrection(page, products.data?.total, PAGE_SIZE.list, setPage);
  // Without any icon the list stays as it was: names only, no empty places.
  const hasIcons = tree.some((node) => node.icon !== '');
  const topNav = useRef<HTMLUListElement>(null);
  // On a phone the top categories are a row that scrolls sideways (catalog.css): the chosen one is in view.
  useSelectedInView(topNav, '.is-active', top?.id);

  return (
    <PageFrame
      titleKey="routes.classification"
      documentTitle={path.length > 0 ? categoryPathTitle(path) : undefined}
    >
      <div className="cv-classification">
        <nav aria-label={t('classification.topLevel')}>
          <ul ref={topNav} className={hasIcons ? 'cv-cat-nav has-icons' : 'cv-cat-nav'}>
            {categories.isLoading &&
              [1, 2, 3, 4, 5].map((key) => (
                <li key={key} style={{ padding: '8px 16px' }}>
                  <div className="cv-skel" />
                </li>
              ))}
            {tree.map((node) => (
              <li key={node.id}>
                <Link
                  to={categoryPath(node.id)}
                  className={node.id === top?.id ? 'is-active' : undefined}
                  aria-current={node.id === top?.id ? 'true' : undefined}
                >
                  {hasIcons && <CategoryIcon src={node.icon} size={CATEGORY_ICON_SIZE.nav} hasPlaceholder />}
                  {node.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {top && (
            <div className="cv-panel" style={{ marginBottom: 16 }}>
              {top.children.map((group) => (
                <div key={group.id} className="cv-cat-group">
                  <h2>
                    <Link
                      to={categoryPath(group.id)}
                      aria-current={group.id === chosen?.id ? 'true' : undefined}
                    >
                      {group.name}
                    </Link>
                  </h2>
                  <ul className="cv-chips">
                    {group.children.map((leaf) => (
                      <li key={leaf.id}>
                        <Link
                          to={categoryPath(leaf.id)}
                          className={`cv-chip${leaf.id === chosen?.id ? ' is-active' : ''}`}
                          aria-current={leaf.id === chosen?.id ? 'true' : undefined}
                        >
                          {leaf.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
          {chosen && (
            <div className="cv-section__head">
              <h2 className="cv-section__title" data-testid="classification-title">
                {path.length > 0 ? categoryPathTitle(path) : chosen.name}
              </h2>
              {products.data && (
                <span className="cv-muted">{t('list.total', { count: products.data.total })}</span>
              )}
            </div>
          )}
          {requestedId !== '' && categories.data && path.length === 0 && (
            <p className="cv-muted" role="status">
              <NotFoundStatus />
              {t('classification.unknown')}
            </p>
          )}
          <ProductGrid
            products={chosen ? products.data?.pageList : []}
            loadFailure={products}
            isLoading={categories.isLoading || products.isLoading || isPastEnd}
            isUpdating={products.isPlaceholderData}
            skeletonCount={8}
          />
          <ListPager
            page={page}
            pageSize={PAGE_SIZE.list}
            total={products.data?.total ?? 0}
            onChange={setPage}
          />
        </div>
      </div>
    </PageFrame>
  );
}

import type { TProductCard } from '@caravan/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrationSlice, toSlices } from '../../../components/ui/hydration-slice';
import { EmptyState } from './empty-state';
import { LightLoadError } from './light-load-error';
import { ProductCard, type TImagePriority, useProductCardTexts } from './product-card';

/** Cards on a phone's first screen (2 across): their pictures load at once. */
const ABOVE_FOLD_CARDS = 2;
/** Cards hydrated together (components/ui/hydration-slice.tsx). */
const CARDS_PER_SLICE = 10;

export function ProductGridSkeleton({ count = 10 }: { count?: number }) {
  const { t } = useTranslation('catalog');
  return (
    <ul className="cv-grid" aria-busy="true" aria-label={t('states.loading')}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index}>
          <div className="cv-card cv-card--skeleton">
            <div className="cv-card__media" />
            <div className="cv-card__body">
              <div className="cv-skel" />
              <div className="cv-skel" style={{ width: '60%' }} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

type TProductGridProps = {
  products: TProductCard[] | undefined;
  isLoading: boolean;
  /**
   * The cards are the previous page's or filters' while the new ones load (placeholder data): the list says it is
   * busy, to assistive technology and to the eye, so nobody acts on results that are about to change.
   */
  isUpdating?: boolean;
  skeletonCount?: number;
  empty?: ReactNode;
  /** The list's query: when it failed with no cards to show, the grid says so and offers Try again. */
  loadFailure?: { isError: boolean; error: unknown; refetch: () => unknown };
  renderFooter?: (product: TProductCard) => ReactNode;
  /** Cards of goods not for sale now (favourites taken off shelf): dimmed, without a sale badge or "was" price. */
  isUnavailable?: (product: TProductCard) => boolean;
  /**
   * The cards' name headings: 3 under a section's h2 (the default), 2 where the list follows the page's h1, so
   * the page's outline skips no level (WCAG 1.3.1).
   */
  cardHeadingLevel?: 2 | 3;
  /**
   * How the cards' pictures load. `lead` (the default): the grid is the page's main content, its first picture the
   * largest of the first screen (the LCP: high priority), the second at once too. `first-screen`: a larger picture
   * above the grid (a banner) is the LCP; the first two load at once without competing with it. `below-fold`: far
   * below the first screen on every width; every picture waits until scrolled near, so none takes bandwidth from the
   * first screen (nor gets a preload from React's server rendering, which preloads every picture that is not lazy).
   */
  imageLoading?: TGridImageLoading;
};

export type TGridImageLoading = 'lead' | 'first-screen' | 'below-fold';

function cardImagePriority(position: number, imageLoading: TGridImageLoading): TImagePriority {
  if (imageLoading === 'below-fold' || position >= ABOVE_FOLD_CARDS) {
    return 'lazy';
  }
  return position === 0 && imageLoading === 'lead' ? 'high' : 'eager';
}

/** Equal-height product cards with a skeleton while loading and an empty state with a next step. */
export function ProductGrid({
  products,
  isLoading,
  isUpdating = false,
  skeletonCount,
  empty,
  loadFailure,
  renderFooter,
  isUnavailable,
  cardHeadingLevel = 3,
  imageLoading = 'lead',
}: TProductGridProps) {
  const { t } = useTranslation('catalog');
  const cardTexts = useProductCardTexts();
  if (isLoading && !products) {
    return <ProductGridSkeleton count={skeletonCount} />;
  }
  if (!products && loadFailure?.isError) {
    return <LightLoadError query={loadFailure} />;
  }
  if (!products || products.length === 0) {
    return (
      empty ?? (
        <EmptyState
          title={t('empty.products')}
          text={t('empty.productsHint')}
          actionLabel={t('empty.browseAll')}
        />
      )
    );
  }
  return (
    <ul className={isUpdating ? 'cv-grid cv-grid--updating' : 'cv-grid'} aria-busy={isUpdating || undefined}>
      {toSlices(products, CARDS_PER_SLICE).map((slice, sliceIndex) => (
        <HydrationSlice key={slice[0]?.id}>
          {slice.map((product, index) => {
            const position = sliceIndex * CARDS_PER_SLICE + index;
            return (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  texts={cardTexts}
                  footer={renderFooter?.(product)}
                  headingLevel={cardHeadingLevel}
                  isUnavailable={isUnavailable?.(product)}
                  priority={cardImagePriority(position, imageLoading)}
                />
              </li>
            );
          })}
        </HydrationSlice>
      ))}
    </ul>
  );
}

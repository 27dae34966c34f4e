import type { TProductCard } from '@caravan/contracts';
import { type MouseEvent, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useInAppLinkHandler } from '../../../lib/in-app-link';
import { buildProductPath } from '../lib/format';
import { isPriceReduced } from '../lib/price';
import { Money } from './money';

/** Card widths: 5 across at 1200 px, 2 across on phones (catalog.css). */
export const CARD_IMAGE_SIZES = '(max-width: 767px) 50vw, (max-width: 1199px) 25vw, 230px';

/** How soon the picture loads: lazily below the fold; the first card's is the page's largest paint. */
export type TImagePriority = 'high' | 'eager' | 'lazy';

/**
 * What every card of a list shares, made once by the list: a translation hook in each of a page's 60 cards was
 * work in every card's render and effects, and so was a router Link per card (issue 11, TBT).
 */
export type TProductCardTexts = {
  sale: string;
  sold: (count: number) => string;
  /** Opens the card's product inside the app (lib/in-app-link.ts). */
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** The cards' shared texts and link handler for the language (product-grid.tsx makes them once per list). */
export function useProductCardTexts(): TProductCardTexts {
  const { t } = useTranslation('catalog');
  const onOpen = useInAppLinkHandler();
  return useMemo(
    () => ({ sale: t('card.sale'), sold: (count: number) => t('card.sold', { count }), onOpen }),
    [t, onOpen],
  );
}

export function ProductCard({
  product,
  texts,
  footer,
  priority = 'lazy',
  headingLevel = 3,
  isUnavailable = false,
}: {
  product: TProductCard;
  texts: TProductCardTexts;
  footer?: ReactNode;
  priority?: TImagePriority;
  /** One below the heading the list sits under: 2 on a page whose list follows its h1 directly. */
  headingLevel?: 2 | 3;
  /** Not for sale now (a favourite taken off shelf): shown dimmed, without a sale to offer. */
  isUnavailable?: boolean;
}) {
  const NameHeading = headingLevel === 2 ? 'h2' : 'h3';
  // A "was" price and the badge only above the price paid, as on the product page: an original price a seller left
  // below a raised selling price was struck through beside the higher price. Goods nobody can buy offer no sale.
  const isOnSale = !isUnavailable && isPriceReduced(product, product.price);
  return (
    <article
      className={isUnavailable ? 'cv-card cv-card--unavailable' : 'cv-card'}
      data-testid="product-card"
    >
      <a href={buildProductPath(product.id)} className="cv-card__link" onClick={texts.onOpen}>
        <div className="cv-card__media">
          {product.image && (
            <img
              src={product.image.url}
              srcSet={product.image.srcset}
              sizes={CARD_IMAGE_SIZES}
              width={product.image.width}
              height={product.image.height}
              loading={priority === 'lazy' ? 'lazy' : 'eager'}
              fetchPriority={priority === 'high' ? 'high' : 'auto'}
              decoding={priority === 'high' ? 'sync' : 'async'}
              alt={product.name}
            />
          )}
          {isOnSale && <span className="cv-card__badge">{texts.sale}</span>}
        </div>
        <div className="cv-card__body">
          <NameHeading className="cv-card__name" title={product.name}>
            <bdi>{product.name}</bdi>
          </NameHeading>
          <div className="cv-card__price">
            <Money amount={product.price} />
            {isOnSale && <Money amount={product.originalPrice} isStruck />}
          </div>
          <div className="cv-card__meta">
            <span>{texts.sold(product.soldCount)}</span>
            <bdi title={product.storeName}>{product.storeName}</bdi>
          </div>
        </div>
      </a>
      {footer}
    </article>
  );
}

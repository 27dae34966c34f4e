import type { TStoreCard } from '@caravan/contracts';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buildStorePath, formatRate } from '../lib/format';

/** `onOpen`: the list's one in-app link handler (lib/in-app-link.ts), shared by its cards. */
export function StoreCard({
  store,
  extra,
  onOpen,
}: {
  store: TStoreCard;
  extra?: ReactNode;
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { t, i18n } = useTranslation('catalog');
  return (
    <div className="cv-store-card" data-testid="store-card">
      <a href={buildStorePath(store.id)} className="cv-store-card__link" onClick={onOpen}>
        {store.logo ? (
          <img
            src={store.logo.url}
            srcSet={store.logo.srcset}
            sizes="56px"
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            alt={store.name}
          />
        ) : (
          <span className="cv-store-card__logo" aria-hidden="true" />
        )}
        <span className="cv-store-card__text">
          <bdi className="cv-store-card__name">{store.name}</bdi>
          <span className="cv-store-card__meta">
            {t('store.followers', { count: store.followersCount })} ·{' '}
            {t('store.rateShort', { rate: formatRate(store.favourableRate, i18n.language) })}
          </span>
          <span className="cv-store-card__meta">{t('card.sold', { count: store.soldCount })}</span>
        </span>
      </a>
      {extra}
    </div>
  );
}

import type { THomeResponse } from '@caravan/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const ROTATE_MS = 5_000;

type TBanner = THomeResponse['banners'][number];

/** Hand-made (antd's Carousel would weigh on the home page's first load); pauses on hover and focus. */
export function BannerCarousel({ banners }: { banners: TBanner[] }) {
  const { t } = useTranslation('catalog');
  const [active, setActive] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || isPaused) {
      return;
    }
    const timer = window.setInterval(() => setActive((index) => (index + 1) % count), ROTATE_MS);
    return () => window.clearInterval(timer);
  }, [count, isPaused]);

  if (count === 0) {
    return null;
  }
  const go = (step: number) => setActive((index) => (index + step + count) % count);
  return (
    <section
      className="cv-carousel"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
    >
      {banners.map((banner, index) => (
        <fieldset
          key={banner.id}
          className={`cv-carousel__slide${index === active ? ' is-active' : ''}`}
          aria-hidden={index !== active}
          aria-roledescription="slide"
        >
          <Link to={banner.link || '/commodity'} tabIndex={index === active ? 0 : -1}>
            <img
              src={banner.image.url}
              srcSet={banner.image.srcset}
              sizes="(max-width: 1199px) 100vw, 1168px"
              width={banner.image.width}
              height={banner.image.height}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              // The picture carries no words; the title below is the real, translated text.
              alt=""
            />
            <span className="cv-carousel__text">
              <span className="cv-carousel__title">{banner.title}</span>
              {banner.subtitle && <span className="cv-carousel__subtitle">{banner.subtitle}</span>}
            </span>
          </Link>
        </fieldset>
      ))}
      {count > 1 && (
        <>
          <button
            type="button"
            className="cv-carousel__arrow cv-carousel__arrow--prev"
            aria-label={t('home.previousBanner')}
            onClick={() => go(-1)}
          >
            {/* dir="ltr": a ‹ in right-to-left text is drawn mirrored already; the stylesheet turns it once. */}
            <span aria-hidden="true" dir="ltr">
              ‹
            </span>
          </button>
          <button
            type="button"
            className="cv-carousel__arrow cv-carousel__arrow--next"
            aria-label={t('home.nextBanner')}
            onClick={() => go(1)}
          >
            <span aria-hidden="true" dir="ltr">
              ›
            </span>
          </button>
          <div className="cv-carousel__dots">
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className={`cv-carousel__dot${index === active ? ' is-active' : ''}`}
                aria-label={t('home.showBanner', { index: index + 1, count })}
                aria-current={index === active}
                onClick={() => setActive(index)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

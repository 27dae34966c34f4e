import type { TImage } from '@caravan/contracts';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedInView } from '../../../components/ui/selected-in-view';
import { scopeWithAntd } from '../../../lib/antd-lazy';

const GalleryPreview = lazy(() => scopeWithAntd(import('./gallery-preview')));

/** Main picture with zoom (antd preview, arrows and Escape, loaded on first use) and a row of thumbnails. */
export function ProductGallery({ images, name }: { images: TImage[]; name: string }) {
  const { t } = useTranslation('catalog');
  const [active, setActive] = useState(0);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const [hasPreview, setHasPreview] = useState(false);
  const thumbs = useRef<HTMLUListElement>(null);
  // The preview's arrows move through the pictures: once it closes, the row of thumbnails shows the one it ended on.
  // Not on hover, which chooses a picture too: the row would slide under the pointer.
  useSelectedInView(thumbs, '.is-active', isPreviewOpen);
  const current = images[active];
  if (!current) {
    return <div className="cv-gallery__main" />;
  }
  return (
    <div className="cv-gallery">
      <button
        type="button"
        className="cv-gallery__main"
        data-testid="gallery-main"
        aria-label={t('detail.zoom')}
        onClick={() => {
          setHasPreview(true);
          setIsPreviewOpen(true);
        }}
      >
        <img
          src={current.url}
          srcSet={current.srcset}
          sizes="(max-width: 991px) 100vw, 440px"
          width={current.width}
          height={current.height}
          fetchPriority="high"
          alt={name}
        />
      </button>
      {hasPreview && (
        <Suspense fallback={null}>
          <GalleryPreview
            images={images}
            name={name}
            active={active}
            isOpen={isPreviewOpen}
            onOpenChange={setIsPreviewOpen}
            onChange={setActive}
          />
        </Suspense>
      )}
      {images.length > 1 && (
        <ul ref={thumbs} className="cv-gallery__thumbs" aria-label={t('detail.pictures')}>
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                type="button"
                className={`cv-gallery__thumb${index === active ? ' is-active' : ''}`}
                aria-label={t('detail.showPicture', { index: index + 1, count: images.length })}
                aria-pressed={index === active}
                onClick={() => setActive(index)}
                onMouseEnter={() => setActive(index)}
              >
                <img
                  src={image.url}
                  srcSet={image.srcset}
                  sizes="64px"
                  width={64}
                  height={64}
                  loading="lazy"
                  alt=""
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

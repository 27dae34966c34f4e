import { REVIEW_FILTERS, type TReviewCounts, type TReviewFilter } from '@caravan/contracts';
import { Image } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { usePicturePreview } from '../../../components/ui/picture-preview';
import { formatDateTime } from '../../../lib/format';
import { REVIEW_PAGE_SIZE, useReviews } from '../api/list-reviews';

/** Reviews by class (all, good, medium, bad, with photos) with counts, paged, photos in a viewer. */
export function ProductReviews({ productId, counts }: { productId: string; counts: TReviewCounts }) {
  const { t } = useTranslation('catalog');
  const picturePreview = usePicturePreview();
  const [filter, setFilter] = useState<TReviewFilter>('all');
  const [page, setPage] = useState(1);
  const reviews = useReviews(productId, filter, page);
  const list = reviews.data?.pageList ?? [];
  return (
    <section aria-label={t('detail.reviews')} data-testid="reviews">
      <div className="cv-chips" style={{ marginBottom: 8 }}>
        {REVIEW_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={filter === value}
            className={`cv-chip${filter === value ? ' is-active' : ''}`}
            onClick={() => {
              setFilter(value);
              setPage(1);
            }}
            data-testid={`review-filter-${value}`}
          >
            {t(`reviews.${value}`)} ({counts[value]})
          </button>
        ))}
      </div>
      {reviews.isLoading && (
        <div style={{ display: 'grid', gap: 10, paddingBlock: 12 }} aria-busy="true">
          <div className="cv-skel" />
          <div className="cv-skel" style={{ width: '70%' }} />
        </div>
      )}
      {!reviews.isLoading && list.length === 0 && (
        <p className="cv-muted" style={{ paddingBlock: 16 }}>
          {filter === 'all' ? t('reviews.none') : t('reviews.noneInClass')}
        </p>
      )}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((review) => (
          <li key={review.id} className="cv-review">
            <span className="cv-review__avatar" aria-hidden="true">
              {Array.from(review.reviewerName)[0]?.toUpperCase() ?? '?'}
            </span>
            <div>
              <div className="cv-review__head">
                <strong style={{ color: 'var(--cv-text)' }}>
                  <bdi>{review.reviewerName}</bdi>
                </strong>
                <span>{t(`reviews.${review.rating}`)}</span>
                {review.variantName && <bdi>{review.variantName}</bdi>}
                <time dateTime={review.createdAt} dir="ltr">
                  {formatDateTime(review.createdAt)}
                </time>
              </div>
              <p className="cv-review__text" dir={review.content ? 'auto' : undefined}>
                {review.content || t('reviews.noText')}
              </p>
              {review.sellerReply ? (
                <p
                  className="cv-review__text"
                  style={{ paddingInlineStart: 12, borderInlineStart: '3px solid var(--cv-border, #E5E7EB)' }}
                >
                  <strong>{t('reviews.sellerReply')}</strong> <bdi>{review.sellerReply}</bdi>
                </p>
              ) : null}
              {review.images.length > 0 && (
                <div className="cv-review__photos">
                  <Image.PreviewGroup preview={picturePreview}>
                    {review.images.map((src, index) => (
                      <Image
                        key={src}
                        src={src}
                        width={72}
                        height={72}
                        style={{ objectFit: 'cover', borderRadius: 6 }}
                        alt={t('reviews.photoAlt', { index: index + 1, name: review.reviewerName })}
                        loading="lazy"
                      />
                    ))}
                  </Image.PreviewGroup>
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
      {(reviews.data?.total ?? 0) > REVIEW_PAGE_SIZE && (
        <div className="cv-pager">
          <Pager
            current={page}
            pageSize={REVIEW_PAGE_SIZE}
            total={reviews.data?.total ?? 0}
            showSizeChanger={false}
            onChange={setPage}
          />
        </div>
      )}
    </section>
  );
}

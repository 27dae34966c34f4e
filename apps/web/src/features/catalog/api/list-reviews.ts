import type { TReview, TReviewFilter } from '@caravan/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const REVIEW_PAGE_SIZE = 10;

type TReviewPage = { pageList: TReview[]; pageNum: number; pageSize: number; total: number };

export function useReviews(productId: string, type: TReviewFilter, pageNum: number) {
  return useQuery({
    queryKey: ['catalog', 'reviews', productId, type, pageNum],
    queryFn: ({ signal }) =>
      api.get<TReviewPage>(`/catalog/products/${encodeURIComponent(productId)}/reviews`, {
        query: { type, pageNum, pageSize: REVIEW_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

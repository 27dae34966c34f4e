import type { TLocalizedText, TSellerReviewsQueryParsed, TSellerReviewsResponse } from '@caravan/contracts';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, reviews, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { clearCatalogCache } from '../catalog';
import { pickName } from './present';
import type { TSeller } from './products';

export async function listSellerReviews(
  db: Database,
  seller: TSeller,
  lang: string,
  query: TSellerReviewsQueryParsed,
): Promise<TSellerReviewsResponse> {
  const where = and(
    eq(reviews.storeId, seller.storeId),
    query.isReplied === true
      ? isNotNull(reviews.reply)
      : query.isReplied === false
        ? isNull(reviews.reply)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        review: reviews,
        names: products.names,
        lang: products.lang,
        username: users.username,
        usercode: users.usercode,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return {
    pageList: rows.map((r) => ({
      id: String(r.review.id),
      productId: String(r.review.productId),
      productName: pickName(r.names as TLocalizedText, lang, r.lang),
      rating: r.review.rating,
      content: r.review.content,
      userName: maskName(r.username ?? r.usercode),
      reply: r.review.reply,
      repliedAt: r.review.repliedAt ? r.review.repliedAt.toISOString() : null,
      createdAt: r.review.createdAt.toISOString(),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

function maskName(name: string): string {
  return name.length <= 2 ? `${name[0] ?? ''}*` : `${name[0]}***${name[name.length - 1]}`;
}

/** The seller answers a review of the shop's goods once (REVIEW_ALREADY_REPLIED after). */
export async function replyToReview(
  db: Database,
  seller: TSeller,
  reviewId: bigint,
  content: string,
): Promise<void> {
  const rows = await db
    .update(reviews)
    .set({ reply: content, repliedAt: sql`now()` })
    .where(and(eq(reviews.id, reviewId), eq(reviews.storeId, seller.storeId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  if (rows.length === 0) {
    const [exists] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.storeId, seller.storeId)));
    throw new AppError(exists ? 'REVIEW_ALREADY_REPLIED' : 'REVIEW_NOT_FOUND');
  }
  clearCatalogCache(db);
}

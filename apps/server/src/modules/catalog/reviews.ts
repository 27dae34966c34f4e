import {
  REVIEW_IMAGES_MAX,
  type TLanguage,
  type TReviewCounts,
  type TReviewListQuery,
  type TReviewRating,
} from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { TProductAttributeDef } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { pickText, rowsOf, toInt, toIso } from './present';

async function findProductCounts(db: Database, productId: string): Promise<TReviewCounts> {
  const result = await db.execute(sql`select good_count, medium_count, bad_count, photo_count
    from products where id = ${productId}::bigint`);
  const row = rowsOf(result)[0];
  if (!row) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  const good = toInt(row.good_count);
  const medium = toInt(row.medium_count);
  const bad = toInt(row.bad_count);
  return { all: good + medium + bad, good, medium, bad, photo: toInt(row.photo_count) };
}

export function getReviewCounts(db: Database, productId: string): Promise<TReviewCounts> {
  return findProductCounts(db, productId);
}

const FILTERS: Record<TReviewListQuery['type'], SQL> = {
  all: sql`true`,
  good: sql`r.rating = 'good'`,
  medium: sql`r.rating = 'medium'`,
  bad: sql`r.rating = 'bad'`,
  photo: sql`r.has_photos`,
};

export async function listReviews(db: Database, productId: string, query: TReviewListQuery, lang: TLanguage) {
  const counts = await findProductCounts(db, productId);
  const result =
    await db.execute(sql`select r.id::text as id, r.rating, r.content, r.images, r.created_at, r.reply,
      coalesce(u.username, split_part(u.email, '@', 1), 'user') as reviewer, u.avatar,
      v.attrs as variant_attrs, p.attributes, p.lang
    from reviews r
    join users u on u.id = r.user_id
    join products p on p.id = r.product_id
    left join product_variants v on v.id = r.variant_id
    where r.product_id = ${productId}::bigint and ${FILTERS[query.type]}
    order by r.created_at desc nulls last, r.id desc nulls last
    limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`);
  return {
    pageList: rowsOf(result).map((r) => ({
      id: String(r.id),
      rating: r.rating as TReviewRating,
      content: String(r.content),
      images: (r.images as string[]) ?? [],
      reviewerName: maskName(String(r.reviewer)),
      reviewerAvatar: toInt(r.avatar),
      variantName: variantName(
        r.variant_attrs as Record<string, string> | null,
        r.attributes as TProductAttributeDef[],
        lang,
        String(r.lang),
      ),
      createdAt: toIso(r.created_at),
      sellerReply: r.reply === null || r.reply === undefined ? null : String(r.reply),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total: counts[query.type],
  };
}

/** The reviewed variant by its values' names in `lang` ("Red / XL"), not their codes ("red / xl"). */
function variantName(
  attrs: Record<string, string> | null,
  attributes: TProductAttributeDef[],
  lang: TLanguage,
  fallback: string,
): string | null {
  if (!attrs) {
    return null;
  }
  return Object.entries(attrs)
    .map(([attributeCode, valueCode]) => {
      const value = attributes
        .find((attribute) => attribute.code === attributeCode)
        ?.values.find((candidate) => candidate.code === valueCode);
      return value ? pickText(value.names, lang, fallback) : valueCode;
    })
    .join(' / ');
}

/** Reviewers are shown as "de***r": enough to recognise oneself, not to identify others. */
function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 2) {
    return `${chars[0] ?? ''}***`;
  }
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/**
 * Adds a product review and updates the product's and store's counters in the caller's transaction.
 * The orders team calls this when a buyer reviews a received order.
 */
export async function recordReview(
  tx: Executor,
  input: {
    productId: bigint | string;
    userId: bigint;
    rating: TReviewRating;
    content: string;
    images?: string[];
    orderId?: bigint | null;
    variantId?: bigint | null;
  },
): Promise<string> {
  const images = (input.images ?? []).slice(0, REVIEW_IMAGES_MAX + 1);
  if (images.length > REVIEW_IMAGES_MAX) {
    throw new AppError('PARAMETER_ERROR', { field: 'images', max: REVIEW_IMAGES_MAX });
  }
  const hasPhotos = images.length > 0 ? 1 : 0;
  const counters = await tx.execute(sql`update products set evaluation_num = evaluation_num + 1,
      good_count = good_count + ${input.rating === 'good' ? 1 : 0},
      medium_count = medium_count + ${input.rating === 'medium' ? 1 : 0},
      bad_count = bad_count + ${input.rating === 'bad' ? 1 : 0},
      photo_count = photo_count + ${hasPhotos}
    where id = ${String(input.productId)}::bigint returning store_id::text as store_id`);
  const product = rowsOf(counters)[0];
  if (!product) {
    throw new AppError('PRODUCT_NOT_FOUND');
  }
  await tx.execute(sql`update stores set total_reviews = total_reviews + 1,
      good_reviews = good_reviews + ${input.rating === 'good' ? 1 : 0}
    where id = ${String(product.store_id)}::bigint`);
  const inserted = await tx.execute(sql`insert into reviews
      (product_id, store_id, user_id, order_id, variant_id, rating, content, images)
    values (${String(input.productId)}::bigint, ${String(product.store_id)}::bigint, ${String(input.userId)}::bigint,
      ${input.orderId == null ? null : String(input.orderId)}::bigint, ${input.variantId == null ? null : String(input.variantId)}::bigint, ${input.rating}, ${input.content},
      array(select jsonb_array_elements_text(${JSON.stringify(images)}::jsonb)))
    returning id::text as id`);
  return String(rowsOf(inserted)[0]!.id);
}

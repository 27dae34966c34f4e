import {
  chargedUnitPrice,
  formatMoney,
  isDiscountActive,
  parseMoney,
  type TImage,
  type TLanguage,
  type TLocalizedText,
  type TProductCard,
  type TStoreCard,
} from '@caravan/contracts';
import { type SQL, sql } from 'drizzle-orm';

export type TRow = Record<string, unknown>;

export function money(value: unknown): string {
  return formatMoney(parseMoney(String(value)));
}

export function moneyOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : money(value);
}

export function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) {
    return null;
  }
  return value instanceof Date ? value : new Date(String(value));
}

export function toInt(value: unknown): number {
  return typeof value === 'number' ? value : Number.parseInt(String(value), 10);
}

/** The text in `lang`, else in English, else in the fallback language (the product's own), else any. */
export function pickText(
  texts: TLocalizedText | null | undefined,
  lang: TLanguage,
  fallback: string,
): string {
  if (!texts) {
    return '';
  }
  const record = texts as Record<string, string | undefined>;
  // English before the product's own language: a Russian shopper read product names in Spanish, Arabic and Chinese
  // (each shop's language) where an English one existed.
  return record[lang] ?? record.en ?? record[fallback] ?? Object.values(record)[0] ?? '';
}

/** Columns every product card needs; `p` is products, `s` is stores. */
export function cardColumns(lang: TLanguage): SQL {
  return sql`p.id::text as id,
    coalesce(p.names->>${lang}, p.names->>'en', p.names->>p.lang, '') as name,
    p.images->0 as image,
    p.selling_price::text as selling_price,
    p.original_price::text as original_price,
    p.discount_price::text as discount_price,
    p.is_discounted, p.discount_ends_at, p.sold_count, p.evaluation_num, p.buy_min,
    p.store_id::text as store_id, s.name as store_name, p.created_at`;
}

export function toCard(row: TRow, now = new Date()): TProductCard {
  const priced = {
    sellingPrice: parseMoney(String(row.selling_price)),
    discountPrice: row.discount_price === null ? null : parseMoney(String(row.discount_price)),
    isDiscounted: row.is_discounted === true,
    discountEndsAt: toDate(row.discount_ends_at),
  };
  return {
    id: String(row.id),
    name: String(row.name ?? ''),
    image: (row.image as TImage | null) ?? null,
    price: formatMoney(chargedUnitPrice(priced, null, now)),
    sellingPrice: formatMoney(priced.sellingPrice),
    originalPrice: money(row.original_price),
    discountPrice: priced.discountPrice === null ? null : formatMoney(priced.discountPrice),
    isDiscounted: isDiscountActive(priced, now),
    soldCount: toInt(row.sold_count),
    evaluationNum: toInt(row.evaluation_num),
    buyMin: toInt(row.buy_min),
    storeId: String(row.store_id),
    storeName: String(row.store_name ?? ''),
    createdAt: toIso(row.created_at),
  };
}

/** Columns of a store card; `s` is stores. */
export const STORE_CARD_COLUMNS = sql`s.id::text as id, s.name, s.logo, s.description, s.followers_count,
  s.sold_count, s.page_views, s.good_reviews, s.total_reviews, s.is_recommended`;

export function favourableRate(good: number, total: number): string | null {
  if (total <= 0) {
    return null;
  }
  // Four decimals, rounded half up, without floats.
  const scaled = (BigInt(good) * 100_000n) / BigInt(total);
  const rounded = (scaled + 5n) / 10n;
  const whole = rounded / 10_000n;
  const fraction = (rounded % 10_000n).toString().padStart(4, '0');
  return `${whole}.${fraction}`;
}

export function toStoreCard(row: TRow): TStoreCard {
  return {
    id: String(row.id),
    name: String(row.name),
    logo: (row.logo as TImage | null) ?? null,
    description: String(row.description ?? ''),
    followersCount: toInt(row.followers_count),
    soldCount: toInt(row.sold_count),
    pageViews: toInt(row.page_views),
    favourableRate: favourableRate(toInt(row.good_reviews), toInt(row.total_reviews)),
    isRecommended: toInt(row.is_recommended) > 0,
  };
}

export function rowsOf(result: unknown): TRow[] {
  return (result as { rows: TRow[] }).rows;
}

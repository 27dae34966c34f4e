import { REVIEW_IMAGES_MAX } from '@caravan/contracts';
import type { TAuthUser } from '../../http/auth';
import { readLegacyToken, requireLegacyUser, type TLegacyContext } from './registry';

/** Page parameters as the old apps spell them. */
export const LEGACY_PAGE = {
  pageNum: ['pageNum', 'pageNo', 'page', 'page_no'],
  pageSize: ['pageSize', 'size', 'page_size'],
} as const;

/** Order number as the old apps spell it. */
export const LEGACY_ORDER_NO = ['orderNo', 'order_no', 'orderId', 'order_id', 'id'] as const;

/** The body as an object when it is one (a JSON body may carry arrays that the merged params drop). */
function bodyObject(ctx: TLegacyContext): Record<string, unknown> {
  const body = ctx.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The first of `names` present in the body as a JSON value (array or object). */
export function readBodyValue(ctx: TLegacyContext, names: readonly string[]): unknown {
  const body = bodyObject(ctx);
  for (const name of names) {
    if (body[name] !== undefined && body[name] !== null && typeof body[name] === 'object') {
      return body[name];
    }
  }
  return undefined;
}

/**
 * A list parameter: a JSON array in the body, a JSON array in a string ("[1,2]") or a comma-separated
 * string ("1,2"); the first of `names` present wins. Empty entries are dropped.
 */
export function readList(ctx: TLegacyContext, names: readonly string[]): unknown[] | undefined {
  const fromBody = readBodyValue(ctx, names);
  if (Array.isArray(fromBody)) {
    return fromBody;
  }
  const name = names.find((n) => ctx.params[n] !== undefined);
  if (name === undefined) {
    return undefined;
  }
  const raw = ctx.params[name]!.trim();
  if (raw.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) {
        return parsed;
      }
    } catch {
      // Not JSON after all: read it as a comma-separated list below.
    }
  }
  return raw
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((v) => v.trim().replace(/^"|"$/g, ''))
    .filter((v) => v !== '');
}

/** Review and refund pictures: `images` (list) or the old `imgUrl1` ... `imgUrl9` fields. */
export function readImages(ctx: TLegacyContext): unknown[] {
  const listed = readList(ctx, ['images', 'imgUrls', 'imgs']);
  if (listed) {
    return listed;
  }
  const numbered: string[] = [];
  for (let i = 1; i <= REVIEW_IMAGES_MAX + 1; i += 1) {
    const value = ctx.params[`imgUrl${i}`] ?? ctx.params[`img_url_${i}`];
    if (value) {
      numbered.push(value);
    }
  }
  return numbered;
}

/** The old apps send flags as 1/0 ("use value 1 = default"); true/false work too. */
export function readFlag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') {
    return undefined;
  }
  return value === '1' || value.toLowerCase() === 'true';
}

/** The buyer when a token came along, else null (an absent or stale token reads as a visitor). */
export async function findLegacyUser(ctx: TLegacyContext): Promise<TAuthUser | null> {
  if (!readLegacyToken(ctx)) {
    return null;
  }
  return requireLegacyUser(ctx).catch(() => null);
}

import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { ownerKey, type TUploadOwner } from './owners';
import { getUploadLimits, takeUploadQuota } from './quota';
import { decodeImage, readImageMeta, toImageError } from './read-image-meta';

/** Documents are kept readable (they have small print) but bounded in size. */
const MAX_WIDTH = 1600;
const WEBP_QUALITY = 85;

/** How a private picture is answered: never kept by a browser or a proxy (compare /uploads: public, a month). */
export const PRIVATE_IMAGE_HEADERS = {
  'content-type': 'image/webp',
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
} as const;

export type TPrivateImage = { contentType: 'image/webp'; width: number; height: number; data: Buffer };

/**
 * A picture to keep privately (identity photos, merchant documents): the bytes must be a JPEG, PNG, WebP or GIF
 * picture (checked by content) within IMAGE_MAX_PIXELS; it is re-encoded to WebP without metadata (no GPS or camera
 * data), one size. The caller keeps it in its own table, never under the public upload path.
 */
export async function encodePrivateImage(buffer: Buffer): Promise<TPrivateImage> {
  await readImageMeta(buffer);
  try {
    const { data, info } = await decodeImage(buffer)
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/webp', width: info.width, height: info.height, data };
  } catch (error) {
    throw toImageError(error);
  }
}

/**
 * A person's private picture under the same limits as their public uploads (the per-minute rate and the daily
 * quota, counted together): re-encoded first, so a refused picture costs no quota, then handed to `save`, which
 * stores it in the owning module's table.
 */
export async function storePrivateUpload<T>(
  app: FastifyInstance,
  owner: TUploadOwner,
  buffer: Buffer,
  save: (image: TPrivateImage) => Promise<T>,
): Promise<T> {
  const { db } = app.deps;
  const limits = await getUploadLimits(db);
  const count = await app.counters.hit(`rl:upload:${ownerKey(owner)}`, 60_000);
  if (count > limits.perMinute) {
    throw new AppError('UPLOAD_TOO_FREQUENT', { max: limits.perMinute });
  }
  const image = await encodePrivateImage(buffer);
  await takeUploadQuota(db, owner, buffer.length, limits);
  return save(image);
}

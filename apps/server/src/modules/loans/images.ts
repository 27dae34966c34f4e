import { IMAGE_FORMATS, type TIdentityImage } from '@caravan/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../../db/client';
import { identityImages } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** Identity photos are kept readable (documents have small print) but bounded in size. */
const MAX_WIDTH = 1600;
const WEBP_QUALITY = 85;

/**
 * Stores an identity photo of `userId`: the bytes must be a JPEG, PNG, WebP or GIF picture (checked by
 * content); it is re-encoded to WebP without metadata (no GPS or camera data) and kept in the database,
 * not under the public upload path.
 */
export async function storeIdentityImage(
  db: Executor,
  input: { userId: bigint; buffer: Buffer },
): Promise<TIdentityImage> {
  let data: Buffer;
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input.buffer).metadata();
    if (!meta.format || !(IMAGE_FORMATS as readonly string[]).includes(meta.format) || !meta.width) {
      throw new AppError('IMAGE_TYPE_INVALID');
    }
    const { data: encoded, info } = await sharp(input.buffer, { animated: false })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    data = encoded;
    width = info.width;
    height = info.height;
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    throw new AppError('IMAGE_TYPE_INVALID');
  }
  const [row] = await db
    .insert(identityImages)
    .values({ userId: input.userId, contentType: 'image/webp', width, height, data })
    .returning({ id: identityImages.id });
  return { id: String(row!.id), width, height };
}

/** The picture bytes; `ownerId` limits it to that user's own pictures (another user's id is not found). */
export async function readIdentityImage(
  db: Executor,
  input: { id: bigint; ownerId?: bigint },
): Promise<{ contentType: string; data: Buffer }> {
  const [row] = await db
    .select({ contentType: identityImages.contentType, data: identityImages.data })
    .from(identityImages)
    .where(
      and(
        eq(identityImages.id, input.id),
        input.ownerId === undefined ? undefined : eq(identityImages.userId, input.ownerId),
      ),
    )
    .limit(1);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  return row;
}

/** Refuses image ids that are not the user's own identity pictures. */
export async function assertOwnImages(db: Executor, userId: bigint, ids: bigint[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    return;
  }
  const rows = await db
    .select({ id: identityImages.id })
    .from(identityImages)
    .where(and(inArray(identityImages.id, unique), eq(identityImages.userId, userId)));
  if (rows.length !== unique.length) {
    throw new AppError('VERIFICATION_IMAGE_INVALID');
  }
}

import type { TIdentityImage } from '@caravan/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { identityImages } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { encodePrivateImage } from '../uploads';

/**
 * Stores an identity photo of `userId`: checked and re-encoded by the uploads module's private-picture rule (JPEG,
 * PNG, WebP or GIF by content; WebP without metadata) and kept in the database, not under the public upload path.
 */
export async function storeIdentityImage(
  db: Executor,
  input: { userId: bigint; buffer: Buffer },
): Promise<TIdentityImage> {
  const { contentType, width, height, data } = await encodePrivateImage(input.buffer);
  const [row] = await db
    .insert(identityImages)
    .values({ userId: input.userId, contentType, width, height, data })
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

import { UPLOAD_REF_PATTERN } from '@caravan/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploadOwners } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** Whose upload: a buyer or seller (one user id for both) or a staff member. */
export type TUploadOwner = { userId: bigint } | { staffId: bigint };

export function ownerKey(owner: TUploadOwner): string {
  return 'userId' in owner ? `user:${owner.userId}` : `staff:${owner.staffId}`;
}

/** The content hash a reference names, or null when it is not a platform upload reference. */
export function uploadHashOf(ref: string): string | null {
  return UPLOAD_REF_PATTERN.exec(ref)?.[2] ?? null;
}

/** Records that `owner` uploaded the picture behind `url` (call it after storeImage). */
export async function recordUpload(db: Executor, owner: TUploadOwner, url: string): Promise<void> {
  const hash = uploadHashOf(url);
  if (!hash) {
    throw new Error(`not an upload reference: ${url}`);
  }
  await db
    .insert(uploadOwners)
    .values({ hash, owner: ownerKey(owner) })
    .onConflictDoNothing();
}

/**
 * Refuses (400 IMAGE_REFERENCE_INVALID) any reference that is not a platform upload reference, or names a
 * picture `owner` did not upload: no `javascript:`, no outside trackers, no other users' pictures.
 * The single server check for image fields; the zod side is zUploadRef in packages/contracts.
 */
export async function assertOwnUploads(
  db: Executor,
  owner: TUploadOwner,
  refs: readonly string[],
): Promise<void> {
  if (refs.length === 0) {
    return;
  }
  const hashes = new Set<string>();
  for (const ref of refs) {
    const hash = uploadHashOf(ref);
    if (!hash) {
      throw new AppError('IMAGE_REFERENCE_INVALID', { ref });
    }
    hashes.add(hash);
  }
  const owned = await db
    .select({ hash: uploadOwners.hash })
    .from(uploadOwners)
    .where(and(eq(uploadOwners.owner, ownerKey(owner)), inArray(uploadOwners.hash, [...hashes])));
  const ownedHashes = new Set(owned.map((r) => r.hash));
  for (const ref of refs) {
    if (!ownedHashes.has(uploadHashOf(ref)!)) {
      throw new AppError('IMAGE_REFERENCE_INVALID', { ref });
    }
  }
}

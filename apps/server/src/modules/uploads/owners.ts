import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_REF_PATTERN } from '@caravan/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploadOwners } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { checkModuleRule, type TOriginalPicture } from './module-rules';

/** Whose upload: a buyer or seller (one user id for both) or a staff member. */
export type TUploadOwner = { userId: bigint } | { staffId: bigint };

export function ownerKey(owner: TUploadOwner): string {
  return 'userId' in owner ? `user:${owner.userId}` : `staff:${owner.staffId}`;
}

/** The content hash a reference names, or null when it is not a platform upload reference. */
export function uploadHashOf(ref: string): string | null {
  return UPLOAD_REF_PATTERN.exec(ref)?.[2] ?? null;
}

/**
 * Records that `owner` uploaded the picture behind `url` (call it after storeImage), with the original's format and
 * size (the same content always has the same ones; a row recorded before they were kept gets them).
 */
export async function recordUpload(
  db: Executor,
  owner: TUploadOwner,
  url: string,
  original: TOriginalPicture,
): Promise<void> {
  const hash = uploadHashOf(url);
  if (!hash) {
    throw new Error(`not an upload reference: ${url}`);
  }
  await db
    .insert(uploadOwners)
    .values({ hash, owner: ownerKey(owner), ...original })
    .onConflictDoUpdate({ target: [uploadOwners.hash, uploadOwners.owner], set: original });
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

/**
 * The picture `ref` names, for a field with its module's rule (chat): refused unless `owner` uploaded it
 * (IMAGE_REFERENCE_INVALID), the original keeps that rule whatever it was uploaded for (module-rules.ts), and the
 * file the reference names exists: a size the upload never made (`<hash>-77777.webp`) showed as a broken picture.
 */
export async function assertOwnPictureFor(
  db: Executor,
  uploadDir: string,
  owner: TUploadOwner,
  ref: string,
  moduleName: string,
): Promise<void> {
  const match = UPLOAD_REF_PATTERN.exec(ref);
  const hash = match?.[2];
  if (!match || !hash) {
    throw new AppError('IMAGE_REFERENCE_INVALID', { ref });
  }
  const [record] = await db
    .select({ format: uploadOwners.format, bytes: uploadOwners.bytes })
    .from(uploadOwners)
    .where(and(eq(uploadOwners.owner, ownerKey(owner)), eq(uploadOwners.hash, hash)));
  if (!record || !(await isStoredFile(uploadDir, ref))) {
    throw new AppError('IMAGE_REFERENCE_INVALID', { ref });
  }
  await checkModuleRule(db, moduleName, record);
}

/** Whether the file an upload reference (`/uploads/img/<xx>/<name>.webp`) names is stored under `uploadDir`. */
async function isStoredFile(uploadDir: string, ref: string): Promise<boolean> {
  try {
    return (await stat(path.join(uploadDir, ref.replace(/^\/uploads\//, '')))).isFile();
  } catch {
    return false;
  }
}

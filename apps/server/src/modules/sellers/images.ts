import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TImage } from '@caravan/contracts';
import sharp from 'sharp';
import type { Executor } from '../../db/client';
import { AppError, isAppError } from '../../http/app-error';
import { assertOwnUploads } from '../uploads';

const REF_PATTERN = /^\/uploads\/img\/([0-9a-f]{2})\/([0-9a-f]{32})-(\d{1,5})\.webp$/;

export type TImageOwner = { userId: bigint };

/**
 * Turns upload references (the address the upload call answered) into pictures with all their sizes.
 * The single place where seller images are checked: each must be the caller's own upload (the uploads
 * module's check) unless it is already on the thing being edited (`alreadyUsed`: e.g. a product's current
 * pictures, which may predate the ownership records), and its files must exist under the upload directory.
 */
export async function resolveSellerImages(
  db: Executor,
  uploadDir: string,
  owner: TImageOwner,
  refs: readonly string[],
  alreadyUsed: ReadonlySet<string> = new Set(),
): Promise<TImage[]> {
  try {
    await assertOwnUploads(
      db,
      owner,
      refs.filter((ref) => !alreadyUsed.has(ref)),
    );
  } catch (error) {
    throw await ownershipError(uploadDir, error);
  }
  return resolveUploadedImages(uploadDir, refs);
}

/**
 * A refused reference that names a picture stored on this platform (another shop's product picture) is not "upload
 * it to this platform first" but someone else's upload: IMAGE_NOT_OWNED says only one's own uploads can be used
 * (QA seller 10). Any other refusal is passed on as it is.
 */
async function ownershipError(uploadDir: string, error: unknown): Promise<unknown> {
  if (!isAppError(error) || error.code !== 'IMAGE_REFERENCE_INVALID') {
    return error;
  }
  const ref = error.details?.ref;
  if (typeof ref !== 'string' || !REF_PATTERN.test(ref)) {
    return error;
  }
  try {
    await resolveImage(uploadDir, ref);
  } catch {
    return error;
  }
  return new AppError('IMAGE_NOT_OWNED', { ref });
}

/**
 * The pictures behind upload references, rebuilt from the stored files, without an ownership check: the console's
 * banners take any picture uploaded to this platform (staff may feature a shop's own product picture). Refuses
 * references whose files do not exist.
 */
export async function resolveUploadedImages(uploadDir: string, refs: readonly string[]): Promise<TImage[]> {
  const images: TImage[] = [];
  for (const ref of refs) {
    images.push(await resolveImage(uploadDir, ref));
  }
  return images;
}

async function resolveImage(uploadDir: string, ref: string): Promise<TImage> {
  const match = REF_PATTERN.exec(ref);
  if (!match) {
    throw new AppError('IMAGE_NOT_OWNED', { ref });
  }
  const [, prefix = '', hash = ''] = match;
  const dir = path.join(uploadDir, 'img', prefix);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.startsWith(`${hash}-`) && n.endsWith('.webp'));
  } catch {
    throw new AppError('IMAGE_NOT_OWNED', { ref });
  }
  const variants: { width: number; height: number; url: string }[] = [];
  for (const name of names) {
    const width = Number.parseInt(name.slice(hash.length + 1, -'.webp'.length), 10);
    if (!Number.isSafeInteger(width)) {
      continue;
    }
    const meta = await sharp(path.join(dir, name)).metadata();
    variants.push({ width, height: meta.height ?? width, url: `/uploads/img/${prefix}/${name}` });
  }
  if (variants.length === 0) {
    throw new AppError('IMAGE_NOT_OWNED', { ref });
  }
  variants.sort((a, b) => a.width - b.width);
  const largest = variants[variants.length - 1]!;
  return {
    url: largest.url,
    width: largest.width,
    height: largest.height,
    srcset: variants.map((v) => `${v.url} ${v.width}w`).join(', '),
  };
}

/** The reference the web sends back for a stored picture (its largest size). */
export function imageRef(image: TImage): string {
  return image.url;
}

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS, type TImage } from '@caravan/contracts';
import { AppError } from '../../http/app-error';
import { decodeImage, readImageMeta, toImageError } from './read-image-meta';

/** Public path prefix under which `uploadDir` is served (http/web.ts). */
const PUBLIC_PREFIX = '/uploads';
const WEBP_QUALITY = 80;
/** The most pixels a WebP picture may have on a side. */
const WEBP_MAX_SIDE = 16_383;

function widthsFor(width: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width);
  const largest = Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  if (!widths.includes(largest)) {
    widths.push(largest);
  }
  return widths;
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks the bytes are a JPEG, PNG, WebP or GIF picture (by content, not by name) within IMAGE_MAX_PIXELS,
 * re-encodes it to WebP in the widths of IMAGE_WIDTHS (never enlarged), rotated per EXIF and without any metadata,
 * and stores the files under `uploadDir` named by content hash (the same picture is stored once).
 */
export async function storeImage(
  buffer: Buffer,
  options: { uploadDir: string; effort?: number },
): Promise<TImage> {
  const meta = await readImageMeta(buffer);
  const hash = createHash('sha256').update(buffer).digest('hex').slice(0, 32);
  // EXIF orientations 5-8 swap width and height once rotated.
  const isSwapped = (meta.orientation ?? 1) >= 5;
  const width = isSwapped ? meta.height! : meta.width;
  const height = isSwapped ? meta.width : meta.height!;
  // WebP stores at most WEBP_MAX_SIDE pixels a side: the widths whose height would pass it are left out (a long
  // screenshot keeps its narrower copies), and a picture with none left is refused before anything is written.
  const widths = widthsFor(width).filter((w) => Math.round((height * w) / width) <= WEBP_MAX_SIDE);
  if (widths.length === 0) {
    throw new AppError('IMAGE_TOO_TALL');
  }
  const dir = path.join(options.uploadDir, 'img', hash.slice(0, 2));
  await mkdir(dir, { recursive: true });
  const variants: { width: number; height: number; url: string }[] = [];
  const written: string[] = [];
  try {
    for (const w of widths) {
      const h = Math.max(1, Math.round((height * w) / width));
      const name = `${hash}-${w}.webp`;
      const file = path.join(dir, name);
      if (!(await fileExists(file))) {
        const data = await decodeImage(buffer)
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: options.effort ?? 4 })
          .toBuffer();
        // Named by content, so two uploads of one picture may write the same file at once: each writes its own
        // temporary file and renames it into place, and nobody ever sees a half-written picture.
        const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(temporary, data);
        await rename(temporary, file);
        written.push(file);
      }
      variants.push({ width: w, height: h, url: `${PUBLIC_PREFIX}/img/${hash.slice(0, 2)}/${name}` });
    }
  } catch (error) {
    // The copies this call wrote go too: no upload refers to them.
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw toImageError(error);
  }
  const largest = variants[variants.length - 1]!;
  return {
    url: largest.url,
    width: largest.width,
    height: largest.height,
    srcset: variants.map((v) => `${v.url} ${v.width}w`).join(', '),
  };
}

import { IMAGE_FORMATS, IMAGE_MAX_PIXELS } from '@caravan/contracts';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../http/app-error';

export type TImageMeta = Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>> & { width: number };

/** The refusal of a picture whose width × height passes IMAGE_MAX_PIXELS, naming the limit in megapixels. */
export function tooManyPixels(): AppError {
  return new AppError(
    'IMAGE_TOO_MANY_PIXELS',
    { maxPixels: IMAGE_MAX_PIXELS },
    { max: String(IMAGE_MAX_PIXELS / 1_000_000) },
  );
}

/**
 * The header of an uploaded picture, read before anything is decoded: a JPEG, PNG, WebP or GIF by content
 * (415 IMAGE_TYPE_INVALID otherwise) within IMAGE_MAX_PIXELS (413 IMAGE_TOO_MANY_PIXELS: a valid picture that is
 * merely too big must not be told it is the wrong type).
 */
export async function readImageMeta(buffer: Buffer): Promise<TImageMeta> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_TYPE_INVALID');
  }
  if (!meta.format || !(IMAGE_FORMATS as readonly string[]).includes(meta.format) || !meta.width) {
    throw new AppError('IMAGE_TYPE_INVALID');
  }
  if (meta.width * (meta.height ?? 1) > IMAGE_MAX_PIXELS) {
    throw tooManyPixels();
  }
  return { ...meta, width: meta.width };
}

/** A decoding pipeline for a picture readImageMeta passed, with sharp's own pixel limit set to ours. */
export function decodeImage(buffer: Buffer): Sharp {
  return sharp(buffer, { animated: false, limitInputPixels: IMAGE_MAX_PIXELS });
}

/**
 * A failure while decoding or encoding a picture as the API's error: sharp's pixel limit (a header that
 * under-states the size) as IMAGE_TOO_MANY_PIXELS, anything else (a damaged file) as IMAGE_TYPE_INVALID.
 */
export function toImageError(error: unknown): AppError {
  if (error instanceof AppError) {
    return error;
  }
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return tooManyPixels();
  }
  if (error instanceof Error && /too large for the WebP format/i.test(error.message)) {
    // WebP stores at most 16,383 pixels a side: a long screenshot is a picture, not the wrong type.
    return new AppError('IMAGE_TOO_TALL');
  }
  return new AppError('IMAGE_TYPE_INVALID');
}

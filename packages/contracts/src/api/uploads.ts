import { z } from 'zod';
import { LANGUAGE_TAGS, type TLanguage } from '../languages';
import { requiredOrInvalid } from '../validation';
import { ZImage } from './catalog';

export { UPLOAD_REF_PATTERN, zUploadRef } from './upload-ref';

/** Largest accepted upload (SPEC §9 names 2, 10 and 30 MB; the platform uses 10). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_LABEL = '10 MB';

/**
 * A size limit in megabytes with the unit as `lang` writes it: French "10 Mo", Arabic "10 م.ب", not "10 MB" in every
 * language. Latin digits, as the texts around it have; at most one decimal ("2 MB", "0.1 MB").
 */
export function formatMegabytes(bytes: number, lang: TLanguage): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[lang] ?? 'en', {
    style: 'unit',
    unit: 'megabyte',
    numberingSystem: 'latn',
    maximumFractionDigits: 1,
  }).format(bytes / 1024 / 1024);
}
/** Widths of the WebP variants; a picture is never enlarged past its own width. */
export const IMAGE_WIDTHS = [240, 480, 960] as const;
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;
/**
 * Largest picture accepted, in pixels (width × height of the original): decoding costs memory by pixels, not by
 * bytes, so a small file can still be too much (a 20000 × 20000 PNG of one colour is about 1 MB).
 */
export const IMAGE_MAX_PIXELS = 100_000_000;

export const zModuleName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: requiredOrInvalid });

/** `as`: whose session uploads (buyer, seller or staff) when the browser holds several; any live one without it. */
export const ZUploadQuery = z.object({ as: z.enum(['buyer', 'seller', 'staff']).optional() });

export const ZUploadResponse = ZImage;
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

import {
  formatMegabytes,
  IMAGE_FORMATS,
  isLanguage,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_LABEL,
} from '@caravan/contracts';
import i18next, { type TFunction } from 'i18next';

/** The formats a picture may be in, for a file input's `accept`. */
export const IMAGE_ACCEPT = IMAGE_FORMATS.map((format) => `image/${format}`).join(',');

/**
 * Why a chosen file cannot be uploaded as a picture, in the reader's language, or null. Checked before sending, by
 * the server's own limits: a 27 MB picture went up whole, progress to 100 %, only to be refused then.
 */
export function imageFileProblem(t: TFunction, file: { type: string; size: number }): string | null {
  if (!(IMAGE_FORMATS as readonly string[]).includes(file.type.replace(/^image\//, ''))) {
    return t('errors:IMAGE_TYPE_INVALID');
  }
  if (file.size > UPLOAD_MAX_BYTES) {
    return t('errors:IMAGE_TOO_LARGE', { max: uploadMaxLabel() });
  }
  return null;
}

/**
 * The size limit with the unit as the reader's language writes it: French "10 Mo", not "10 MB" (the contracts'
 * label is English); the server words its refusals the same way (formatMegabytes).
 */
function uploadMaxLabel(): string {
  const lang = i18next.language;
  return isLanguage(lang) ? formatMegabytes(UPLOAD_MAX_BYTES, lang) : UPLOAD_MAX_LABEL;
}

/** What a picture field takes, said beside it ("JPEG, PNG, WebP or GIF, at most 10 MB each"). */
export function imageLimitsText(t: TFunction): string {
  return t('common:upload.limits', { max: uploadMaxLabel() });
}

import { z } from 'zod';
import { V } from '../validation';

// No other imports: orders, wallet, chat and sellers all use this, and catalog imports some of them.
/**
 * A platform upload reference: the address the upload call answered (`/uploads/img/ab/<hash>-<width>.webp`).
 * Every image field (reviews, refunds, certificates, chat, shop pictures, loans) takes only these, and the
 * server also checks the caller uploaded it (assertOwnUploads in apps/server/src/modules/uploads).
 * Group 2 of the pattern is the content hash.
 */
export const UPLOAD_REF_PATTERN = /^\/uploads\/img\/([0-9a-f]{2})\/([0-9a-f]{32})-(\d{1,5})\.webp$/;
export const zUploadRef = z
  .string({ error: V.imageRef })
  .trim()
  // None at all is a missing picture, not one to upload again.
  .min(1, { error: V.required })
  .max(200, { error: V.imageRef })
  .regex(UPLOAD_REF_PATTERN, { error: V.imageRef });

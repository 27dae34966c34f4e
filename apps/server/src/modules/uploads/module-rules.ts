import { CHAT_IMAGE_TYPES, CHAT_SETTINGS } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { MegabytesParam } from '../../i18n/messages';

/** What a rule looks at: the original file's format by content and its size, before re-encoding. */
export type TOriginalPicture = { format: string | null; bytes: number | null };

/** Chat pictures' largest size: the `chat_image_max_kb` setting, its default when unset or out of range. */
async function readChatImageMaxBytes(db: Executor): Promise<number> {
  const definition = CHAT_SETTINGS.chat_image_max_kb;
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.code, 'chat_image_max_kb'));
  const value =
    row && definition.schema.safeParse(row.value).success ? row.value.trim() : definition.defaultValue;
  return Number(value) * 1024;
}

/** The format of the picture in `buffer` by its content (`jpeg`, `png`, ...), null when it is no picture sharp reads. */
export async function readPictureFormat(buffer: Buffer): Promise<string | null> {
  try {
    // No pixel limit on the header: too big a picture is refused as such by storeImage, not as no picture.
    return (await sharp(buffer, { limitInputPixels: false }).metadata()).format ?? null;
  } catch {
    return null;
  }
}

/**
 * The stricter rule an upload's `moduleName` asks for. Only chat has one (SPEC §5): JPEG or PNG by content, within
 * `chat_image_max_kb`. Checked when the picture is uploaded for that module, and again when it is used there
 * (a chat message), from what the upload record kept of the original (`upload_owners.format`, `bytes`): a
 * picture uploaded for a review is no chat picture by that alone. An original the record does not know (uploaded
 * before it kept them) cannot pass. Kept here rather than in chat so that chat pictures go through the one upload
 * path (v1 and legacy) and chat needs no upload code of its own.
 */
export async function checkModuleRule(
  db: Executor,
  moduleName: string | undefined,
  original: TOriginalPicture,
): Promise<void> {
  if (moduleName !== 'chat') {
    return;
  }
  const maxBytes = await readChatImageMaxBytes(db);
  if (original.bytes !== null && original.bytes > maxBytes) {
    throw new AppError('IMAGE_TOO_LARGE', { max: maxBytes }, { max: new MegabytesParam(maxBytes) });
  }
  if (
    original.bytes === null ||
    !(CHAT_IMAGE_TYPES as readonly (string | null)[]).includes(original.format)
  ) {
    throw new AppError('CHAT_IMAGE_TYPE');
  }
}

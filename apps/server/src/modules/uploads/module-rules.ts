import { CHAT_IMAGE_TYPES, CHAT_SETTINGS } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';
import { AppError } from '../../http/app-error';

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

/**
 * The stricter rule an upload's `moduleName` asks for, before it is stored. Only chat has one (SPEC §5):
 * JPEG or PNG by content, within `chat_image_max_kb`. Kept here rather than in chat so that chat pictures
 * go through the one upload path (v1 and legacy) and chat needs no upload code of its own.
 */
export async function checkModuleRule(db: Executor, moduleName: string | undefined, buffer: Buffer) {
  if (moduleName !== 'chat') {
    return;
  }
  const maxBytes = await readChatImageMaxBytes(db);
  if (buffer.length > maxBytes) {
    const label = `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`;
    throw new AppError('IMAGE_TOO_LARGE', { max: maxBytes }, { max: label });
  }
  let format: string | undefined;
  try {
    format = (await sharp(buffer).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!(CHAT_IMAGE_TYPES as readonly (string | undefined)[]).includes(format)) {
    throw new AppError('CHAT_IMAGE_TYPE');
  }
}

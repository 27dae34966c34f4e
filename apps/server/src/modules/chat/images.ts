import type { TImage } from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { chatUploads } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { readUpload, storeImage } from '../uploads';
import { partyKey, type TChatParty, uploaderOf } from './party';
import { takeChatSendToken } from './rate-limit';
import { getChatSettings } from './settings';

/**
 * A chat picture: JPEG or PNG by content (SPEC §5), within the size setting, re-encoded like every upload,
 * and recorded as the uploader's, so only the uploader can send it in a message.
 */
export async function uploadChatImage(
  deps: { db: Database; redis?: Redis | undefined; uploadDir: string },
  party: TChatParty,
  request: FastifyRequest,
): Promise<TImage> {
  const settings = await getChatSettings(deps.db);
  await takeChatSendToken(deps.redis, partyKey(party), settings.messagesPerMinute);
  const { buffer } = await readUpload(request);
  if (buffer.length > settings.imageMaxBytes) {
    const label = `${Math.round((settings.imageMaxBytes / 1024 / 1024) * 10) / 10} MB`;
    throw new AppError('IMAGE_TOO_LARGE', { max: settings.imageMaxBytes }, { max: label });
  }
  let format: string | undefined;
  try {
    format = (await sharp(buffer).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'jpeg' && format !== 'png') {
    throw new AppError('CHAT_IMAGE_TYPE');
  }
  const image = await storeImage(buffer, { uploadDir: deps.uploadDir });
  await deps.db
    .insert(chatUploads)
    .values({ ...uploaderOf(party), url: image.url })
    .onConflictDoNothing();
  return image;
}

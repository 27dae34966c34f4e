import type { TImage } from '@caravan/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { chatUploads } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { readUpload, storeOwnUpload, type TUploadOwner } from '../uploads';
import { partyKey, type TChatParty, uploaderOf } from './party';
import { takeChatSendToken } from './rate-limit';
import { getChatSettings } from './settings';

function ownerOf(party: TChatParty): TUploadOwner {
  return party.kind === 'agent' ? { staffId: party.staffId } : { userId: party.userId };
}

/**
 * A chat picture: JPEG or PNG by content (SPEC §5), within the size setting, re-encoded like every upload,
 * and recorded as the uploader's, so only the uploader can send it in a message.
 */
export async function uploadChatImage(
  app: FastifyInstance,
  party: TChatParty,
  request: FastifyRequest,
): Promise<TImage> {
  const { deps } = app;
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
  // The uploader's rate and daily quota hold for chat pictures too (uploads/quota.ts).
  const image = await storeOwnUpload(app, ownerOf(party), buffer);
  await deps.db
    .insert(chatUploads)
    .values({ ...uploaderOf(party), url: image.url })
    .onConflictDoNothing();
  return image;
}

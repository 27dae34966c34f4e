import { UPLOAD_MAX_BYTES, zModuleName } from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { MegabytesParam } from '../../i18n/messages';

export type TUploadParts = { buffer: Buffer; moduleName?: string };

/**
 * The multipart `file` and `moduleName` fields within the upload limits; used by POST /api/v1/uploads
 * and the legacy `uploadimg!execute`, so both refuse the same input with the same codes.
 */
export async function readUpload(request: FastifyRequest): Promise<TUploadParts> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  let buffer: Buffer | undefined;
  let moduleName: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || buffer) {
          await part.toBuffer();
          continue;
        }
        buffer = await part.toBuffer();
      } else if (part.fieldname === 'moduleName') {
        moduleName = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'IMAGE_TOO_LARGE',
        { max: UPLOAD_MAX_BYTES },
        { max: new MegabytesParam(UPLOAD_MAX_BYTES) },
      );
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    throw new AppError('UPLOAD_FAILED');
  }
  if (!buffer || buffer.length === 0) {
    throw new AppError('PARAMETER_ERROR', { field: 'file' });
  }
  if (moduleName !== undefined && !zModuleName.safeParse(moduleName).success) {
    throw new AppError('PARAMETER_ERROR', { field: 'moduleName' });
  }
  return moduleName === undefined ? { buffer } : { buffer, moduleName };
}

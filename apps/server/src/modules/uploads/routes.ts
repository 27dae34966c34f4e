import { ZUploadQuery, ZUploadResponse } from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { readToken } from '../../http/auth';
import { findSession } from '../auth';
import type { TUploadOwner } from './owners';
import { storeOwnUpload } from './quota';
import { readUpload } from './read-upload';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Buyers, sellers and staff may upload; any live session of the three audiences will do, or only that of
   * `as` when given (a browser may hold several: an agent answering in /cs uploads as the agent).
   */
  async function requireAnySession(request: FastifyRequest): Promise<TUploadOwner> {
    const as = ZUploadQuery.safeParse(request.query).data?.as;
    for (const audience of as ? [as] : (['buyer', 'seller', 'staff'] as const)) {
      const token = readToken(request, audience);
      if (!token) {
        continue;
      }
      const found = await findSession(app.deps.db, token, audience);
      if (found && !found.isExpired) {
        const { userId, staffId } = found.session;
        if (userId) {
          return { userId };
        }
        if (staffId) {
          return { staffId };
        }
      }
    }
    throw new AppError('NOT_LOGGED_IN');
  }

  app.post(
    '/api/v1/uploads',
    {
      preHandler: async (request) => {
        await requireAnySession(request);
      },
      schema: {
        tags: ['uploads'],
        summary:
          'Upload an image (multipart `file`, `moduleName`; `chat`: JPEG or PNG within chat_image_max_kb); answers the resized WebP picture',
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 200: ZUploadResponse },
      },
    },
    async (request) => {
      const owner = await requireAnySession(request);
      return storeOwnUpload(app, owner, await readUpload(request));
    },
  );
};

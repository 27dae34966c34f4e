import { V } from '@caravan/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../http/app-error';
import { sendError } from '../../http/error-handler';
import { IDEMPOTENCY_KEY_HEADER, releaseIdempotencyClaim } from '../../http/idempotency';
import { errorMessage, validationMessage, withAttemptsLeft } from '../../i18n/messages';
import { enforceRate } from '../ops';
import './account-actions';
import './shop-actions';
import './chat-actions';
import './address-actions';
import './catalog-actions';
import './order-actions';
import './upload-actions';
import './wallet-actions';
import { findLegacyAction, LEGACY_SESSION_CODES, requireLegacyUser, type TLegacyContext } from './registry';

export type TLegacyAnswer = { code: number; msg: string; data: unknown };

const CALL_PATTERN = /^((?:[A-Za-z][\w-]*\/)?[A-Za-z][\w-]*![\w-]+)\.action$/;

/** A parameter given twice (`id=1&id=2`): which one was meant is not guessed. */
function repeatedParameter(field: string): AppError {
  return new AppError('VALIDATION_FAILED', { fields: [{ field, message: V.repeatedParameter }] });
}

/**
 * Query string and body (form or JSON object) merged; scalars become strings, the body wins. A parameter repeated
 * in the query string is refused (the form parser refuses one repeated in a form); lists come in a JSON body.
 */
function collectParams(request: FastifyRequest): Record<string, string> {
  const params: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) {
      continue;
    }
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        params[key] = String(value);
      } else if (Array.isArray(value) && source === request.query) {
        throw repeatedParameter(key);
      }
    }
  }
  return params;
}

/** The 4xx status of a framework error (a rate limit, a malformed body); undefined for anything else. */
function clientStatusOf(error: unknown): number | undefined {
  const status = (error as FastifyError | undefined)?.statusCode;
  return status !== undefined && status >= 400 && status < 500 ? status : undefined;
}

/** Whether the error is the caller's (a refusal), not the server's fault. */
function isRefusal(error: unknown): boolean {
  return isAppError(error) || clientStatusOf(error) !== undefined;
}

function legacyError(request: FastifyRequest, error: unknown): TLegacyAnswer {
  if (isAppError(error)) {
    const fields = error.details?.fields;
    const first = Array.isArray(fields) ? (fields[0] as { message?: unknown } | undefined) : undefined;
    const msg =
      error.code === 'VALIDATION_FAILED' && typeof first?.message === 'string'
        ? validationMessage(request.lang, first.message)
        : withAttemptsLeft(request.lang, errorMessage(request.lang, error.code, error.params), error.details);
    return { code: LEGACY_SESSION_CODES.has(error.code) ? 403 : 1, msg, data: null };
  }
  const status = clientStatusOf(error);
  if (status === 429) {
    return { code: 1, msg: errorMessage(request.lang, 'TOO_FREQUENT'), data: null };
  }
  if (status !== undefined) {
    return { code: 1, msg: errorMessage(request.lang, 'ILLEGAL_REQUEST'), data: null };
  }
  request.log.error({ err: error }, 'legacy call failed');
  return { code: 1, msg: errorMessage(request.lang, 'INTERNAL_ERROR'), data: null };
}

/**
 * The compatibility layer for the old apps' `/api/<entity>!<action>.action` calls (SPEC §7), also under
 * `/wap/api/`. Answers `{ code: 0, msg: '', data }` or `{ code: 1, msg, data: null }` with HTTP 200.
 */
export const legacyRoutes: FastifyPluginAsyncZod = async (app) => {
  // The old apps post forms; scoped to this plugin so the v1 API stays JSON-only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const form = new Map<string, string>();
      for (const [key, value] of new URLSearchParams(String(body))) {
        if (form.has(key)) {
          done(repeatedParameter(key), undefined);
          return;
        }
        form.set(key, value);
      }
      // fromEntries defines own properties: a "__proto__" field stays a field.
      done(null, Object.fromEntries(form));
    },
  );
  app.setErrorHandler(async (error, request, reply) => reply.status(200).send(legacyError(request, error)));

  async function answer(request: FastifyRequest, reply: FastifyReply, call: string) {
    const name = CALL_PATTERN.exec(call)?.[1];
    const action = name ? findLegacyAction(name) : undefined;
    if (!action) {
      if (!call.endsWith('.action')) {
        return sendError(reply, request, 'ROUTE_NOT_FOUND');
      }
      // An unknown or not yet built call: the old apps read `code`, so the envelope, not a 404 page.
      try {
        await enforceRate(app, 'sensitive', request.ip);
        throw new AppError('ROUTE_NOT_FOUND');
      } catch (error) {
        return reply.status(200).send(legacyError(request, error));
      }
    }
    try {
      const ctx: TLegacyContext = {
        app,
        request,
        reply,
        params: collectParams(request),
        body: request.body,
        changesState: action.changesState,
      };
      // Reads (catalogue, lists) and calls that change state (log-in, codes, money, chat) count apart.
      await enforceRate(app, action.changesState ? 'sensitive' : 'read', request.ip);
      // A call that changes state is POST only: a link or an image on another site cannot trigger it.
      if (action.changesState && request.method !== 'POST') {
        throw new AppError('LEGACY_POST_REQUIRED');
      }
      if (action.isIdempotent && request.headers[IDEMPOTENCY_KEY_HEADER] !== undefined) {
        // app.idempotent keys the claim by the caller, so the buyer is known before the call runs.
        request.user = await requireLegacyUser(ctx);
        await app.idempotent(request, reply);
        if (reply.sent) {
          return reply; // the first answer, replayed
        }
      }
      const data = await action.handler(ctx);
      return reply.status(200).send({ code: 0, msg: '', data: data ?? null } satisfies TLegacyAnswer);
    } catch (error) {
      if (!isRefusal(error)) {
        // A server fault is answered with HTTP 200 here, so the claim would keep it: a retry must run again.
        await releaseIdempotencyClaim(app.deps.db, request);
      }
      return reply.status(200).send(legacyError(request, error));
    }
  }

  for (const prefix of ['/api', '/wap/api']) {
    app.route<{ Params: { call: string } }>({
      method: ['GET', 'POST'],
      url: `${prefix}/:call`,
      handler: (request, reply) => answer(request, reply, request.params.call),
    });
    app.route<{ Params: { folder: string; call: string } }>({
      method: ['GET', 'POST'],
      url: `${prefix}/:folder/:call`,
      handler: (request, reply) => answer(request, reply, `${request.params.folder}/${request.params.call}`),
    });
  }
  // SPEC §7 /public/userOnlineChatController!unread.action: calls registered as 'public/<entity>!<action>'.
  app.route<{ Params: { call: string } }>({
    method: ['GET', 'POST'],
    url: '/public/:call',
    handler: (request, reply) => answer(request, reply, `public/${request.params.call}`),
  });
};

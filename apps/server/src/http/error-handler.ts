import { ERROR_STATUS, type TErrorBody, type TErrorCode, V } from '@caravan/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorMessage, validationMessage, withAttemptsLeft } from '../i18n/messages';
import { isAppError } from './app-error';
import { resolveLanguage } from './language';
import { sendErrorPage } from './web';

type TFieldError = { field: string; message: string };

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: TErrorCode,
  options: { message?: string; details?: Record<string, unknown>; params?: Record<string, unknown> } = {},
) {
  if (sendErrorPage(request, reply, ERROR_STATUS[code])) {
    return reply;
  }
  const body: TErrorBody = {
    error: {
      code,
      message:
        options.message ??
        withAttemptsLeft(request.lang, errorMessage(request.lang, code, options.params), options.details),
      ...(options.details ? { details: options.details } : {}),
    },
  };
  return reply.status(ERROR_STATUS[code]).send(body);
}

/** Refused fields an answer lists at most: a form has fewer; a body of thousands is told about the first. */
const FIELD_ERRORS_MAX = 50;

/**
 * Fastify's `frameworkErrors`: a path it cannot route (a broken %-escape, a parameter past maxParamLength) was
 * answered before any hook, in its own English shape (`{"error":"Bad Request","code":"FST_ERR_BAD_URL",...}`,
 * 414 for a long parameter). Such an address does not exist: the envelope says so in the request's language.
 */
export function answerUnroutablePath(
  parseCookie: (header: string) => Record<string, string | undefined>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const search = request.raw.url?.split('?')[1] ?? '';
  request.lang = resolveLanguage({
    query: { lang: new URLSearchParams(search).get('lang') ?? undefined },
    cookies: parseCookie(request.headers.cookie ?? ''),
    headers: request.headers,
  }).lang;
  return sendError(reply, request, 'ROUTE_NOT_FOUND');
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) mapped to our codes. */
const FASTIFY_CODES: Record<string, TErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  // A body-less POST sent as JSON: say what to send rather than "Illegal request" (QA seller 9).
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON_BODY_EMPTY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'ILLEGAL_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'ILLEGAL_REQUEST',
  FST_REQ_FILE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

/**
 * What a schema's refusal means when its message is zod's own English rather than a key of the validation
 * dictionary: a value missing or of another type reads "required", one outside an enumeration "not one of the
 * allowed values", anything else "not valid" (they all read "required" before, a wrong sort order too).
 */
function fallbackKeyOf(issueCode: string, params: Record<string, unknown>): string {
  // A list or a text past its schema's size says the size: ten pictures read "This value is not valid".
  if (issueCode === 'too_big' && typeof params.maximum === 'number') {
    if (params.origin === 'array') {
      return `${V.itemsAtMost}?max=${params.maximum}`;
    }
    if (params.origin === 'string') {
      return `${V.textAtMost}?max=${params.maximum}`;
    }
  }
  return issueCode === 'invalid_type'
    ? V.required
    : issueCode === 'invalid_value'
      ? V.invalidChoice
      : V.invalidValue;
}

/** A service's field errors: each a field and a validation key (not the older plain list of field names). */
function isFieldErrorList(fields: unknown): fields is TFieldError[] {
  return (
    Array.isArray(fields) &&
    fields.length > 0 &&
    fields.every(
      (f: unknown) =>
        typeof f === 'object' &&
        f !== null &&
        typeof (f as TFieldError).field === 'string' &&
        typeof (f as TFieldError).message === 'string',
    )
  );
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error) && isFieldErrorList(error.details?.fields)) {
      // A service's own field check (a common password, an address's state) names validation keys, like zod's
      // issues; the form marks each field with its text.
      const fields = error.details.fields.map((f) => ({
        field: f.field,
        message: validationMessage(request.lang, f.message),
      }));
      return sendError(reply, request, error.code, {
        ...(error.code === 'VALIDATION_FAILED' && fields[0] ? { message: fields[0].message } : {}),
        ...(error.params ? { params: error.params } : {}),
        details: { ...error.details, fields },
      });
    }
    if (isAppError(error)) {
      return sendError(reply, request, error.code, {
        ...(error.details ? { details: error.details } : {}),
        ...(error.params ? { params: error.params } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: TFieldError[] = error.validation.flatMap((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const unknownKeys: unknown = issue.keyword === 'unrecognized_keys' ? issue.params.keys : undefined;
        if (Array.isArray(unknownKeys)) {
          // zod's own text ("Unrecognized key") is no dictionary key: it read "This field is required", at the root.
          // Said once, for the first few keys: a body of 120,000 unknown keys took 6 s (a translation each) and was
          // answered with 7 MB.
          const message = validationMessage(request.lang, V.unknownField);
          return unknownKeys.slice(0, FIELD_ERRORS_MAX).map((key) => ({
            field: field ? `${field}.${String(key)}` : String(key),
            message,
          }));
        }
        return [
          {
            field,
            message: validationMessage(
              request.lang,
              issue.message ?? V.required,
              fallbackKeyOf(issue.keyword, issue.params),
            ),
          },
        ];
      });
      // One field refused twice for the same reason (a pattern and a refinement both failing on "abc") is said once.
      const seen = new Set<string>();
      const distinct = fields.filter((f) => {
        const key = `${f.field}\u0000${f.message}`;
        if (seen.has(key)) {
          return false;
        }
        seen.add(key);
        return true;
      });
      const first = distinct[0];
      return sendError(reply, request, 'VALIDATION_FAILED', {
        message: first ? first.message : undefined,
        details: { fields: distinct.slice(0, FIELD_ERRORS_MAX), context: error.validationContext },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendError(reply, request, 'INTERNAL_ERROR');
    }
    if (error.statusCode === 429) {
      return sendError(reply, request, 'TOO_FREQUENT');
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      return sendError(reply, request, mapped);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error');
      return sendError(reply, request, error.statusCode === 404 ? 'NOT_FOUND' : 'ILLEGAL_REQUEST');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 'INTERNAL_ERROR');
  });
}

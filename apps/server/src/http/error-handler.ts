import { ERROR_STATUS, type TErrorBody, type TErrorCode, V } from '@caravan/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorMessage, validationMessage } from '../i18n/messages';
import { isAppError } from './app-error';

type TFieldError = { field: string; message: string };

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: TErrorCode,
  options: { message?: string; details?: Record<string, unknown>; params?: Record<string, unknown> } = {},
) {
  const body: TErrorBody = {
    error: {
      code,
      message: options.message ?? errorMessage(request.lang, code, options.params),
      ...(options.details ? { details: options.details } : {}),
    },
  };
  return reply.status(ERROR_STATUS[code]).send(body);
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) mapped to our codes. */
const FASTIFY_CODES: Record<string, TErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'ILLEGAL_REQUEST',
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
function fallbackKeyOf(issueCode: string): string {
  return issueCode === 'invalid_type'
    ? V.required
    : issueCode === 'invalid_value'
      ? V.invalidChoice
      : V.invalidValue;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error) && error.code === 'VALIDATION_FAILED' && Array.isArray(error.details?.fields)) {
      // A service's own field check (e.g. a common password) names validation keys, like zod's issues.
      const fields = (error.details.fields as TFieldError[]).map((f) => ({
        field: f.field,
        message: validationMessage(request.lang, f.message),
      }));
      return sendError(reply, request, 'VALIDATION_FAILED', {
        ...(fields[0] ? { message: fields[0].message } : {}),
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
          return unknownKeys.map((key) => ({
            field: field ? `${field}.${String(key)}` : String(key),
            message: validationMessage(request.lang, V.unknownField),
          }));
        }
        return [
          {
            field,
            message: validationMessage(
              request.lang,
              issue.message ?? V.required,
              fallbackKeyOf(issue.keyword),
            ),
          },
        ];
      });
      const first = fields[0];
      return sendError(reply, request, 'VALIDATION_FAILED', {
        message: first ? first.message : undefined,
        details: { fields, context: error.validationContext },
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

import type { FastifyRequest } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';

/**
 * Nothing secret in a log line (issue 10, defect 2). The old apps send passwords, transaction passwords
 * ("safeword") and session tokens in the query string, so every URL is scrubbed before it is logged;
 * headers and bodies that carry credentials are redacted; a failed query's parameters (an argon2 hash was
 * seen) and PostgreSQL's row details never reach the log.
 */

/** Query parameter names whose values are secrets, or may be (codes, keys, signatures). */
const SECRET_NAME = /pass|pwd|safeword|token|secret|code|otp|auth|sign|key|captcha|session/i;
export const REDACTED = '[REDACTED]';

/**
 * Paths that carry a secret themselves: the one-click unsubscribe address of a mail's List-Unsubscribe header must
 * hold its token in the URI (RFC 8058: the POST body is only "List-Unsubscribe=One-Click").
 */
const SECRET_PATH_PREFIX = ['api', 'v1', 'subscriptions'];
/** Segments right after SECRET_PATH_PREFIX that are route names, not tokens; every later segment is redacted. */
const PUBLIC_SUBSCRIPTION_SEGMENTS = new Set(['confirm', 'unsubscribe', 'one-click']);

/** A path segment as the router reads it: percent-decoded once, in lower case (a malformed escape stays raw). */
function routedSegment(raw: string): string {
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * The path with every segment after /api/v1/subscriptions/ replaced except a known route name. It is judged after
 * percent-decoding, in any case and with doubled slashes, because the router decodes `one%2Dclick` and
 * `subscription%73` and still matches (QA newfeat finding 1); such a spelling is logged before routing decides.
 */
function scrubPath(path: string): string {
  const segments = path.split('/');
  const meaningful = segments
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => segment !== '');
  const isSecretPath = SECRET_PATH_PREFIX.every((name, i) => {
    const entry = meaningful[i];
    return entry !== undefined && routedSegment(entry.segment) === name;
  });
  if (!isSecretPath) {
    return path;
  }
  const after = meaningful.slice(SECRET_PATH_PREFIX.length);
  after.forEach(({ segment, index }, position) => {
    if (position > 0 || !PUBLIC_SUBSCRIPTION_SEGMENTS.has(routedSegment(segment))) {
      segments[index] = REDACTED;
    }
  });
  return segments.join('/');
}

/** The URL with a path's secret and the value of every secret-looking query parameter replaced. */
export function scrubUrl(rawUrl: string): string {
  const pathEnd = rawUrl.search(/[?#]/);
  const url =
    pathEnd < 0 ? scrubPath(rawUrl) : `${scrubPath(rawUrl.slice(0, pathEnd))}${rawUrl.slice(pathEnd)}`;
  const mark = url.indexOf('?');
  if (mark < 0) {
    return url;
  }
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return SECRET_NAME.test(name) && eq >= 0 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** Fields of a serialized error that may hold row values or bound parameters. */
const ERROR_VALUE_FIELDS = ['params', 'parameters', 'detail', 'where', 'internalQuery', 'values'];

/** Drizzle puts the bound parameters into the message ("Failed query: ...\nparams: a,b"). */
function scrubText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, `\nparams: ${REDACTED}`)
    .replace(/Failing row contains \([\s\S]*?\)(?=\.|\n|$)/g, `Failing row contains (${REDACTED})`)
    .replace(/\$argon2[a-z]*\$[^\s,"')]+/g, REDACTED);
}

function scrubError(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) {
    return value;
  }
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of ERROR_VALUE_FIELDS) {
    if (field in out) {
      out[field] = REDACTED;
    }
  }
  for (const field of ['message', 'stack']) {
    if (typeof out[field] === 'string') {
      out[field] = scrubText(out[field] as string);
    }
  }
  if (out.cause !== undefined) {
    out.cause = scrubError(out.cause instanceof Error ? stdSerializers.err(out.cause) : out.cause, depth + 1);
  }
  return out;
}

export function serializeError(error: Error): unknown {
  return scrubError(stdSerializers.err(error));
}

/** Header and body paths pino removes wherever they appear in a log object. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.txPassword',
  'body.oldPassword',
  'body.oldTxPassword',
  'body.newPassword',
  'body.confirmPassword',
  'body.confirmTxPassword',
  'body.loginPassword',
  'body.safeword',
  'body.token',
  'body.sessionToken',
  'body.session_token',
  '*.password',
  '*.passwordHash',
  '*.txPassword',
  '*.txPasswordHash',
  '*.token',
  '*.sessionToken',
  '*.session_token',
  '*.safeword',
];

/** The request as logged: method and scrubbed URL, never headers or body. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: scrubUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Logger options of the server: the level plus redaction; used by buildApp for every logger it makes. */
export function redactingLoggerOptions<T extends object>(base: T): T & LoggerOptions {
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: serializeRequest as never,
      err: serializeError,
      error: serializeError,
    },
  };
}

import { REQUEST_TIMEOUT_MS } from '@caravan/contracts/constants';
import i18next from 'i18next';
import { clearSession, getSession, isLoggedIn } from './session';

export type TApiAudience = 'buyer' | 'seller' | 'staff';
export type TQueryValue = string | number | boolean | null | undefined;
export type TFieldError = { field: string; message: string };

/** Codes the client itself produces when no server answer is available. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  timeout: 'TIMEOUT',
  badResponse: 'BAD_RESPONSE',
} as const;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(input: { status: number; code: string; message: string; details?: Record<string, unknown> }) {
    super(input.message);
    this.name = 'ApiError';
    this.status = input.status;
    this.code = input.code;
    this.details = input.details ?? {};
  }

  /** Field errors of a 400 answer (`details.fields[]`), for showing beside form fields. */
  get fieldErrors(): TFieldError[] {
    const fields = this.details.fields;
    if (!Array.isArray(fields)) {
      return [];
    }
    return fields.filter(
      (f): f is TFieldError =>
        typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.message === 'string',
    );
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The server answered that the record is not there for this caller (404, or 403 for someone else's). */
export function isNotFoundError(value: unknown): boolean {
  return isApiError(value) && (value.status === 404 || value.status === 403);
}

type TApiHooks = {
  getLanguage: () => string;
  /** Where to go after a buyer call answered 401 (the router's navigate once the app runs). */
  navigate: (path: string) => void;
};

const hooks: TApiHooks = {
  getLanguage: () => i18next.language || 'en',
  navigate: (path) => {
    window.location.assign(path);
  },
};

export function configureApi(next: Partial<TApiHooks>): void {
  Object.assign(hooks, next);
}

const SESSION_LOST_CODES = new Set(['NOT_LOGGED_IN', 'SESSION_EXPIRED']);

export type TRequestOptions = {
  query?: Record<string, TQueryValue>;
  body?: unknown;
  /** Whose session the call uses; only buyer calls log the buyer out on 401. */
  audience?: TApiAudience;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` (money calls; see runIntent in ./intent.ts). */
  idempotencyKey?: string;
};

export function buildApiUrl(
  path: string,
  query: Record<string, TQueryValue> | undefined,
  lang: string,
): string {
  const url = new URL(
    path.startsWith('/api/') ? path : `/api/v1${path.startsWith('/') ? '' : '/'}${path}`,
    'http://x',
  );
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') {
      url.searchParams.set(key, String(value));
    }
  }
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}`;
}

function translate(key: string, fallback: string): string {
  return i18next.isInitialized ? i18next.t(key, { defaultValue: fallback }) : fallback;
}

function hasServerMessage(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) {
    return false;
  }
  const { error } = payload as { error: { message?: unknown } | null };
  return typeof error?.message === 'string' && error.message !== '';
}

/** The errors dictionary is not part of the first load; it is fetched the first time the client needs it. */
async function loadErrorTexts(): Promise<void> {
  if (!i18next.isInitialized) {
    return;
  }
  try {
    await i18next.loadNamespaces('errors');
  } catch {
    // The English fallbacks below still apply.
  }
}

async function readEnvelope(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    const { error } = payload as { error: { code?: unknown; message?: unknown; details?: unknown } };
    const code = typeof error.code === 'string' ? error.code : CLIENT_ERROR_CODES.badResponse;
    return new ApiError({
      status,
      code,
      message:
        typeof error.message === 'string' && error.message
          ? error.message
          : translate(`errors:${code}`, translate('errors:INTERNAL_ERROR', 'System error')),
      details:
        typeof error.details === 'object' && error.details !== null
          ? (error.details as Record<string, unknown>)
          : {},
    });
  }
  return new ApiError({
    status,
    code: status >= 500 ? 'INTERNAL_ERROR' : CLIENT_ERROR_CODES.badResponse,
    message: translate('errors:INTERNAL_ERROR', 'System error, please try again later'),
  });
}

/**
 * Server rendering reads the public catalogue in-process: the renderer installs this transport for GET calls
 * (entry-server.tsx); the browser never has one.
 */
export type TServerTransport = (
  path: string,
  query: Record<string, TQueryValue> | undefined,
) => Promise<unknown>;
let serverTransport: TServerTransport | null = null;

export function setServerTransport(transport: TServerTransport | null): void {
  serverTransport = transport;
}

/** One call to the Caravan API: JSON both ways, session cookie, request language, 15 s timeout. */
export async function apiRequest<T>(method: string, path: string, options: TRequestOptions = {}): Promise<T> {
  const { query, body, audience = 'buyer', signal, idempotencyKey } = options;
  if (serverTransport) {
    if (method !== 'GET') {
      throw new ApiError({
        status: 0,
        code: CLIENT_ERROR_CODES.network,
        message: 'no writes while rendering',
      });
    }
    return (await serverTransport(path, query)) as T;
  }
  // A 401 ends only the session this call was sent with: one sent before a log-out (the header's unread counts) and
  // answered after it must not clear a later log-in or navigate away a second time (CI saw the page stuck at "/").
  const sentWithSession = getSession();
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query, hooks.getLanguage()), {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (cause) {
    if (signal?.aborted) {
      throw cause;
    }
    throw new ApiError(
      isTimedOut
        ? {
            status: 0,
            code: CLIENT_ERROR_CODES.timeout,
            message: translate('common:errors.timeout', 'The request timed out, please try again'),
          }
        : {
            status: 0,
            code: CLIENT_ERROR_CODES.network,
            message: translate('common:errors.network', 'Network error, please check your network'),
          },
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }
  const payload = await readEnvelope(response);
  if (response.ok) {
    return payload as T;
  }
  if (!hasServerMessage(payload)) {
    await loadErrorTexts();
  }
  const error = toApiError(response.status, payload);
  if (
    response.status === 401 &&
    audience === 'buyer' &&
    SESSION_LOST_CODES.has(error.code) &&
    isLoggedIn(sentWithSession) &&
    getSession() === sentWithSession
  ) {
    clearSession();
    hooks.navigate('/index');
  }
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<TRequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: TRequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: TRequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: TRequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, options?: TRequestOptions) => apiRequest<T>('DELETE', path, options),
};

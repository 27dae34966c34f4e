import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';
import { SESSION_COOKIES } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route never reads a session (no cookie, no Bearer): what it does rests on a secret in the request
     * alone, so a foreign page gains nothing by sending it with the visitor's cookies. Only such a route may skip
     * the Origin check (the RFC 8058 one-click unsubscribe, posted by mail providers from anywhere).
     */
    ignoresSession?: boolean;
  }
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE_NAMES = Object.values(SESSION_COOKIES);

/** `scheme://host[:port]` of a URL, or null when it is not one (an Origin of "null" included). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Whether the browser sent the request's session cookie, and nothing else (no Bearer header) identifies the caller. */
export function isCookieAuthenticated(request: FastifyRequest): boolean {
  if (request.headers.authorization?.startsWith('Bearer ')) {
    return false;
  }
  const cookies = request.cookies ?? {};
  return SESSION_COOKIE_NAMES.some((name) => Boolean(cookies[name]));
}

/**
 * Whether a request comes from one of our own pages. The Origin header decides when present: it must be
 * PUBLIC_URL's origin or the origin the request was addressed to (its Host, so the Vite dev server and a
 * second host name behind the same proxy work). Without Origin, Sec-Fetch-Site (sent by every current
 * browser) must say same-origin, and a Referer must be ours. A request with none of the three did not come
 * from a browser (a script or an old app), and a cross-site forgery needs a browser.
 */
export function isSameOriginRequest(request: FastifyRequest, publicOrigin: string): boolean {
  const allowed = (origin: string | null) =>
    origin !== null && (origin === publicOrigin || new URL(origin).host === request.host);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return allowed(originOf(origin));
  }
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return false;
  }
  const referer = request.headers.referer;
  if (referer !== undefined) {
    return allowed(originOf(referer));
  }
  return true;
}

/**
 * CSRF defence for the whole server: every request that may change state (any method but GET, HEAD and OPTIONS;
 * the API's v1 and legacy calls, /wap/api too) and is authenticated by a session cookie must come from our own
 * origin. It is a global hook, so routes added later are covered without doing anything.
 * Calls with a Bearer header are not cookie-authenticated: another site cannot set that header without a
 * CORS preflight, which this server never grants.
 */
export const originGuardPlugin = fp(async (app: FastifyInstance) => {
  const publicOrigin = new URL(app.deps.config.PUBLIC_URL).origin;
  app.addHook('onRequest', async (request) => {
    // Whatever the path says: the router decodes it before matching (`/%61pi/v1/...` runs the /api/v1 route),
    // so a check on the raw path's spelling let a foreign page through. No write outside the API reads a session.
    if (SAFE_METHODS.has(request.method)) {
      return;
    }
    if (request.routeOptions.config?.ignoresSession === true) {
      return;
    }
    if (isCookieAuthenticated(request) && !isSameOriginRequest(request, publicOrigin)) {
      request.log.warn({ origin: request.headers.origin ?? null }, 'cross-origin write refused');
      throw new AppError('FOREIGN_ORIGIN');
    }
  });
});

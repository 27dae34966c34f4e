import { BUYER_SESSION_MARKER_COOKIE } from '@caravan/contracts';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { TSessionAudience } from '../../db/schema';
import { SESSION_COOKIES } from '../../http/auth';

/**
 * Secure whenever the site is reached over https: PUBLIC_URL is https, or this request came over https
 * (directly, or through a proxy saying so in X-Forwarded-Proto when TRUST_PROXY is on). COOKIE_SECURE
 * overrides both.
 */
function isSecure(reply: FastifyReply, config: Config): boolean {
  return config.COOKIE_SECURE ?? (config.cookieSecure || reply.request.protocol === 'https');
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  audience: TSessionAudience,
  token: string,
  expiresAt: Date,
) {
  void reply.setCookie(SESSION_COOKIES[audience], token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply, config),
    path: '/',
    expires: expiresAt,
  });
  if (audience === 'buyer') {
    setBuyerSessionMarker(reply, config, expiresAt);
  }
}

export function clearSessionCookie(reply: FastifyReply, config: Config, audience: TSessionAudience) {
  void reply.clearCookie(SESSION_COOKIES[audience], {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply, config),
    path: '/',
  });
  if (audience === 'buyer') {
    clearBuyerSessionMarker(reply, config);
  }
}

/**
 * The storefront's pages are cached anonymously and the session cookie is httpOnly, so the page cannot tell a
 * buyer whose storage lost the user info from a visitor. This marker, readable by the page and worth nothing
 * to a thief (it holds no token), tells it to ask for the profile once. Only the buyer has one: the consoles
 * are not cached pages and ask the server for their session on every load.
 */
export function setBuyerSessionMarker(reply: FastifyReply, config: Config, expiresAt: Date) {
  void reply.setCookie(BUYER_SESSION_MARKER_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecure(reply, config),
    path: '/',
    expires: expiresAt,
  });
}

export function clearBuyerSessionMarker(reply: FastifyReply, config: Config) {
  void reply.clearCookie(BUYER_SESSION_MARKER_COOKIE, {
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecure(reply, config),
    path: '/',
  });
}

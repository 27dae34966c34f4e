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
}

export function clearSessionCookie(reply: FastifyReply, config: Config, audience: TSessionAudience) {
  void reply.clearCookie(SESSION_COOKIES[audience], {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(reply, config),
    path: '/',
  });
}

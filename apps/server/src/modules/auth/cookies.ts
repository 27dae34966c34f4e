import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { TSessionAudience } from '../../db/schema';
import { SESSION_COOKIES } from '../../http/auth';

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
    secure: config.cookieSecure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config, audience: TSessionAudience) {
  void reply.clearCookie(SESSION_COOKIES[audience], {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
  });
}

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'caravan_visitor';
const VISITOR_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Key of the guess-you-like signal: the user when logged in, else the visitor cookie (if any). */
export function viewerKey(request: FastifyRequest): string | null {
  if (request.user) {
    return `u${request.user.id}`;
  }
  const cookie = request.cookies?.[VISITOR_COOKIE];
  return cookie && VISITOR_PATTERN.test(cookie) ? `v${cookie}` : null;
}

/** Gives an anonymous visitor a random id on the first view so guess-you-like can follow his views. */
export function ensureViewerKey(request: FastifyRequest, reply: FastifyReply): string {
  const existing = viewerKey(request);
  if (existing) {
    return existing;
  }
  const id = randomBytes(16).toString('base64url');
  void reply.setCookie(VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 365 * 24 * 3600,
  });
  return `v${id}`;
}

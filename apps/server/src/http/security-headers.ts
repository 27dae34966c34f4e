import { randomFillSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const HSTS_SECONDS = 365 * 24 * 3600;

/** Whether the request reached us over https: PUBLIC_URL says so, or the socket or (with TRUST_PROXY) the proxy does. */
export function isHttpsRequest(request: FastifyRequest): boolean {
  return request.server.deps.config.PUBLIC_URL.startsWith('https://') || request.protocol === 'https';
}

type TNonces = { script: string; style: string };

/**
 * A page with this response's CSP nonces: on its inline <style> and <script> elements (the boot style, the
 * server-rendered page's Ant Design styles and state script) and in `<meta name="csp-nonce">`, where the
 * web app reads it for the styles Ant Design injects later (apps/web/src/lib/csp-nonce.ts). Applied when
 * sending, so a cached page never carries an old nonce. React escapes text, so every `<script` or `<style`
 * in rendered HTML is a real element of ours.
 */
export function addCspNonce(html: string, reply: FastifyReply): string {
  const nonces = cspNoncesOf(reply);
  return nonces ? withCspNonces(html, nonces) : html;
}

/** This response's CSP nonces (none when the policy is off). */
export function cspNoncesOf(reply: FastifyReply): TNonces | null {
  return responseNonces.get(reply.raw) ?? null;
}

/** Each response's nonces, for the policy header (set on the raw response) and the page (ssr.ts, web.ts). */
const responseNonces = new WeakMap<ServerResponse, TNonces>();

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, filled at once: one call into the CSPRNG per 128 answers instead of two per answer. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolOffset = noncePool.length;

/** A fresh nonce, 128 random bits as hex; never handed out twice (the pool is refilled before any byte is reused). */
function nextNonce(): string {
  if (noncePoolOffset >= noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString('hex', noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

function nonceSource(slot: keyof TNonces) {
  return (_request: unknown, response: ServerResponse) =>
    `'nonce-${responseNonces.get(response)?.[slot] ?? ''}'`;
}

/** The page with these nonces on its inline elements and in its csp-nonce meta element (see addCspNonce). */
export function withCspNonces(html: string, nonces: TNonces): string {
  return withInlineNonces(
    html.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonces.style}" />`),
    nonces,
  );
}

/** Nonces on the inline elements only: for a part of a page whose <head> is elsewhere (ssr.ts). */
export function withInlineNonces(html: string, nonces: TNonces): string {
  return html
    .replace(/<style(?![^>]*\bnonce=)([^>]*)>/g, `<style nonce="${nonces.style}"$1>`)
    .replace(/<script(?![^>]*\bsrc=)(?![^>]*\bnonce=)([^>]*)>/g, `<script nonce="${nonces.script}"$1>`);
}

/**
 * Security headers on every answer (issue 10 defect 6), with helmet:
 * - a strict Content-Security-Policy: scripts only from this origin (the Vite build has no inline script),
 *   inline <style> only with the response's nonce (Ant Design's CSS-in-JS gets it from the page, see
 *   apps/web/src/lib/csp-nonce.ts), no plugins, no framing (`frame-ancestors 'none'`), forms and the base
 *   URL only to this origin. `style-src-attr 'unsafe-inline'` lets components position popups with style
 *   attributes; they cannot run script.
 * - X-Content-Type-Options nosniff, Referrer-Policy same-origin, X-Frame-Options DENY for old browsers;
 * - Cross-Origin-Opener-Policy same-origin: a window of another site that opened ours loses its handle on it
 *   (no navigating it away, no counting its frames). Every answer but the storefront's server-rendered pages
 *   (ssr.ts), which the web app leaves with a new document for any other page, so the log-in, wallet, user
 *   centre and consoles always have it (docs/decisions.md, web vitals 10);
 * - Strict-Transport-Security only over https (PUBLIC_URL https, or X-Forwarded-Proto https with
 *   TRUST_PROXY), never on plain http where a browser would pin a site that cannot answer https.
 * /api/docs (Swagger UI) sends its own policy, see app.ts.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const isPublicHttps = app.deps.config.PUBLIC_URL.startsWith('https://');
  // Built once: the nonces are directive functions read per answer. @fastify/helmet built the whole middleware
  // again for every request to put its nonces in (about a tenth of a cached page's CPU).
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", nonceSource('script')],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", nonceSource('style')],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        ...(isPublicHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Images are also shown by the mobile site and the old apps, which may live on other origins.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    responseNonces.set(reply.raw, { script: nextNonce(), style: nextNonce() });
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error === undefined ? undefined : error instanceof Error ? error : new Error(String(error))),
    );
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isHttpsRequest(request)) {
      void reply.header('strict-transport-security', `max-age=${HSTS_SECONDS}; includeSubDomains`);
    }
    if (request.url.startsWith('/uploads/')) {
      void reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });
});

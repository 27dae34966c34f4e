import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  isLanguage,
  isStorefrontPath,
  STOREFRONT_PATHS,
  STOREFRONT_SEGMENT_PATHS,
  storefrontSpelling,
} from '@caravan/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addCspNonce } from './security-headers';
import { registerSeoRoutes } from './seo';
import { sendServerRenderedPage } from './ssr';

const MOBILE_AGENT = /Android|iPhone|iPod|Windows Phone|Mobile|Opera Mini|IEMobile/i;

/** Target on the mobile site for this path, keeping goods id, store id and lang (SPEC §1). */
export function mobileRedirectTarget(base: string, request: FastifyRequest): string {
  const incoming = new URL(request.url, 'http://local');
  const target = new URL(base);
  const id = incoming.searchParams.get('id');
  if (id && incoming.pathname === '/productDetails') {
    target.searchParams.set('goodsId', id);
  }
  if (id && incoming.pathname === '/store') {
    target.searchParams.set('storeId', id);
  }
  const asked = incoming.searchParams.get('lang');
  target.searchParams.set('lang', isLanguage(asked) ? asked : request.lang);
  return target.toString();
}

function isPageRequest(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return (
    // HEAD answers as GET does, without the body (link checkers and monitors ask so; they were told 404).
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api') &&
    !request.url.startsWith('/uploads') &&
    !request.url.startsWith('/ws') &&
    // Storefront pages answer any client that does not insist on JSON (curl, link previews, crawlers).
    (accept.includes('text/html') ||
      (isStorefrontPath(request.url.split('?')[0] ?? '') && !accept.includes('application/json')))
  );
}

/**
 * The storefront pages with routes of their own, so a visit goes straight to server rendering. Without them a
 * visit first went through the static files' catch-all route, which looked for a file of that name on disk
 * (a stat, an ENOENT error with its stack, a directory listing to check the name's spelling) before the
 * not-found handler rendered the page: about a millisecond of CPU and two trips to the file system's thread
 * pool on every page, cache hits included (issue 11, speed at scale). Other page paths still arrive there.
 */
const STOREFRONT_ROUTES = [
  ...STOREFRONT_PATHS,
  ...STOREFRONT_SEGMENT_PATHS.map((path) => `${path}/:segment`),
];

/** Serves the built SPA: hashed assets cached for a year, index.html never cached, any page path -> SPA. */
export async function registerWeb(app: FastifyInstance): Promise<boolean> {
  const { config } = app.deps;
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
  });
  // SPEC §2: / redirects to /index (kept on the server so the static handler never sees the bare directory).
  app.get('/', { schema: { hide: true } }, (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/index${query}`, 302);
  });
  const indexFile = path.join(config.webDistDir, 'index.html');
  if (config.SERVE_WEB) {
    await registerSeoRoutes(app);
  }
  if (!config.SERVE_WEB || !existsSync(indexFile)) {
    return false;
  }
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: '/',
    // Files are looked up per request, so a rebuilt dist is served without a restart; misses fall through to
    // the not-found handler, which answers page paths with index.html.
    index: false,
    // Scripts and styles are compressed at build time (apps/web/vite.config.ts, precompressedAssets): brotli or
    // gzip as the browser takes them, sent as they are; @fastify/compress leaves an encoded answer alone.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  for (const url of STOREFRONT_ROUTES) {
    app.get(url, { schema: { hide: true } }, (request, reply) => {
      if (sendSpa(app, request, reply)) {
        return reply;
      }
      // The caller asked for JSON, not a page: the API's own 404, as for any path it does not know.
      return reply.callNotFound();
    });
  }
  return true;
}

export function sendSpa(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): boolean {
  const { config } = app.deps;
  if (!isPageRequest(request) || !config.SERVE_WEB) {
    return false;
  }
  const pathname = request.url.split('?')[0] ?? '/';
  const spelling = storefrontSpelling(pathname);
  if (spelling !== null && spelling !== pathname) {
    // Moved for good to the page's own address, the query kept.
    void reply.redirect(`${spelling}${request.url.slice(pathname.length)}`, 301);
    return true;
  }
  const isConsole = /^\/(admin|seller|cs)(\/|$)/.test(request.url);
  if (config.MOBILE_SITE_URL && !isConsole) {
    // Phones and computers get different answers at the same address: caches keep them apart.
    void reply.header('vary', 'user-agent');
    if (MOBILE_AGENT.test(request.headers['user-agent'] ?? '')) {
      void reply.redirect(mobileRedirectTarget(config.MOBILE_SITE_URL, request), 302);
      return true;
    }
  }
  if (!hasIndexHtml(path.join(config.webDistDir, 'index.html'))) {
    return false;
  }
  void sendPage(app, request, reply);
  return true;
}

/**
 * A browser's visit to an address that cannot be answered (a NUL in its query, a broken %-escape) gets the app with
 * the error's status, which shows its own "not found" in the visitor's language and the way on, rather than the
 * API's JSON envelope as a page of text. Only for a bad address (400, 404); false when this is no page visit.
 */
export function sendErrorPage(request: FastifyRequest, reply: FastifyReply, status: number): boolean {
  const { config } = request.server.deps;
  const indexFile = path.join(config.webDistDir, 'index.html');
  if (
    (status !== 400 && status !== 404) ||
    !config.SERVE_WEB ||
    !isPageRequest(request) ||
    !hasIndexHtml(indexFile)
  ) {
    return false;
  }
  sendShell(reply.status(status), indexFile);
  return true;
}

/** Public storefront pages come server-rendered (ssr.ts); every other page is the client shell. */
async function sendPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    if (await sendServerRenderedPage(app, request, reply)) {
      return;
    }
  } catch (error) {
    // The shell still works without server rendering: the page then loads in the browser as before.
    request.log.error({ err: error }, 'server rendering failed');
  }
  sendShell(reply, path.join(app.deps.config.webDistDir, 'index.html'));
}

/** The client shell (index.html), asked for again on every visit, with this answer's nonce. */
function sendShell(reply: FastifyReply, indexFile: string): void {
  void reply
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(addCspNonce(readIndexHtml(indexFile), reply));
}

const INDEX_CHECK_MS = 1000;
let indexCheck: { file: string; checkedAt: number; exists: boolean } | undefined;

/**
 * Whether the web app's index.html is there, looked up at most once a second: a rebuild or a removed build is
 * still noticed without a restart, and a page no longer pays a file-system call for it.
 */
function hasIndexHtml(file: string): boolean {
  const now = Date.now();
  if (indexCheck?.file !== file || now - indexCheck.checkedAt >= INDEX_CHECK_MS) {
    indexCheck = { file, checkedAt: now, exists: existsSync(file) };
  }
  return indexCheck.exists;
}

let indexCache: { file: string; mtimeMs: number; html: string } | undefined;

/**
 * index.html's hold on painting until `<main>` is parsed (the server-rendered header must be whole first). The
 * shell has no `<main>` until the app renders it, so there it only held the page to the end of parsing and made
 * Chromium warn on every client-rendered page that the expected element was never found.
 */
const EXPECT_MAIN_LINK = /[ \t]*<link rel="expect" href="#main"[^>]*>\n?/;

/** index.html as the client shell, read again when the web app is rebuilt. */
function readIndexHtml(file: string): string {
  const mtimeMs = statSync(file).mtimeMs;
  if (indexCache?.file !== file || indexCache.mtimeMs !== mtimeMs) {
    indexCache = { file, mtimeMs, html: readFileSync(file, 'utf8').replace(EXPECT_MAIN_LINK, '') };
  }
  return indexCache.html;
}

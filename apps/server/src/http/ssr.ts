import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_STATE_ELEMENT_ID, type TLanguage } from '@caravan/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage } from '../i18n/messages';
import {
  cachePublicPage,
  readPublicCatalog,
  refreshExpiredDiscounts,
  type TPageCodec,
} from '../modules/catalog';
import { isAppError } from './app-error';
import {
  decodePreparedPage,
  encodePreparedPage,
  gzipPage,
  NONCE_PLACEHOLDERS,
  pageText,
  preparedPageBytes,
  preparePage,
  type TPageSource,
  type TPreparedPage,
  type TSharedText,
} from './page-bytes';
import { cspNoncesOf, withCspNonces, withInlineNonces } from './security-headers';

/** The server bundle's interface (apps/web/src/entry-server.tsx), declared here to keep the builds apart. */
type TServerRead =
  | { isOk: true; data: unknown }
  | { isOk: false; status: number; code: string; message: string }
  | null;
type TRenderResult = {
  status: number;
  dir: 'ltr' | 'rtl';
  htmlLang: string;
  html: string;
  /** html in parts, odd ones shared by many pages (the header, the footer). */
  htmlParts?: string[];
  styles: string;
  head?: string;
  /** The page's state, JSON, sent in the data block the web app reads (SERVER_STATE_ELEMENT_ID). */
  stateJson: string;
  /** stateJson in parts, odd ones shared by many pages: the dictionaries, the category tree (entry-server.tsx). */
  stateParts?: string[];
  modules: string[];
  passes?: number;
};
type TRenderer = {
  isServerRenderedPath(pathname: string): boolean;
  renderPage(input: {
    url: string;
    lang: TLanguage;
    origin: string;
    read: (apiPath: string, query: Record<string, string>) => Promise<TServerRead>;
  }): Promise<TRenderResult | null>;
};
type TManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
type TBuild = {
  renderer: TRenderer;
  template: string;
  manifest: Record<string, TManifestChunk>;
  stamp: number;
  /** Names the build by its manifests' content: pages of the same build on other processes share its cache keys. */
  id: string;
  /** Stylesheets of the build by file name, read once (server-rendered pages carry them inline). */
  css: Map<string, string>;
  /** Page frames by modules, language and direction (composePreparedHtml). */
  frames: Map<string, TFrame>;
  webDistDir: string;
};

/** How often the server looks for a rebuilt web app. */
const BUILD_CHECK_MS = 2_000;
/** Longer addresses are rendered but not cached (no one can fill the cache with junk variants). */
const MAX_CACHED_URL_LENGTH = 512;

/** The server build's manifest; it names the hashed entry (a rebuild is a new module graph, no restart). */
export function ssrManifestPath(webDistDir: string): string {
  return path.join(path.dirname(webDistDir), 'dist-ssr', '.vite', 'manifest.json');
}

let loaded: { checkedAt: number; stamp: number; dir: string; build: Promise<TBuild | null> } | undefined;

async function loadBuild(webDistDir: string, stamp: number): Promise<TBuild | null> {
  const templatePath = path.join(webDistDir, 'index.html');
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  if (!stamp || !existsSync(templatePath) || !existsSync(manifestPath)) {
    return null;
  }
  const serverManifestPath = ssrManifestPath(webDistDir);
  const serverManifestText = readFileSync(serverManifestPath, 'utf8');
  const manifestText = readFileSync(manifestPath, 'utf8');
  const serverManifest = JSON.parse(serverManifestText) as Record<string, TManifestChunk>;
  const entry = serverManifest['src/entry-server.tsx'];
  if (!entry) {
    return null;
  }
  const bundle = path.join(path.dirname(webDistDir), 'dist-ssr', entry.file);
  const renderer = (await import(pathToFileURL(bundle).href)) as TRenderer;
  return {
    renderer,
    template: readFileSync(templatePath, 'utf8'),
    manifest: JSON.parse(manifestText) as Record<string, TManifestChunk>,
    stamp,
    id: createHash('sha256').update(serverManifestText).update(manifestText).digest('base64url').slice(0, 16),
    css: new Map(),
    frames: new Map(),
    webDistDir,
  };
}

/**
 * The server renderer of the built web app, or null when there is none. It is loaded once per process: a
 * second copy of the app's modules in one process breaks React's contexts. After a rebuild the server sends
 * the client shell (which works with any build) until it restarts, and says so once in its log.
 */
export function getServerBuild(webDistDir: string, onStale: () => void): Promise<TBuild | null> {
  const now = Date.now();
  if (loaded && loaded.dir === webDistDir && now - loaded.checkedAt < BUILD_CHECK_MS) {
    return loaded.build;
  }
  const manifest = ssrManifestPath(webDistDir);
  const stamp = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  if (loaded && loaded.dir === webDistDir) {
    loaded.checkedAt = now;
    if (loaded.stamp !== stamp && loaded.stamp !== -1) {
      loaded.stamp = -1;
      loaded.build = Promise.resolve(null);
      onStale();
    }
    return loaded.build;
  }
  const build = loadBuild(webDistDir, stamp).catch(() => null);
  loaded = { checkedAt: now, stamp, dir: webDistDir, build };
  return build;
}

/**
 * Loads the server renderer before the process takes connections (main.ts), so the first visitors do not wait
 * for its modules to be imported and compiled: seconds on a busy machine, paid again by every process of
 * SERVER_PROCESSES, each of which is handed connections as soon as it listens.
 */
export async function preloadServerBuild(webDistDir: string): Promise<boolean> {
  return (await getServerBuild(webDistDir, () => undefined)) !== null;
}

/** The page's own script and every stylesheet it and the sections it renders at once bring. */
function pageAssets(manifest: Record<string, TManifestChunk>, modules: string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string, depth: number) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file) || styles.has(`${key}#visited`)) {
      return;
    }
    styles.add(`${key}#visited`);
    if (depth === 0) {
      scripts.add(chunk.file);
    }
    for (const css of chunk.css ?? []) {
      styles.add(css);
    }
    for (const child of chunk.imports ?? []) {
      visit(child, depth);
    }
    // Lazy sections of the page (home's lists) are rendered on the server too: their styles must be here. Only
    // the page's own: the shared boot chunk's lazy imports are every other page and widget (their 25 KB of styles
    // made the browser match each element of the page against rules it never uses).
    if (depth === 0 && modules.includes(key)) {
      for (const child of chunk.dynamicImports ?? []) {
        visit(child, depth + 1);
      }
    }
  };
  for (const key of modules) {
    visit(key, 0);
  }
  return { scripts: [...scripts], styles: [...styles].filter((file) => !file.endsWith('#visited')) };
}

/** Every chunk the entry imports statically (the boot chunk and the bundler's runtime). */
function entryImports(manifest: Record<string, TManifestChunk>): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) {
      return;
    }
    for (const child of chunk.imports ?? []) {
      const file = manifest[child]?.file;
      if (file && !files.includes(file)) {
        files.push(file);
        visit(child);
      }
    }
  };
  visit('index.html');
  return files;
}

function readCss(build: TBuild, file: string): string {
  let text = build.css.get(file);
  if (text === undefined) {
    const full = path.join(build.webDistDir, file);
    text = existsSync(full) ? readFileSync(full, 'utf8') : '';
    build.css.set(file, text);
  }
  return text;
}

const SCRIPT_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET_TAG = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;

/**
 * A server-rendered page paints from its HTML alone: the stylesheets are inline and the app's scripts start
 * once the page has loaded (its first image included), so they never compete with the first paint on a slow
 * line. Hydration then makes the same markup interactive (docs/decisions.md, web vitals).
 */
export function composeHtml(build: TBuild, page: TRenderResult): string {
  return composeWith(build, page, Boolean(page.head), inlineCssOf(build, page.modules));
}

/** The stylesheets of the template and of the page's modules (build files, no leading slash). */
function inlineCssFilesOf(build: TBuild, modules: string[]): string[] {
  const templateStyles = [...build.template.matchAll(STYLESHEET_TAG)].map((match) => match[1] ?? '');
  return [...new Set([...templateStyles, ...pageAssets(build.manifest, modules).styles])];
}

/** The stylesheets of the template and of the page's modules, as one text. */
function inlineCssOf(build: TBuild, modules: string[]): string {
  return inlineCssFilesOf(build, modules)
    .map((file) => readCss(build, file))
    .join('');
}

/**
 * Disabled links naming the stylesheets that are inline: a disabled stylesheet link is never fetched nor applied,
 * but Vite's loader of a lazy chunk's CSS (the page's chunk, home's sections) sees the file as present. Without
 * them it fetched the 53 KB again after hydration began and the browser restyled and laid out the whole page, a
 * long task on a phone (issue 11, TBT).
 */
function inlineCssMarkers(build: TBuild, modules: string[]): string {
  return inlineCssFilesOf(build, modules)
    .map((file) => `<link rel="stylesheet" href="/${file}" disabled>`)
    .join('');
}

/** How long the loader waits for the first paint before it starts the scripts anyway (a tab opened in the background). */
const FIRST_PAINT_WAIT_MS = 3_000;

/**
 * The page's inline script that starts the app: after `load`, once the browser has painted the page (its first
 * contentful paint, else the next frame where paint timing is unknown, else after FIRST_PAINT_WAIT_MS), it asks for
 * the scripts. So the page's largest picture is on screen before any script runs, and the end of parsing, the load
 * event and the scripts are separate tasks. Waiting for a frame alone was not enough: a browser can hold a page's
 * first paint back while its frames run (Chromium did for a second in a tab it reused), and the scripts then ran
 * before anything was on screen.
 */
export function scriptLoader(scripts: string[], entry: string): string {
  return [
    "addEventListener('load',function(){",
    'var started=false;',
    'function start(){if(started)return;started=true;setTimeout(function(){var h=document.head;',
    `${JSON.stringify(scripts)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});`,
    `var s=document.createElement('script');s.type='module';s.src=${JSON.stringify(entry)};h.appendChild(s)})}`,
    'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];',
    "if(types.indexOf('paint')<0){requestAnimationFrame(start);return}",
    "new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();start()}}).observe({type:'paint',buffered:true});",
    `setTimeout(start,${FIRST_PAINT_WAIT_MS})`,
    '},{once:true})',
  ].join('');
}

function composeWith(build: TBuild, page: TRenderResult, hasHead: boolean, inlineCss: string): string {
  const assets = pageAssets(build.manifest, page.modules);
  const entry = build.template.match(SCRIPT_TAG)?.[1];
  // The entry's own imports come from the manifest: the client build emits no modulepreload links (vite.config.ts).
  const preloads = [
    ...new Set([
      ...[...build.template.matchAll(PRELOAD_TAG)].map((match) => match[1] ?? ''),
      ...entryImports(build.manifest).map((file) => `/${file}`),
    ]),
  ];
  const scripts = [...new Set([...preloads, ...assets.scripts.map((file) => `/${file}`)])];
  const loader = entry ? `<script>${scriptLoader(scripts, entry)}</script>` : '';
  let html = build.template
    .replace(/<html[^>]*>/, `<html lang="${page.htmlLang}" dir="${page.dir}">`)
    .replace(SCRIPT_TAG, '')
    .replace(PRELOAD_TAG, '')
    .replace(STYLESHEET_TAG, '');
  if (hasHead) {
    html = html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  }
  return html
    .replace(
      '</head>',
      () =>
        `${page.head ?? ''}<style>${inlineCss}</style>${inlineCssMarkers(build, page.modules)}${page.styles}</head>`,
    )
    .replace(
      /<div id="root">.*<\/div>/,
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.stateJson}</script>${loader}`,
    );
}

/** The parts of a page that are its own, in the order they appear in it. */
const PAGE_PARTS = ['head', 'css', 'styles', 'html', 'state'] as const;
/** Stand-ins for those parts while a frame is composed (NUL characters: no page or template contains them). */
const PART_MARK = (part: string) => `\u0000caravan-part-${part}\u0000`;
const PART_PATTERN = new RegExp(PART_MARK(`(${PAGE_PARTS.join('|')})`));

/**
 * Everything of a page but its own parts (template, assets, loader), with nonce stand-ins already in: the text
 * between the parts (PAGE_PARTS) and the inline stylesheet. The same for every page of these modules, language
 * and direction, so it is made once per build: a profile of renders spent 3 ms a page on looking up the assets
 * and running the nonce patterns over the 53 KB stylesheet and the template (issue 11, speed at scale).
 */
type TFrame = { between: string[]; css: string };

function frameOf(build: TBuild, page: TRenderResult): TFrame {
  const key = `${page.modules.join(',')}|${page.htmlLang}|${page.dir}|${page.head ? 'head' : ''}`;
  let frame = build.frames.get(key);
  if (!frame) {
    const css = inlineCssOf(build, page.modules);
    const parts = composeWith(
      build,
      {
        ...page,
        head: PART_MARK('head'),
        styles: PART_MARK('styles'),
        html: PART_MARK('html'),
        stateJson: PART_MARK('state'),
      },
      Boolean(page.head),
      PART_MARK('css'),
    ).split(PART_PATTERN);
    const between = parts.filter((_part, i) => i % 2 === 0);
    const order = parts.filter((_part, i) => i % 2 === 1);
    if (order.join() !== PAGE_PARTS.join()) {
      throw new Error(`the page template's parts are out of order: ${order.join()}`);
    }
    frame = {
      between: between.map((text, i) =>
        i === 0 ? withCspNonces(text, NONCE_PLACEHOLDERS) : withInlineNonces(text, NONCE_PLACEHOLDERS),
      ),
      css,
    };
    build.frames.set(key, frame);
  }
  return frame;
}

/**
 * The page as composeHtml makes it with withCspNonces(…, NONCE_PLACEHOLDERS) on it, ready for preparePage, made
 * from its frame: only its own parts are looked through for inline elements (the state script is JSON with `<`
 * escaped, so it has none; the header and footer fragments carry none, see app/server-fragment.tsx), and the
 * stylesheet, the state's dictionaries and the fragments are passed as shared texts so their deflated form is
 * reused. Nothing is joined into one string: the stylesheet and dictionaries alone are some 150 KB, which joining,
 * cutting apart again and hashing as cache keys cost a tenth of a page miss in a profile.
 */
export function composePreparedHtml(build: TBuild, page: TRenderResult): TPageSource {
  const { between, css } = frameOf(build, page);
  const own = (text: string) => withInlineNonces(text, NONCE_PLACEHOLDERS);
  return [
    between[0] ?? '',
    own(page.head ?? ''),
    between[1] ?? '',
    { shared: css },
    between[2] ?? '',
    ...stylesWithSharedRules(page.styles),
    between[3] ?? '',
    ...(page.htmlParts
      ? page.htmlParts.map((part, i) => (i % 2 === 1 ? { shared: part } : own(part)))
      : [own(page.html)]),
    between[4] ?? '',
    ...(page.stateParts
      ? page.stateParts.map((part, i) => (i % 2 === 1 ? { shared: part } : part))
      : [page.stateJson]),
    between[5] ?? '',
  ];
}

/** Ant Design's <style> elements of a page, each one's rules as a shared text (stylesWithSharedRules). */
const styleSources = new Map<string, TPageSource>();
const STYLE_SOURCES_MAX = 256;
const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;

/**
 * A page's Ant Design styles with the rules inside each <style> as a shared text: a page kind's styles are the same
 * text on every render once its states have been seen (entry-server.tsx keeps them per page), and compressing its
 * 3-4 KB again for each page was a seventh of a product page's own text. The elements' tags stay the page's own
 * (their nonces). Kept per text: the renderer hands out the same string while the styles do not change.
 */
export function stylesWithSharedRules(styles: string): TPageSource {
  let source = styleSources.get(styles);
  if (!source) {
    const parts: (string | TSharedText)[] = [];
    let last = 0;
    for (const match of styles.matchAll(STYLE_ELEMENT)) {
      const [, open = '', rules = '', close = ''] = match;
      parts.push(
        withInlineNonces(styles.slice(last, match.index) + open, NONCE_PLACEHOLDERS),
        { shared: rules },
        close,
      );
      last = match.index + match[0].length;
    }
    parts.push(withInlineNonces(styles.slice(last), NONCE_PLACEHOLDERS));
    source = parts;
    if (styleSources.size >= STYLE_SOURCES_MAX) {
      styleSources.delete(styleSources.keys().next().value as string);
    }
    styleSources.set(styles, source);
  }
  return source;
}

type TCachedPage = { status: number; passes: number; page: TPreparedPage } | null;

/** A cached page as bytes for the processes sharing pages through Redis; an empty buffer is "no page". */
const CACHED_PAGE_CODEC: TPageCodec<TCachedPage> = {
  encode: (value) =>
    value ? encodePreparedPage(value.page, { status: value.status, passes: value.passes }) : Buffer.alloc(0),
  decode: (bytes) => {
    if (bytes.length === 0) {
      return null;
    }
    const { page, meta } = decodePreparedPage(bytes);
    return { status: meta.status ?? 200, passes: meta.passes ?? 0, page };
  },
};

/** Whether Accept-Encoding takes gzip (listed, or `*`, without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Answers a public storefront page with its server-rendered HTML (issue 11). Returns false when the path is
 * not server-rendered or no server build exists; the caller then sends the client shell.
 */
export async function sendServerRenderedPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const { config, db, readDb } = app.deps;
  const build = await getServerBuild(config.webDistDir, () =>
    request.log.warn('the web app was rebuilt: pages are client-rendered until the server restarts'),
  );
  const pathname = request.url.split('?')[0] ?? '/';
  if (!build?.renderer.isServerRenderedPath(pathname)) {
    return false;
  }
  const lang = request.lang;
  // Links in the page (canonical, alternates) use the configured public origin, never the Host header.
  const origin = config.PUBLIC_URL.replace(/\/$/, '');
  const render = async (): Promise<TCachedPage> => {
    await refreshExpiredDiscounts(db);
    const page = await build.renderer.renderPage({
      url: request.url,
      lang,
      origin,
      read: async (apiPath, query) => {
        try {
          const data = await readPublicCatalog(readDb, lang, apiPath, query);
          return data === undefined ? null : { isOk: true, data };
        } catch (error) {
          if (isAppError(error)) {
            return {
              isOk: false,
              status: error.statusCode,
              code: error.code,
              message: errorMessage(lang, error.code, error.params),
            };
          }
          throw error;
        }
      },
    });
    // Made once per cached page with stand-in nonces; each answer puts its own in (page-bytes.ts).
    return page
      ? {
          status: page.status,
          passes: page.passes ?? 0,
          page: preparePage(composePreparedHtml(build, page)),
        }
      : null;
  };
  let isRendered = false;
  const page =
    request.url.length <= MAX_CACHED_URL_LENGTH
      ? await cachePublicPage(
          readDb,
          `${build.id}:${lang}:${request.url}`,
          () => {
            isRendered = true;
            return render();
          },
          {
            sizeOf: (cached) => (cached ? preparedPageBytes(cached.page) : 0),
            shared: {
              codec: CACHED_PAGE_CODEC,
              onError: (error) => request.log.warn({ err: error }, 'shared page cache error'),
            },
          },
        )
      : await render();
  if (!page) {
    return false;
  }
  // The storefront's own pages go without Cross-Origin-Opener-Policy, which every other answer has: the new
  // browsing context group it asks for made Chromium commit the page in a new renderer process, and that start,
  // multiplied by Lighthouse's slowdown, was most of these pages' blocking time. The web app leaves such a document
  // with a new load for every page that is not the storefront's (opener-policy.ts; docs/decisions.md, web vitals 10).
  reply.raw.removeHeader('cross-origin-opener-policy');
  void reply
    .status(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    // Like a CDN's X-Cache: whether this answer was rendered for it (the page bench counts the hit rate).
    .header('x-page-cache', isRendered || request.url.length > MAX_CACHED_URL_LENGTH ? 'miss' : 'hit')
    // Browsers ask again each time; the server keeps its copy for a few seconds (catalogue cache).
    .header('cache-control', 'no-cache')
    // With a mobile site, phones are sent there (web.ts): a cache must not give them a desktop answer.
    .header(
      'vary',
      `accept-language, cookie, accept-encoding${config.MOBILE_SITE_URL ? ', user-agent' : ''}`,
    );
  if (isRendered) {
    // How many render passes this page took: one when its data was read before rendering (ssr-prefetch.ts).
    void reply.header('server-timing', `render;desc="passes=${page.passes}"`);
  }
  // No nonces only where the policy is off: the attributes then stay empty.
  const nonces = cspNoncesOf(reply) ?? { script: '', style: '' };
  if (acceptsGzip(request.headers['accept-encoding'])) {
    // Already compressed: the compression plugin leaves an answer with a content-encoding alone.
    void reply.header('content-encoding', 'gzip').send(gzipPage(page.page, nonces));
  } else {
    void reply.send(pageText(page.page, nonces));
  }
  return true;
}

/**
 * Server rendering of the public storefront (built with `vite build --ssr`, loaded by the Fastify server, see
 * apps/server/src/http/ssr.ts and docs/decisions.md). The browser hydrates the same tree (main.tsx).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { isStorefrontPath } from '@caravan/contracts/constants';
import { AMOUNT_ISOLATION, isRtlLanguage, LANGUAGE_TAGS, type TLanguage } from '@caravan/contracts/languages';
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as TI18n } from 'i18next';
import { isValidElement, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  type DataRouteObject,
  matchRoutes,
  type RouteObject,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { buildPageHead } from './app/page-head';
import { PageStatusContext, type TPageStatus } from './app/page-status';
import { AppProviders } from './app/providers';
import { ROUTES, type TPage } from './app/router';
import { createServerFragments, ServerFragmentsContext } from './app/server-fragment';
import {
  serializeQueryData,
  serializeResources,
  serializeServerStateParts,
  type TServerQueryError,
  type TServerState,
} from './app/server-state';
import { prefetchesFor } from './app/ssr-prefetch';
import { categoriesQuery } from './components/catalog/categories';
import { ApiError, setServerTransport, type TQueryValue } from './lib/api';
import { loadAntdLocale, loadDictionary, SHARED_NAMESPACES, WEB_NAMESPACES } from './lib/i18n';

/** What the server answers for one API read: data, an error like the API's, or null when not public data. */
export type TServerRead =
  | { isOk: true; data: unknown }
  | { isOk: false; status: number; code: string; message: string }
  | null;

export type TRenderInput = {
  /** Path and query of the page. */
  url: string;
  lang: TLanguage;
  /** Public origin (PUBLIC_URL, no trailing slash) for canonical and alternate links. */
  origin: string;
  read: (path: string, query: Record<string, string>) => Promise<TServerRead>;
};

export type TRenderResult = {
  status: number;
  lang: TLanguage;
  dir: 'ltr' | 'rtl';
  htmlLang: string;
  /** The app's markup for <div id="root">. */
  html: string;
  /**
   * The same markup in parts, odd ones fragments many pages share (the header and the footer, see
   * app/server-fragment.tsx): the server compresses each once for all of them.
   */
  htmlParts: string[];
  /** Ant Design's styles for the markup (<style> elements). */
  styles: string;
  /** Title, description, canonical, hreflang alternates, Open Graph and Twitter cards, JSON-LD. */
  head: string;
  /** The page's state as JSON, which the server puts in a data block (SERVER_STATE_ELEMENT_ID) for the browser. */
  stateJson: string;
  /**
   * stateJson in parts, the odd ones texts many pages carry alike (the server compresses each once for all of them):
   * the language's dictionaries, then the site-wide answers' data (serializeServerStateParts).
   */
  stateParts: string[];
  /** Source files (Vite manifest keys) of the pages rendered, for preload links and their CSS. */
  modules: string[];
  /** Render passes the page took (1 when its data was read before rendering, see app/ssr-prefetch.ts). */
  passes: number;
};

/**
 * Whether no page of the app has this path, so the router shows its "page not found": rendered on the server too,
 * so the answer is a 404 (a crawler following a dead link must not see a 200). Paths of the consoles and the user
 * centre have pages of their own and stay the client shell.
 */
function isUnknownPath(pathname: string): boolean {
  // A missing file comes here only when a browser navigated to it (scripts and images do not ask for HTML).
  return matchRoutes(ROUTES, pathname)?.at(-1)?.route.path === '*';
}

export function isServerRenderedPath(pathname: string): boolean {
  return isStorefrontPath(pathname) || isUnknownPath(pathname);
}

/** Renders, reads what the render asked for, renders again; a page needs at most a chain this long. */
const MAX_RENDER_PASSES = 4;
const RENDER_TIMEOUT_MS = 10_000;
const STOREFRONT_NAMESPACES = [...WEB_NAMESPACES, ...SHARED_NAMESPACES];

type TRequestContext = {
  read: TRenderInput['read'];
  /** The i18n namespaces the render's components asked for (its state script carries their dictionaries). */
  namespaces?: Set<string>;
};
const requestContext = new AsyncLocalStorage<TRequestContext>();

/** Thrown for reads that are not public catalogue data: the query stays loading and runs in the browser. */
class BrowserOnlyRead extends Error {}

function toStringQuery(query: Record<string, TQueryValue> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') {
      result[key] = String(value);
    }
  }
  return result;
}

setServerTransport(async (path, query) => {
  const context = requestContext.getStore();
  const answer = context ? await context.read(path, toStringQuery(query)) : null;
  if (!answer) {
    throw new BrowserOnlyRead(path);
  }
  if (!answer.isOk) {
    throw new ApiError({ status: answer.status, code: answer.code, message: answer.message });
  }
  return answer.data;
});

/**
 * Where react-i18next reports the namespaces a component uses: to the render running now. One instance per
 * language serves every request (a clone per request was 3 % of a page miss in a profile), so what a render used is
 * kept in its request context, not on the instance.
 */
const namespaceReporter = {
  addUsedNamespaces(namespaces: readonly string[]) {
    const used = requestContext.getStore()?.namespaces;
    for (const ns of namespaces) {
      used?.add(ns);
    }
  },
  getUsedNamespaces(): string[] {
    return [...(requestContext.getStore()?.namespaces ?? [])];
  },
};

/** One fully loaded i18next per language, shared by every request (its dictionaries never change while running). */
const baseInstances = new Map<TLanguage, Promise<TI18n>>();

async function createBaseInstance(lang: TLanguage): Promise<TI18n> {
  const languages = lang === 'en' ? ['en'] : [lang, 'en'];
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const code of languages) {
    const entries = await Promise.all(
      STOREFRONT_NAMESPACES.map(async (ns) => [ns, await loadDictionary(code, ns)] as const),
    );
    resources[code] = Object.fromEntries(entries);
  }
  const instance = i18next.createInstance().use(AMOUNT_ISOLATION);
  await instance.init({
    lng: lang,
    fallbackLng: 'en',
    resources,
    ns: STOREFRONT_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    postProcess: [AMOUNT_ISOLATION.name],
    returnNull: false,
    react: { useSuspense: false },
  });
  (instance as TI18n & { reportNamespaces?: typeof namespaceReporter }).reportNamespaces = namespaceReporter;
  memoiseTranslations(instance);
  return instance;
}

/** The language's shared i18next, its look-ups remembered (exported for the tests that compare them with i18next). */
export function getBaseInstance(lang: TLanguage): Promise<TI18n> {
  let instance = baseInstances.get(lang);
  if (!instance) {
    instance = createBaseInstance(lang);
    baseInstances.set(lang, instance);
  }
  return instance;
}

/** Options react-i18next's bound t adds to every call; a call with nothing else is a plain dictionary look-up. */
const PLAIN_CALL_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);
/** Distinct plain look-ups kept per language (the dictionaries' size; a bound in case keys come from data). */
const MAX_MEMOISED_TRANSLATIONS = 50_000;

function plainCallKey(key: unknown, options: unknown): string | null {
  if (typeof key !== 'string') {
    return null;
  }
  if (options === undefined) {
    return `\u0000\u0000\u0000\u0000${key}`;
  }
  if (typeof options !== 'object' || options === null) {
    return null;
  }
  const parts: string[] = [];
  for (const name of PLAIN_CALL_OPTIONS) {
    const value: unknown = (options as Record<string, unknown>)[name];
    parts.push(Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '');
  }
  // A count alone (every product card's "sold" line) picks a plural form and fills in the number: the same
  // text for the same count, so it is remembered too.
  const count: unknown = (options as Record<string, unknown>).count;
  if (count !== undefined && !Number.isSafeInteger(count)) {
    return null;
  }
  parts.push(count === undefined ? '' : String(count));
  return Object.keys(options).every((name) => PLAIN_CALL_OPTIONS.has(name) || name === 'count')
    ? `${parts.join('\u0000')}\u0000${key}`
    : null;
}

/**
 * Remembers the text of plain look-ups (no values, no default; a count at most) for the language, across requests: a
 * page makes hundreds of them and i18next's resolution of each took about a quarter of a render's CPU in a
 * profile. The dictionaries never change in a running server, so the text of a plain look-up never does either.
 */
function memoiseTranslations(instance: TI18n) {
  const cache = new Map<string, string>();
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const memoised = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    if (rest.length > 0) {
      return translate(key, options, ...rest);
    }
    const cacheKey = plainCallKey(key, options);
    const known = cacheKey === null ? undefined : cache.get(cacheKey);
    if (known !== undefined) {
      return known;
    }
    const text = options === undefined ? translate(key) : translate(key, options);
    if (cacheKey !== null && typeof text === 'string' && cache.size < MAX_MEMOISED_TRANSLATIONS) {
      cache.set(cacheKey, text);
    }
    return text;
  };
  instance.t = memoised as unknown as TI18n['t'];
  memoiseFixedTranslations(instance, cache);
}

/**
 * The part of a fixed t's options its text depends on, as a key: '' for none, the count for a count alone, the
 * options' JSON when every value is a number or a boolean (a pager's page numbers), null for anything else (text
 * values come from visitors and data: remembering them would only fill memory).
 */
function optionsKey(options: unknown): string | null {
  if (options === undefined) {
    return '';
  }
  if (typeof options !== 'object' || options === null) {
    return null;
  }
  const values = Object.values(options);
  if (!values.every((value) => typeof value === 'boolean' || Number.isFinite(value))) {
    return null;
  }
  const count: unknown = (options as { count?: unknown }).count;
  return values.length === 1 && Number.isSafeInteger(count) ? String(count) : JSON.stringify(options);
}

/**
 * The same memory for the components' own `t` (useTranslation's, from getFixedT): i18next's fixed t copies and
 * fills in its options on every call before the look-up, which was still 4 % of the CPU of a render in a
 * profile with the look-up itself remembered. Remembered per scope (language, namespaces, key prefix), key and
 * numeric options (optionsKey).
 */
function memoiseFixedTranslations(instance: TI18n, cache: Map<string, string>) {
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => TFixedT;
  // Per scope, the texts by key (options '') or by options and key: a look-up without options is then keyed by the
  // component's own key literal, whose hash V8 keeps, rather than by a string made for every call.
  const scopes = new Map<string, Map<string, string>>();
  let scopedTexts = 0;
  const pluralRules = new Map<string, TPluralRules | undefined>();
  const memoisedGetFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown, ...rest: unknown[]): TFixedT => {
    const fixed = getFixedT(lng, ns, keyPrefix, ...rest);
    const scope = [lng, ns, keyPrefix]
      .map((part) => (Array.isArray(part) ? part.join(',') : typeof part === 'string' ? part : ''))
      .join('\u0001');
    let texts = scopes.get(scope);
    if (!texts) {
      texts = new Map();
      scopes.set(scope, texts);
    }
    const scopeTexts = texts;
    const language = typeof lng === 'string' ? lng : instance.language;
    let plurals = pluralRules.get(language);
    if (!pluralRules.has(language)) {
      plurals = pluralRulesOf(instance, language);
      pluralRules.set(language, plurals);
    }
    const memoised = (key: unknown, options?: unknown, ...more: unknown[]): unknown => {
      const values = more.length === 0 && typeof key === 'string' ? optionsKey(options) : null;
      if (values === null) {
        return fixed(key, options, ...more);
      }
      const count = countAlone(options);
      if (count !== undefined) {
        const text = pluralText(scopeTexts, fixed, plurals, key as string, count);
        if (text !== undefined) {
          return text;
        }
      }
      const textKey = values === '' ? (key as string) : `${values}\u0001${key as string}`;
      const known = scopeTexts.get(textKey);
      if (known !== undefined) {
        return known;
      }
      const text = options === undefined ? fixed(key) : fixed(key, options);
      // One bound for both memories (the plain look-ups' and every scope's).
      if (typeof text === 'string' && cache.size + scopedTexts < MAX_MEMOISED_TRANSLATIONS) {
        scopeTexts.set(textKey, text);
        scopedTexts += 1;
      }
      return text;
    };
    // The fixed t's own fields (lng, ns, keyPrefix) stay readable on the remembered one.
    return Object.assign(memoised, fixed);
  };
  instance.getFixedT = memoisedGetFixedT as unknown as TI18n['getFixedT'];
}

type TFixedT = ((...args: unknown[]) => unknown) & Record<string, unknown>;

/**
 * i18next's own plural rules of the language a fixed t looks up in and of English (the fallback): a count's
 * categories under both name the form it gets (i18next's suffix, `_one`, `_few`, is `_` and the category).
 */
type TPluralRules = {
  lng: Intl.PluralRules;
  en: Intl.PluralRules;
  /**
   * Both categories of a count, as a form key's prefix, by count: Intl.PluralRules.select costs half a microsecond
   * (a call into ICU), twice for every card's "sold" text of a page.
   */
  categories: Map<number, string>;
};
type TPluralResolver = { getRule: (code: string) => Intl.PluralRules | undefined };
/** A bound on the counts remembered per language (sold and review counts of the cards seen). */
const MAX_REMEMBERED_COUNTS = 10_000;

function pluralRulesOf(instance: TI18n, lng: string): TPluralRules | undefined {
  const resolver = instance.services.pluralResolver as TPluralResolver | undefined;
  const own = resolver?.getRule(lng);
  const en = resolver?.getRule('en');
  return own && en ? { lng: own, en, categories: new Map() } : undefined;
}

/** The form key's prefix naming both plural categories of a count (pluralText). */
function pluralCategoriesOf(plurals: TPluralRules, count: number): string {
  let categories = plurals.categories.get(count);
  if (categories === undefined) {
    categories = `\u0002${plurals.lng.select(count)}\u0002${plurals.en.select(count)}\u0002`;
    if (plurals.categories.size >= MAX_REMEMBERED_COUNTS) {
      plurals.categories.clear();
    }
    plurals.categories.set(count, categories);
  }
  return categories;
}

/** The count of options that hold a count and nothing else (not 0, which has a form of its own in i18next). */
function countAlone(options: unknown): number | undefined {
  if (typeof options !== 'object' || options === null) {
    return undefined;
  }
  const { count, ...others } = options as { count?: unknown };
  return Number.isSafeInteger(count) && count !== 0 && Object.keys(others).length === 0
    ? (count as number)
    : undefined;
}

/**
 * Remembered in place of a plural form that is more than a text with `{{count}}` in it, so i18next is asked once to
 * find that out (no dictionary text holds a NUL).
 */
const NOT_A_PLAIN_FORM = '\u0000';

/**
 * A text looked up with a count alone, from its plural form: every product card and page says how many were sold,
 * viewed or reviewed, and remembering each count's text separately left nearly every look-up of a new page to
 * i18next. The form is i18next's own (its text without interpolation, for the plural categories of the language
 * and of English, the fallback, that this count falls in), and is used only when its one variable is `{{count}}`
 * written plainly, with nothing for the post-processor (amounts): the count then goes in as i18next writes a number.
 * Undefined when the form is not such a text; the caller asks i18next.
 */
function pluralText(
  forms: Map<string, string>,
  fixed: TFixedT,
  plurals: TPluralRules | undefined,
  key: string,
  count: number,
): string | undefined {
  if (!plurals) {
    return undefined;
  }
  const formKey = pluralCategoriesOf(plurals, count) + key;
  let form = forms.get(formKey);
  if (form === undefined) {
    const template = fixed(key, { count, skipInterpolation: true });
    const rest = typeof template === 'string' ? template.replaceAll('{{count}}', '') : '';
    form =
      typeof template === 'string' && !/\{\{|\$t\(|USDT/.test(rest) && !template.includes(NOT_A_PLAIN_FORM)
        ? template
        : NOT_A_PLAIN_FORM;
    forms.set(formKey, form);
  }
  return form === NOT_A_PLAIN_FORM ? undefined : form.replaceAll('{{count}}', String(count));
}

type TStyleRegistry = { cache: ReturnType<typeof createCache>; extracted?: { size: number; text: string } };

/**
 * Ant Design's style registry per page and direction, kept across requests. A fresh one per render made
 * every render compute the theme's tokens and serialise every component's styles again (two thirds of a
 * product page's render time in a profile). A page's styles are then those of every state of that page seen so
 * far (loading, loaded, not found): a little more than one render needs, never less. Nothing is removed on the
 * server, so an unchanged size means an unchanged extract.
 */
const styleRegistries = new Map<string, TStyleRegistry>();

function styleRegistryFor(key: string): TStyleRegistry {
  let registry = styleRegistries.get(key);
  if (!registry) {
    registry = { cache: createCache() };
    styleRegistries.set(key, registry);
  }
  return registry;
}

function extractStyles(registry: TStyleRegistry): string {
  const size = registry.cache.cache.size;
  if (registry.extracted?.size !== size) {
    registry.extracted = { size, text: extractStyle(registry.cache) };
  }
  return registry.extracted.text;
}

/** Where renderToString left a Suspense boundary to the browser: something in it was still loading (or failed). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page's markup. Everything a page renders is loaded before it renders (the page's chunk and its sections are
 * preloaded, its data read before or between passes), so the synchronous renderToString gives the whole page; it
 * builds one string where the stream encodes every piece into bytes that are decoded again, about a tenth of a
 * render's CPU in a profile (issue 11, speed at scale). Should anything still suspend, the stream renders the page.
 */
function renderToHtml(element: ReactNode): Promise<string> {
  let html: string | undefined;
  try {
    html = renderToString(element);
  } catch {
    // The stream renders it again and reports the error the way it always has.
  }
  return html !== undefined && !html.includes(CLIENT_RENDERED_BOUNDARY)
    ? Promise.resolve(html)
    : renderToStream(element);
}

function renderToStream(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    // Bytes kept as they come and decoded once: decoding each of React's 4 KB chunks into a growing string was
    // measurable per render.
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // The whole page is buffered (it is cached and its styles go into <head>); streaming still lets lazy
    // pages and sections resolve on the server, which renderToString would leave as their fallbacks.
    const stream = renderToPipeableStream(element, {
      // Every boundary inline and in place: React would otherwise send big ones after the footer and move them
      // with a script, a shift for the eye and nothing for a crawler without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        if (!(error instanceof BrowserOnlyRead)) {
          console.error('server rendering:', error);
        }
      },
    });
    const timer = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
    sink.on('finish', () => clearTimeout(timer));
  });
}

/**
 * The routes a server-rendered page can match, with their layouts: the storefront's pages and the catch-all ("not
 * found"). The static handler tries each route's pattern in turn on every render, and the user centre's and the
 * consoles' routes, which never answer a page the server renders, were most of them (1.6 % of the server's CPU
 * under the page bench). A path matches the same route here as in the whole tree (entry-server.test.tsx).
 */
export function serverRenderedRoutes(routes: RouteObject[], parent = ''): RouteObject[] {
  return routes.flatMap((route) => {
    const path =
      route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    if (route.children) {
      const children = serverRenderedRoutes(route.children, path);
      return children.length > 0 ? [{ ...route, children }] : [];
    }
    // An index route answers its parent's path: "/" and "/userInfo" redirect, neither is a page the server renders.
    const isRendered =
      route.index !== true && (route.path === '*' || isStorefrontPath(path.replace(/:[^/]+/g, 'x')));
    return isRendered ? [route] : [];
  });
}

/** One static handler for the process: building it converts the whole route tree (measurable per render). */
let staticHandler: ReturnType<typeof createStaticHandler> | undefined;

/** The lazy pages the matched routes render (outermost first), from the matches the handler already made. */
function matchedPages(context: StaticHandlerContext): TPage[] {
  const pages: TPage[] = [];
  for (const match of context.matches) {
    const element = match.route.element;
    if (isValidElement(element) && typeof (element.type as Partial<TPage>).preload === 'function') {
      pages.push(element.type as TPage);
    }
  }
  return pages;
}

/**
 * The matched routes alone, as one branch (outermost first), for the page's static router. It copies the routes it
 * is given on every render and the page renders the handler's matches, never the others: the whole tree's copy was
 * 1.4 % of the server's CPU under the page bench (issue 11).
 */
function matchedBranch(context: StaticHandlerContext): DataRouteObject[] {
  let branch: DataRouteObject[] = [];
  for (const { route } of context.matches.toReversed()) {
    branch = [route.index ? { ...route } : { ...route, children: branch.length > 0 ? branch : undefined }];
  }
  return branch;
}

/** Ant Design's locale per language, imported once (each import() costs a loader round trip, see preloadableLazy). */
const antdLocales = new Map<TLanguage, ReturnType<typeof loadAntdLocale>>();

function antdLocaleOf(lang: TLanguage): ReturnType<typeof loadAntdLocale> {
  let locale = antdLocales.get(lang);
  if (!locale) {
    locale = loadAntdLocale(lang);
    // A failed import is tried again by the next render.
    locale.catch(() => antdLocales.delete(lang));
    antdLocales.set(lang, locale);
  }
  return locale;
}

function isQueryEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Answers every list page of a language carries alike (the category tree): their data's text is shared. */
const SITE_WIDE_QUERIES = new Set([JSON.stringify(categoriesQuery().queryKey)]);
/** The text of a site-wide answer's data, made once per answer (the server hands out one frozen answer while cached). */
const siteWideTexts = new WeakMap<object, string>();

function siteWideData(query: TServerState['queries']['queries'][number]): string | undefined {
  const data: unknown = query.state.data;
  if (!SITE_WIDE_QUERIES.has(query.queryHash) || typeof data !== 'object' || data === null) {
    return undefined;
  }
  // Only a frozen answer is sure to read the same next time.
  if (!Object.isFrozen(data)) {
    return serializeQueryData(data);
  }
  let text = siteWideTexts.get(data);
  if (text === undefined) {
    text = serializeQueryData(data);
    siteWideTexts.set(data, text);
  }
  return text;
}

/** A language's dictionaries for a set of namespaces and their JSON, made once (they never change while running). */
const resourcesMemo = new Map<string, { resources: TServerState['resources']; json: string }>();

function resourcesOf(
  i18n: TI18n,
  lang: TLanguage,
  namespaces: string[],
): { resources: TServerState['resources']; json: string } {
  const key = `${lang}|${namespaces.join(',')}`;
  let known = resourcesMemo.get(key);
  if (!known) {
    const resources: TServerState['resources'] = {};
    for (const ns of namespaces) {
      const bundle = i18n.getResourceBundle(lang, ns) as Record<string, unknown> | undefined;
      if (bundle) {
        resources[ns] = bundle;
      }
    }
    known = { resources, json: serializeResources(resources) };
    resourcesMemo.set(key, known);
  }
  return known;
}

export async function renderPage(input: TRenderInput): Promise<TRenderResult | null> {
  const url = new URL(input.url, 'http://localhost');
  if (!isServerRenderedPath(url.pathname)) {
    return null;
  }
  staticHandler ??= createStaticHandler(serverRenderedRoutes(ROUTES));
  const handler = staticHandler;
  const routerContext = await handler.query(new Request(url.href));
  if (routerContext instanceof Response) {
    return null;
  }
  const router = createStaticRouter(matchedBranch(routerContext), routerContext);
  const [i18n, antdLocale] = await Promise.all([getBaseInstance(input.lang), antdLocaleOf(input.lang)]);
  const usedNamespaces = new Set<string>();
  // One year for every pass and for the state the browser hydrates with (render-year.ts).
  const year = new Date().getUTCFullYear();
  const pages = matchedPages(routerContext);
  await Promise.all(pages.map((page) => page.preload()));

  const queryClient = new QueryClient({
    // retryOnMount off: a query that failed (missing product) renders its error, as the browser will.
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
      },
    },
  });
  const browserOnly = new Set<string>();
  const errors: TServerQueryError[] = [];
  const dir = isRtlLanguage(input.lang) ? 'rtl' : 'ltr';
  const styleRegistry = styleRegistryFor(`${pages.map((page) => page.moduleId ?? '').join(',')}:${dir}`);
  /**
   * Sorts out a query that was read: an API error is rendered like the browser would (and may make the page a
   * 404); any other failure means not public data, left to the browser. False when the render would not change.
   */
  const settle = (query: Query): boolean => {
    const error = query.state.error;
    if (query.state.status === 'success') {
      return true;
    }
    if (error instanceof ApiError) {
      errors.push({
        queryKey: query.queryKey,
        status: error.status,
        code: error.code,
        message: error.message,
      });
      return true;
    }
    // Not public data (or it failed): the browser loads it after hydrating, as it would have anyway.
    browserOnly.add(query.queryHash);
    queryClient.getQueryCache().remove(query);
    return false;
  };
  const fetchQueries = async (queries: Query[]): Promise<boolean> => {
    await requestContext.run({ read: input.read }, () =>
      Promise.all(queries.map((query) => query.fetch().catch(() => undefined))),
    );
    return queries.map(settle).includes(true);
  };
  for (const stage of prefetchesFor(url)) {
    const prefetches = typeof stage === 'function' ? stage(queryClient) : stage;
    await requestContext.run({ read: input.read }, () =>
      Promise.all(prefetches.map((prefetch) => prefetch.run(queryClient))),
    );
    const queries = prefetches.flatMap(
      (prefetch) => queryClient.getQueryCache().find({ queryKey: prefetch.queryKey, exact: true }) ?? [],
    );
    if (!queries.map(settle).every(Boolean) || queries.some((query) => query.state.status !== 'success')) {
      break;
    }
  }
  let passes = 0;
  let isMarkedNotFound = false;
  let htmlParts: string[] = [];
  let splicedNamespaces: string[] = [];
  while (passes < MAX_RENDER_PASSES) {
    passes += 1;
    const fragments = createServerFragments(input.lang);
    // Only the last pass counts: an earlier one may have shown a page still without its data.
    isMarkedNotFound = false;
    const pageStatus: TPageStatus = {
      markNotFound: () => {
        isMarkedNotFound = true;
      },
    };
    const element = (
      <ServerFragmentsContext.Provider value={fragments.context}>
        <PageStatusContext.Provider value={pageStatus}>
          <StyleProvider cache={styleRegistry.cache}>
            <I18nextProvider i18n={i18n}>
              <AppProviders lang={input.lang} antdLocale={antdLocale} queryClient={queryClient} year={year}>
                <StaticRouterProvider router={router} context={routerContext} hydrate={false} />
              </AppProviders>
            </I18nextProvider>
          </StyleProvider>
        </PageStatusContext.Provider>
      </ServerFragmentsContext.Provider>
    );
    htmlParts = fragments.splice(
      await requestContext.run({ read: input.read, namespaces: usedNamespaces }, () => renderToHtml(element)),
    );
    splicedNamespaces = fragments.splicedNamespaces();
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === 'pending' && !browserOnly.has(query.queryHash) && isQueryEnabled(query),
      );
    // Reads that stay in the browser leave them loading: rendering again would give the same markup.
    if (wanted.length === 0 || !(await fetchQueries(wanted))) {
      break;
    }
  }

  const html = htmlParts.join('');
  // Sorted: a page's dictionaries are the same text whichever of its parts was rendered first or spliced.
  const { resources, json: resourcesJson } = resourcesOf(
    i18n,
    input.lang,
    [...new Set(['common', ...usedNamespaces, ...splicedNamespaces])].sort(),
  );
  const state: TServerState = {
    lang: input.lang,
    year,
    resources,
    queries: dehydrate(queryClient),
    errors,
  };
  const stateParts = serializeServerStateParts(state, resourcesJson, siteWideData);
  const isMissing = isMarkedNotFound || errors.some((error) => error.status === 404 || error.status === 400);
  const status = isMissing ? 404 : 200;
  return {
    status,
    head: buildPageHead({
      url: new URL(`${url.pathname}${url.search}`, input.origin),
      lang: input.lang,
      origin: input.origin,
      t: i18n.t.bind(i18n),
      queryClient,
      html,
      status,
    }),
    lang: input.lang,
    dir,
    htmlLang: LANGUAGE_TAGS[input.lang],
    html,
    htmlParts,
    styles: extractStyles(styleRegistry),
    stateJson: stateParts.join(''),
    stateParts,
    modules: pages.flatMap((page) => (page.moduleId ? [page.moduleId] : [])),
    passes,
  };
}

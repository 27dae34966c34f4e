import type { THomeResponse, TImage, TProductDetail, TProductPage, TStoreDetail } from '@caravan/contracts';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, type TLanguage } from '@caravan/contracts/languages';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { matchRoutes } from 'react-router';
import { categoriesQuery } from '../components/catalog/categories';
import { categoryPathTitle, findCategoryPath } from '../features/catalog/lib/category-path';
import { parseKeywordParam } from '../features/catalog/lib/format';
import { withLanguageParam } from '../lib/language';
import { readPageParam } from '../lib/page-param';
import { brandedTitle, homeTitle, searchTitle } from '../lib/page-title';

/** Search-engine and link-preview tags of one server-rendered page (issue 11, part 2). */
export type THeadInput = {
  /** Path and query of the page as requested. */
  url: URL;
  lang: TLanguage;
  /** Public origin (PUBLIC_URL) for absolute links. */
  origin: string;
  t: TFunction;
  queryClient: QueryClient;
  /** The rendered markup, for the page's own heading. */
  html: string;
  status: number;
};

const DESCRIPTION_MAX = 160;
/** Currency code of every price: the platform's unit (not an ISO 4217 code; schema.org accepts text). */
const PRICE_CURRENCY = 'USDT';
/** Review classes as stars for AggregateRating: good 5, medium 3, bad 1. */
const STARS = { good: 5, medium: 3, bad: 1 } as const;

export function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

function toText(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function cut(value: string, max = DESCRIPTION_MAX): string {
  const text = toText(value);
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * Open Graph's locales are language_TERRITORY (its parsers ignore a bare language): the territory where the language
 * is most read, as Facebook's own list has them.
 */
const OG_LOCALES: Record<TLanguage, string> = {
  en: 'en_US',
  cn: 'zh_CN',
  tw: 'zh_TW',
  ja: 'ja_JP',
  de: 'de_DE',
  ms: 'ms_MY',
  af: 'af_ZA',
  th: 'th_TH',
  el: 'el_GR',
  pt: 'pt_PT',
  es: 'es_ES',
  fr: 'fr_FR',
  ru: 'ru_RU',
  it: 'it_IT',
  tr: 'tr_TR',
  ko: 'ko_KR',
  ph: 'tl_PH',
  ar: 'ar_AR',
  id: 'id_ID',
  vi: 'vi_VN',
  hi: 'hi_IN',
};

/**
 * The query parameters that make a page another page, in the order the canonical address writes them. The rest
 * (a sort order, a price range, a search inside a store, campaign tags like utm_source, a repeated id) show the same
 * content again: a canonical that copied them split one page's ranking over endless addresses.
 */
const CANONICAL_PARAMS: Record<string, readonly string[]> = {
  '/productDetails': ['id'],
  '/store': ['id', 'page'],
  '/classification': ['id', 'page'],
  '/commodity': ['c', 'page'],
  '/discounted': ['c', 'page'],
  '/searchGoods': ['k', 'page'],
  '/searchStore': ['k', 'page'],
};

type TCanonicalValue = (raw: string | null, ids: { id?: string }) => string;
const keepAsGiven: TCanonicalValue = (raw) => raw ?? '';
/** How each parameter is written in the canonical address; '' leaves it out. */
const CANONICAL_VALUES: Record<string, TCanonicalValue> = {
  page: (raw) => (readPageParam(raw) > 1 ? String(readPageParam(raw)) : ''),
  id: (raw, ids) => ids.id ?? raw ?? '',
  // Written back as the page reads it, JSON (buildKeywordQuery): the bare keyword `"1e2"` read back as the search 100.
  k: (raw) => {
    const keyword = parseKeywordParam(raw).trim();
    return keyword === '' ? '' : JSON.stringify(keyword);
  },
};

/**
 * The page's own address: its path and the parameters of CANONICAL_PARAMS, each once, the page number only past the
 * first, ids as the catalogue spells them (`?id=01` is product 1).
 */
export function canonicalUrl(url: URL, origin: string, ids: { id?: string } = {}): URL {
  const canonical = new URL(url.pathname, origin);
  for (const name of CANONICAL_PARAMS[url.pathname] ?? []) {
    const raw = url.searchParams.get(name);
    const value = (CANONICAL_VALUES[name] ?? keepAsGiven)(raw, ids);
    if (value !== '') {
      canonical.searchParams.set(name, value);
    }
  }
  return canonical;
}

/** The page's address in one language: the same path and query, `lang` only for languages other than English. */
export function languageUrl(origin: string, url: URL, lang: TLanguage): string {
  return `${origin}${withLanguageParam(url.pathname, url.search, lang === DEFAULT_LANGUAGE ? null : lang)}`;
}

function absolute(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
}

/**
 * The first paragraph after the page's <h1>, as its description (a help or policy page's opening words), when it
 * says enough to stand alone.
 */
function findIntroduction(html: string): string | null {
  const headingEnd = html.indexOf('</h1>');
  const mainEnd = html.indexOf('</main>', headingEnd);
  const content = headingEnd === -1 ? '' : html.slice(headingEnd, mainEnd === -1 ? undefined : mainEnd);
  // <p> itself, not <path> (the pictures are inline SVG).
  const match = content.match(/<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/);
  const text = match?.[1] ? toText(decodeEntities(match[1].replace(/<[^>]+>/g, ' '))) : '';
  return text.length >= 50 ? cut(text) : null;
}

/** The text of the page's first <h1> (every storefront page has one through PageFrame). */
function findHeading(html: string): string | null {
  const match = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/);
  if (!match?.[1]) {
    return null;
  }
  const text = toText(decodeEntities(match[1].replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ')));
  return text || null;
}

function jsonLd(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

function productJsonLd(product: TProductDetail, pageUrl: string, origin: string) {
  const reviews = product.reviewCounts;
  const rated = reviews.good + reviews.medium + reviews.bad;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: cut(product.description, 5000),
    sku: product.id,
    image: product.images.map((image) => absolute(origin, image.url)),
    category: product.categoryPath.map((node) => node.name).join(' > ') || undefined,
    brand: { '@type': 'Brand', name: product.store.name },
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: product.price,
      priceCurrency: PRICE_CURRENCY,
      availability:
        product.isOnShelf && product.stock > 0
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: product.store.name },
    },
    ...(rated > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: (
              (reviews.good * STARS.good + reviews.medium * STARS.medium + reviews.bad * STARS.bad) /
              rated
            ).toFixed(1),
            bestRating: STARS.good,
            worstRating: STARS.bad,
            reviewCount: rated,
          },
        }
      : {}),
  };
}

function breadcrumbJsonLd(items: Array<{ name: string; url: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** The picture of the page's largest paint, fetched first (same srcset and sizes as its <img>). */
function preloadImage(image: TImage | null | undefined, sizes: string): string {
  if (!image) {
    return '';
  }
  return `<link rel="preload" as="image" href="${escapeAttribute(image.url)}" imagesrcset="${escapeAttribute(image.srcset)}" imagesizes="${escapeAttribute(sizes)}" fetchpriority="high">`;
}

/** The first product card's picture on list pages (their first query holding a product page). */
function findFirstCardImage(queryClient: QueryClient): TImage | null {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['catalog'] })) {
    const data = query.state.data as Partial<TProductPage> | undefined;
    const first = Array.isArray(data?.pageList) ? data.pageList[0] : undefined;
    if (first && 'image' in first && first.image) {
      return first.image;
    }
  }
  return null;
}

const SEARCH_RESULT_PREFIX = '/searchResult/';

/**
 * Search results are endless addresses over the same products: crawlers follow their links to the products (which
 * the sitemap lists) but keep the results themselves out of the index.
 */
function isSearchResults(pathname: string): boolean {
  return (
    pathname === '/searchGoods' || pathname === '/searchStore' || pathname.startsWith(SEARCH_RESULT_PREFIX)
  );
}

/** The route of /searchResult/:k alone, to read its keyword as the router reads the page's useParams(). */
const SEARCH_RESULT_ROUTES = [{ path: `${SEARCH_RESULT_PREFIX}:k` }];

/**
 * The keyword of a search results page as the page reads it: `k` of /searchGoods and /searchStore, the path's own
 * segment of /searchResult/:k (matchRoutes decodes it as the router does, as ssr-prefetch.ts reads it).
 */
function searchKeywordOf(url: URL): string {
  const raw = url.pathname.startsWith(SEARCH_RESULT_PREFIX)
    ? matchRoutes(SEARCH_RESULT_ROUTES, url.pathname)?.[0]?.params.k
    : url.searchParams.get('k');
  return parseKeywordParam(raw).trim();
}

/** Pages of one reader's mail link (confirm, unsubscribe): nothing for a search index, links to follow neither. */
function isMailLinkPage(pathname: string): boolean {
  return pathname.startsWith('/subscription/');
}

/** The <head> tags of a server-rendered page: title, description, canonical, alternates, cards, JSON-LD. */
export function buildPageHead(input: THeadInput): string {
  const { lang, origin, t, queryClient } = input;
  const brand = t('common:brand');
  const tagline = t('common:footer.tagline');
  const id = input.url.searchParams.get('id') ?? '';
  const homeUrl = languageUrl(origin, new URL('/index', origin), lang);
  const product =
    input.url.pathname === '/productDetails'
      ? queryClient.getQueryData<TProductDetail>(['catalog', 'product', id])
      : undefined;
  const store =
    input.url.pathname === '/store'
      ? queryClient.getQueryData<TStoreDetail>(['catalog', 'store', id])
      : undefined;
  const categoryPath =
    input.url.pathname === '/classification' && id !== ''
      ? findCategoryPath(queryClient.getQueryData(categoriesQuery().queryKey)?.categories ?? [], id)
      : [];
  const url = canonicalUrl(input.url, origin, { id: product?.id ?? store?.id ?? categoryPath.at(-1)?.id });
  const canonical = languageUrl(origin, url, lang);
  const keyword = searchKeywordOf(input.url);

  let title = findHeading(input.html) ?? brand;
  // The page's own opening words only where nothing below describes it (a help or policy page): the search runs
  // through the whole markup.
  const hasOwnDescription =
    product !== undefined ||
    store !== undefined ||
    categoryPath.length > 0 ||
    (keyword !== '' && isSearchResults(url.pathname));
  let description = (hasOwnDescription ? null : findIntroduction(input.html)) ?? tagline;
  let image: TImage | null = null;
  let type = 'website';
  const structured: unknown[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: brand,
      url: `${origin}/index`,
      logo: `${origin}/icons/icon-512.png`,
      description: tagline,
    },
  ];
  if (url.pathname === '/index') {
    title = homeTitle(brand, tagline);
  }
  if (keyword !== '' && isSearchResults(url.pathname)) {
    title = searchTitle(keyword, title);
    description = cut(`${title}. ${tagline}`);
  }
  if (product) {
    title = product.name;
    description = cut(product.description || product.name);
    image = product.images[0] ?? null;
    type = 'product';
    structured.push(productJsonLd(product, canonical, origin));
    structured.push(
      breadcrumbJsonLd([
        { name: t('common:routes.index'), url: homeUrl },
        ...product.categoryPath.map((node) => ({
          name: node.name,
          url: languageUrl(
            origin,
            new URL(`/classification?id=${encodeURIComponent(node.id)}`, origin),
            lang,
          ),
        })),
        { name: product.name, url: canonical },
      ]),
    );
  } else if (store) {
    title = store.name;
    description = cut(store.description || tagline);
    image = store.banner ?? store.logo;
    structured.push(
      breadcrumbJsonLd([
        { name: t('common:routes.index'), url: homeUrl },
        { name: store.name, url: canonical },
      ]),
    );
  } else if (categoryPath.length > 0) {
    title = categoryPathTitle(categoryPath);
    description = cut(`${title}. ${tagline}`);
    structured.push(
      breadcrumbJsonLd([
        { name: t('common:routes.index'), url: homeUrl },
        ...categoryPath.map((node) => ({
          name: node.name,
          url: languageUrl(
            origin,
            canonicalUrl(new URL(`/classification?id=${node.id}`, origin), origin),
            lang,
          ),
        })),
      ]),
    );
  } else if (url.pathname !== '/index') {
    structured.push(
      breadcrumbJsonLd([
        { name: t('common:routes.index'), url: homeUrl },
        { name: title, url: canonical },
      ]),
    );
  }
  const fullTitle = url.pathname === '/index' ? title : brandedTitle(title, brand);
  // Sizes as in banner-carousel.tsx, product-gallery.tsx, the store page and product-card.tsx.
  const lcpImage =
    url.pathname === '/index'
      ? preloadImage(
          queryClient.getQueryData<THomeResponse>(['catalog', 'home'])?.banners[0]?.image,
          '(max-width: 1199px) 100vw, 1168px',
        )
      : product
        ? preloadImage(product.images[0], '(max-width: 991px) 100vw, 440px')
        : store
          ? preloadImage(store.banner, '(max-width: 1199px) 100vw, 1168px')
          : preloadImage(
              findFirstCardImage(queryClient),
              '(max-width: 767px) 50vw, (max-width: 1199px) 25vw, 230px',
            );
  const imageUrl = image ? absolute(origin, image.url) : `${origin}/icons/icon-512.png`;
  const tags = [
    `<title>${escapeAttribute(fullTitle)}</title>`,
    `<meta name="description" content="${escapeAttribute(description)}">`,
    input.status === 404 || isMailLinkPage(url.pathname)
      ? '<meta name="robots" content="noindex">'
      : isSearchResults(url.pathname)
        ? '<meta name="robots" content="noindex, follow">'
        : '',
    lcpImage,
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
    ...LANGUAGES.map(
      (code) =>
        `<link rel="alternate" hreflang="${LANGUAGE_TAGS[code]}" href="${escapeAttribute(languageUrl(origin, url, code))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(languageUrl(origin, url, DEFAULT_LANGUAGE))}">`,
    `<meta property="og:type" content="${type}">`,
    `<meta property="og:site_name" content="${escapeAttribute(brand)}">`,
    `<meta property="og:title" content="${escapeAttribute(title)}">`,
    `<meta property="og:description" content="${escapeAttribute(description)}">`,
    `<meta property="og:url" content="${escapeAttribute(canonical)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[lang]}">`,
    `<meta property="og:image" content="${escapeAttribute(imageUrl)}">`,
    image ? `<meta property="og:image:width" content="${image.width}">` : '',
    image ? `<meta property="og:image:height" content="${image.height}">` : '',
    `<meta property="og:image:alt" content="${escapeAttribute(title)}">`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeAttribute(title)}">`,
    `<meta name="twitter:description" content="${escapeAttribute(description)}">`,
    `<meta name="twitter:image" content="${escapeAttribute(imageUrl)}">`,
    ...structured.map(jsonLd),
  ];
  return tags.filter(Boolean).join('');
}

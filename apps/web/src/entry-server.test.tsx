// @vitest-environment node

import { HELP_TOPICS, STOREFRONT_PATHS } from '@caravan/contracts/constants';
import { LANGUAGES } from '@caravan/contracts/languages';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from './app/router';
import { forgetServerFragments } from './app/server-fragment';
import {
  getBaseInstance,
  isServerRenderedPath,
  renderPage,
  serverRenderedRoutes,
  type TRenderResult,
} from './entry-server';
import { productCardFixture } from './testing/product-cards';

/** No data: every read stays in the browser, so the pages render their frame and loading states. */
const render = (url: string, lang: 'en' | 'ar') =>
  renderPage({ url, lang, origin: 'https://caravan.example', read: async () => null });

/** What the browser gets: everything but the time stamps React Query puts in the state. */
const comparable = (page: TRenderResult | null) =>
  page && {
    ...page,
    stateJson: page.stateJson.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0'),
    stateParts: undefined,
  };

describe('server rendering with the header and footer spliced in', () => {
  it('gives every page the markup and state it gets when they are rendered, in each language', async () => {
    const urls = [
      '/privacy-policy',
      '/index',
      '/commodity?sort=sales',
      '/help/buyer-rules',
      '/searchResult/tea',
    ];
    for (const lang of ['en', 'ar'] as const) {
      for (const url of urls) {
        forgetServerFragments();
        const rendered = comparable(await render(url, lang));
        const spliced = comparable(await render(url, lang));
        // Fragments another page left (another navigation tab's header, the same footer).
        forgetServerFragments();
        await render(urls.find((other) => other !== url) ?? url, lang);
        const afterOtherPage = comparable(await render(url, lang));
        expect(rendered?.html).toContain('<footer');
        expect(spliced).toEqual(rendered);
        expect(afterOtherPage).toEqual(rendered);
      }
    }
  }, 60_000);
});

describe('the year a page is rendered in', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs the footer's copyright to it and hands it to the browser, also once the footer's fragment is kept (QA langs 5)", async () => {
    forgetServerFragments();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:59:00Z'));
    const before = await render('/index', 'en');
    expect(before?.html).toContain('© \u20662023–2026\u2069 Caravan.');
    expect(JSON.parse(before?.stateJson ?? '{}')).toMatchObject({ year: 2026 });
    // New Year while the server runs: the footer it kept from last year is not spliced into this year's pages.
    vi.setSystemTime(new Date('2027-01-01T00:01:00Z'));
    const after = await render('/index', 'en');
    expect(after?.html).toContain('© \u20662023–2027\u2069 Caravan.');
    expect(after?.html).not.toContain('2023–2026');
    expect(JSON.parse(after?.stateJson ?? '{}')).toMatchObject({ year: 2027 });
  }, 60_000);
});

describe('the status of a server-rendered page', () => {
  it('is 404 when the page shows that what was asked for is missing, in every pass and language', async () => {
    for (const lang of ['en', 'ar'] as const) {
      // No id at all: the page says "not found" without reading anything.
      const product = await render('/productDetails', lang);
      expect(product?.status).toBe(404);
      expect(product?.html).toContain('data-testid="product-not-found"');
      const store = await render('/store', lang);
      expect(store?.status).toBe(404);
      expect(store?.html).toContain('data-testid="store-not-found"');
      expect((await render('/help/no-such-topic', lang))?.status).toBe(404);
      // A path no page has, a missing file opened in the browser included: the router's "page not found", 404.
      for (const url of ['/no-such-page', '/missing.png']) {
        const unknown = await render(url, lang);
        expect(unknown?.status, url).toBe(404);
        expect(unknown?.head, url).toContain('<meta name="robots" content="noindex">');
      }
    }
  });

  it('leaves the user centre and the consoles to the client shell', async () => {
    for (const url of ['/userInfo/dashboard', '/seller/products', '/admin', '/cs']) {
      expect(await render(url, 'en'), url).toBeNull();
    }
  });

  it('is 200 for a page that shows what was asked for, or is still to load it in the browser', async () => {
    for (const url of [
      '/help/buyer-rules',
      '/privacy-policy',
      '/index',
      '/productDetails?id=5',
      '/store?id=5',
    ]) {
      expect((await render(url, 'en'))?.status, url).toBe(200);
    }
  });
});

describe("the texts a page's components look up", () => {
  it('are remembered per count and per language: every card keeps its own plural form and number', async () => {
    const counts = [1, 5, 1, 7, 5];
    const cards = counts.map((soldCount, i) =>
      productCardFixture({ id: String(i + 1), name: `Card ${i + 1}`, soldCount }),
    );
    const read = async (apiPath: string) =>
      apiPath === '/catalog/products'
        ? { isOk: true as const, data: { pageList: cards, pageNum: 1, pageSize: 20, total: cards.length } }
        : null;
    const soldTexts = async (lang: 'en' | 'ar') => {
      const page = await renderPage({
        url: '/commodity?sort=sales',
        lang,
        origin: 'https://caravan.example',
        read,
      });
      return [...(page?.html ?? '').matchAll(/<span>([^<]*)<\/span>/g)]
        .map((match) => match[1] ?? '')
        .filter((text) => /\d/.test(text) && /sold|بيع|المبيعات/.test(text));
    };
    const english = ['1 sold', '5 sold', '1 sold', '7 sold', '5 sold'];
    const arabic = ['تم بيع 1', 'المبيعات: 5', 'تم بيع 1', 'المبيعات: 7', 'المبيعات: 5'];
    // The second render of each language reads the remembered texts.
    expect(await soldTexts('en')).toEqual(english);
    expect(await soldTexts('ar')).toEqual(arabic);
    expect(await soldTexts('en')).toEqual(english);
    expect(await soldTexts('ar')).toEqual(arabic);
  }, 60_000);
});

describe('plural texts from their remembered forms', () => {
  const COUNTS = [
    1, 2, 3, 4, 5, 7, 11, 12, 21, 22, 25, 100, 101, 102, 111, 1000, 1001, 1002, 1234567, -1, -3,
  ];
  const PLURAL = /_(zero|one|two|few|many|other)$/;

  function pluralKeys(bundle: Record<string, unknown>, prefix = ''): string[] {
    return Object.entries(bundle).flatMap(([name, value]) =>
      typeof value === 'object' && value !== null
        ? pluralKeys(value as Record<string, unknown>, `${prefix}${name}.`)
        : PLURAL.test(name)
          ? [`${prefix}${name.replace(PLURAL, '')}`]
          : [],
    );
  }

  it("are i18next's own texts for every plural key, count and language", async () => {
    let compared = 0;
    for (const lang of LANGUAGES) {
      const i18n = await getBaseInstance(lang);
      for (const ns of i18n.options.ns as string[]) {
        const keys = new Set(pluralKeys((i18n.getResourceBundle('en', ns) ?? {}) as Record<string, unknown>));
        const t = i18n.getFixedT(null, ns);
        for (const key of keys) {
          for (const count of COUNTS) {
            // Another option besides the count: i18next answers it itself, nothing remembered.
            const own = t(key, { count, unremembered: 'x' });
            expect(t(key, { count }), `${lang} ${ns}:${key} ${count}`).toBe(own);
            expect(t(key, { count }), `${lang} ${ns}:${key} ${count}, remembered`).toBe(own);
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  }, 60_000);
});

describe('the routes the server renders pages from', () => {
  it('match every server-rendered path to the same route, layouts and parameters as the whole tree', () => {
    const routes = serverRenderedRoutes(ROUTES);
    const paths = [
      ...STOREFRONT_PATHS,
      ...HELP_TOPICS.map((topic) => `/help/${topic}`),
      '/help/no-such-topic',
      '/searchResult/wool',
      '/searchResult/a%20b',
      '/searchResult/a/b',
      '/searchResult',
      '/help',
      '/nope',
      '/index/extra',
      '/productDetails/',
      '/subscription',
      '/userInfo/nope/deeper',
    ];
    const chain = (matches: ReturnType<typeof matchRoutes>) =>
      (matches ?? []).map((match) => ({
        path: match.route.path,
        index: match.route.index,
        element: match.route.element,
        params: match.params,
        pathnameBase: match.pathnameBase,
      }));
    let rendered = 0;
    for (const path of paths.filter(isServerRenderedPath)) {
      expect(chain(matchRoutes(routes, path)), path).toEqual(chain(matchRoutes(ROUTES, path)));
      expect(matchRoutes(routes, path)?.length, path).toBeGreaterThan(0);
      rendered += 1;
    }
    expect(rendered).toBeGreaterThan(STOREFRONT_PATHS.length);
    // The user centre and the consoles are not in it.
    expect(matchRoutes(routes, '/userInfo/dashboard')?.at(-1)?.route.path).toBe('*');
    expect(matchRoutes(routes, '/admin/users')?.at(-1)?.route.path).toBe('*');
  });
});

describe('the pictures a page loads first', () => {
  const picture = (name: string, width = 640) => ({
    url: `/uploads/img/aa/${name}-${width}.webp`,
    width,
    height: width,
    srcset: `/uploads/img/aa/${name}-240.webp 240w, /uploads/img/aa/${name}-${width}.webp ${width}w`,
  });
  const cards = (list: string) =>
    Array.from({ length: 12 }, (_, i) =>
      productCardFixture({ id: `${list}${i}`, name: `${list} ${i}`, image: picture(`${list}-${i}`) }),
    );
  const imgTags = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
  const highPriority = (html: string) => imgTags(html).filter((tag) => tag.includes('fetchPriority="high"'));
  /** The pictures of the section whose data-testid this is. */
  const sectionImages = (html: string, testId: string) => {
    const start = html.indexOf(`data-testid="${testId}"`);
    return imgTags(html.slice(start, html.indexOf('</section>', start)));
  };
  /** The pictures React's server rendering preloads (every one that is not lazy). */
  const preloaded = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);

  it('on home: the first banner alone at high priority, the sections below the first screen lazy (no preloads)', async () => {
    const lists = ['recommended', 'new', 'hot', 'guess', 'discounted'] as const;
    const home = {
      banners: [
        { id: '1', title: 'Wholesale', subtitle: '', image: picture('banner-1', 960), link: '/commodity' },
        { id: '2', title: 'Ships', subtitle: '', image: picture('banner-2', 960), link: '/commodity' },
      ],
      categories: [],
      ...Object.fromEntries(lists.map((list) => [list, cards(list)])),
      stores: [],
    };
    const read = async (apiPath: string) =>
      apiPath === '/catalog/home' ? { isOk: true as const, data: home } : null;
    const page = await renderPage({ url: '/index', lang: 'en', origin: 'https://caravan.example', read });
    const html = page?.html ?? '';

    const high = highPriority(html);
    expect(high).toHaveLength(1);
    expect(high[0]).toContain('banner-1-960.webp');
    // The first screen's cards load at once, without competing with the banner.
    const recommended = sectionImages(html, 'home-recommended');
    expect(recommended).toHaveLength(12);
    expect(recommended.filter((tag) => tag.includes('loading="eager"'))).toHaveLength(2);
    for (const list of lists.slice(1)) {
      const images = sectionImages(html, `home-${list}`);
      expect(images, list).toHaveLength(12);
      expect(
        images.every((tag) => tag.includes('loading="lazy"')),
        list,
      ).toBe(true);
      expect(
        preloaded(html).filter((link) => link.includes(`/${list}-`)),
        list,
      ).toEqual([]);
    }
  }, 60_000);

  it('on a store: its banner alone at high priority, the first goods at once, the rest lazy', async () => {
    const store = {
      ...{ id: '5', name: 'Oak & Co', logo: null, description: 'Furniture', followersCount: 0, soldCount: 0 },
      ...{ pageViews: 0, favourableRate: null, isRecommended: false, banner: picture('store-banner', 960) },
      ...{
        lang: 'en',
        goodsCount: 12,
        totalReviews: 0,
        isFollowed: false,
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    };
    const goods = cards('goods');
    const read = async (apiPath: string) =>
      apiPath === '/catalog/stores/5'
        ? { isOk: true as const, data: store }
        : apiPath === '/catalog/stores/5/products'
          ? { isOk: true as const, data: { pageList: goods, pageNum: 1, pageSize: 20, total: goods.length } }
          : null;
    const page = await renderPage({
      url: '/store?id=5',
      lang: 'en',
      origin: 'https://caravan.example',
      read,
    });
    const html = page?.html ?? '';

    const high = highPriority(html);
    expect(high).toHaveLength(1);
    expect(high[0]).toContain('store-banner-960.webp');
    const cardImages = imgTags(html).filter((tag) => tag.includes('/goods-'));
    expect(cardImages).toHaveLength(12);
    expect(cardImages.filter((tag) => tag.includes('loading="eager"'))).toHaveLength(2);
    expect(cardImages.slice(2).every((tag) => tag.includes('loading="lazy"'))).toBe(true);
  }, 60_000);
});

import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SERVER_STATE_ELEMENT_ID } from '@caravan/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './browser';
import { poll } from './harness';

type TProductCard = { id: string; name: string; storeId?: string };
type TProductDetail = {
  id: string;
  name: string;
  store: { id: string; name: string };
  categoryPath: { id: string; name: string }[];
};
type TCategory = { id: string; name: string; children: TCategory[] };

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'application/json' } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** A page as curl sees it (no Accept: text/html, no JavaScript). */
async function getPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: '*/*', ...headers } });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** React escapes text like this; product names with & or quotes must still be found in the HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The HTML inside <div id="root">, where React rendered the page (not the state script). */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  // Inline scripts carry the answer's CSP nonce (server http/security-headers.ts).
  const end = html.search(
    new RegExp(`<script(?: nonce="[^"]*")? type="application/json" id="${SERVER_STATE_ELEMENT_ID}">`),
  );
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

/**
 * A server in front of the app that sends one page's HTML in pieces, pausing after each marker, and passes every
 * other request through. The browser paints while it parses, so each pause shows what a half-arrived page looks
 * like, as on a slow network or a busy phone.
 */
async function startSlowPageProxy(pagePath: string, markers: string[], pauseMs: number) {
  const target = new URL(baseUrl());
  const server = http.createServer((request, response) => {
    if (request.url === pagePath) {
      void (async () => {
        const upstream = await fetch(`${baseUrl()}${pagePath}`, { headers: { accept: 'text/html' } });
        const html = await upstream.text();
        response.writeHead(upstream.status, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': upstream.headers.get('content-security-policy') ?? '',
        });
        let sent = 0;
        for (const marker of markers) {
          const at = html.indexOf(marker, sent);
          expect(at, `marker ${marker}`).toBeGreaterThan(sent);
          response.write(html.slice(sent, at + marker.length));
          sent = at + marker.length;
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
        response.end(html.slice(sent));
      })();
      return;
    }
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Issue 11: public storefront pages come from the server as HTML and hydrate without errors or shifts. */
describe('server-rendered storefront', () => {
  let browser: Browser;
  let product: TProductDetail;
  let productAr: TProductDetail;
  beforeAll(async () => {
    browser = await launchBrowser();
    const page = await getJson<{ pageList: TProductCard[] }>('/api/v1/catalog/products?pageSize=1&lang=en');
    const first = page.pageList[0];
    if (!first) {
      throw new Error('the demo catalogue has no products');
    }
    product = await getJson<TProductDetail>(`/api/v1/catalog/products/${first.id}?lang=en`);
    productAr = await getJson<TProductDetail>(`/api/v1/catalog/products/${first.id}?lang=ar`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders a product page with its content in English and in Arabic (right to left)', async () => {
    const en = await getPage(`/productDetails?id=${product.id}`, { 'accept-language': 'en-US' });
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toContain('text/html');
    expect(en.html).toMatch(/<html lang="en[^"]*" dir="ltr">/);
    const markup = rootMarkup(en.html);
    expect(markup).toContain(escapeHtml(product.name));
    expect(markup).toContain(escapeHtml(product.store.name));
    expect(markup).toContain('cv-footer');
    // Images carry their size so nothing moves when they arrive.
    expect(markup).toMatch(/<img[^>]+width="\d+"[^>]+height="\d+"|<img[^>]+height="\d+"[^>]+width="\d+"/);

    const ar = await getPage(`/productDetails?id=${product.id}&lang=ar`);
    expect(ar.status).toBe(200);
    expect(ar.html).toMatch(/<html lang="ar[^"]*" dir="rtl">/);
    expect(rootMarkup(ar.html)).toContain(escapeHtml(productAr.name));
    // The Arabic dictionary, not English: the footer's copyright line differs.
    expect(rootMarkup(ar.html)).not.toContain('All rights reserved');
  });

  it('renders home, lists, a store, search and help pages with their content', async () => {
    const pages: Array<[string, string]> = [
      ['/index', 'home-recommended'],
      ['/commodity', 'product-card'],
      ['/discounted', 'cv-page'],
      ['/classification', 'cv-page'],
      [`/store?id=${product.store.id}`, escapeHtml(product.store.name)],
      [`/searchGoods?k=${encodeURIComponent(JSON.stringify(product.name.split(' ')[0]))}`, 'product-card'],
      [`/searchResult/${encodeURIComponent(product.name.split(' ')[0] ?? '')}`, 'cv-page'],
      ['/help/buyer-rules', 'cv-page'],
      ['/privacy-policy', 'cv-page'],
      ['/download', 'cv-download__card'],
    ];
    for (const [path, expected] of pages) {
      for (const lang of ['en', 'ar']) {
        const separator = path.includes('?') ? '&' : '?';
        const { status, html } = await getPage(`${path}${separator}lang=${lang}`);
        expect(status, path).toBe(200);
        expect(html, path).toContain(lang === 'ar' ? 'dir="rtl"' : 'dir="ltr"');
        expect(rootMarkup(html), `${path} ${lang}`).toContain(expected);
        // The styles for the markup are inline in the head, so the page is styled before any script runs; the
        // public pages use no Ant Design, so none of its style engine's tags are needed (docs/decisions.md).
        const head = html.slice(0, html.indexOf('</head>'));
        expect(head, path).toMatch(/<style[^>]*>[^<]*\.cv-shell\{/);
        // Stylesheet links only as disabled markers of the inline files (never fetched; Vite's loader of a lazy
        // chunk's CSS sees them and fetches nothing again).
        const links = head.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        expect(links.length, path).toBeGreaterThan(0);
        for (const link of links) {
          expect(link, path).toMatch(/^<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled>$/);
        }
        if (path.startsWith('/store')) {
          // Home, then the store by its name.
          const crumbs = structuredData(head).find((item) => item['@type'] === 'BreadcrumbList') as
            | { itemListElement: Array<{ name: string }> }
            | undefined;
          expect(crumbs?.itemListElement.map((item) => item.name).at(-1), `${path} ${lang}`).toBe(
            product.store.name,
          );
          expect(crumbs?.itemListElement).toHaveLength(2);
        }
      }
    }
  });

  it('renders the main storefront pages in one pass, their data read before rendering', async () => {
    // A query parameter the pages ignore makes each address new to the page cache, so each is rendered now.
    const fresh = `fresh=${Date.now()}`;
    const tree = await getJson<{ categories: TCategory[] }>('/api/v1/catalog/categories?lang=en');
    const leaf = tree.categories[0]?.children[0]?.children[0];
    if (!leaf) {
      throw new Error('the demo catalogue has no third-level category');
    }
    const productWord = product.name.split(' ')[0] ?? '';
    const storeWord = product.store.name.split(' ')[0] ?? '';
    // Each page with what its data renders (null: its content is checked by the test above).
    const pages: Array<[string, string | null]> = [
      [`/index?${fresh}`, null],
      [`/commodity?sort=sales&min=1&page=2&${fresh}`, null],
      [`/discounted?${fresh}`, null],
      [`/productDetails?id=${product.id}&${fresh}`, null],
      [`/store?id=${product.store.id}&${fresh}`, null],
      [`/searchGoods?k=${encodeURIComponent(JSON.stringify(productWord))}&${fresh}`, null],
      // The category's products are read once the tree says which category the page lists.
      [`/classification?${fresh}`, 'data-testid="product-card"'],
      [`/classification?id=${leaf.id}&${fresh}`, 'data-testid="classification-title"'],
      [
        `/searchStore?k=${encodeURIComponent(JSON.stringify(storeWord))}&${fresh}`,
        'data-testid="store-card"',
      ],
      [`/searchResult/${encodeURIComponent(productWord)}?${fresh}`, 'data-testid="product-card"'],
    ];
    for (const [path, expected] of pages) {
      for (const lang of ['en', 'ar']) {
        const { status, headers, html } = await getPage(`${path}&lang=${lang}`);
        expect(status, path).toBe(200);
        expect(headers.get('x-page-cache'), path).toBe('miss');
        expect(headers.get('server-timing'), path).toBe('render;desc="passes=1"');
        if (expected) {
          expect(rootMarkup(html), `${path} ${lang}`).toContain(expected);
        }
      }
    }
    // A store that does not exist: its products are not read, and the page is still a 404 in one pass.
    const missing = await getPage(`/store?id=999999999&${fresh}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('server-timing')).toBe('render;desc="passes=1"');
  });

  /** JSON-LD blocks of a page, parsed. */
  function structuredData(html: string): Array<Record<string, unknown>> {
    return [
      ...html.matchAll(/<script(?: nonce="[^"]*")? type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>);
  }

  it('gives a product page its title, description, canonical, 21 alternates, cards and JSON-LD in en and ar', async () => {
    for (const [lang, detail] of [
      ['en', product],
      ['ar', productAr],
    ] as const) {
      const suffix = lang === 'en' ? '' : `&lang=${lang}`;
      const { html } = await getPage(`/productDetails?id=${product.id}${suffix}`);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(`<title>${escapeHtml(detail.name)} · Caravan</title>`);
      expect(head).toMatch(/<meta name="description" content="[^"]{10,}">/);
      const canonical = `${baseUrl()}/productDetails?id=${product.id}${lang === 'en' ? '' : '&amp;lang=ar'}`;
      expect(head).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(head.match(/<link rel="alternate" hreflang="[^"]+"/g)?.length).toBe(22);
      expect(head).toContain('hreflang="x-default"');
      expect(head).toContain(`hreflang="ar" href="${baseUrl()}/productDetails?id=${product.id}&amp;lang=ar"`);
      expect(head).toContain(`<meta property="og:title" content="${escapeHtml(detail.name)}">`);
      expect(head).toMatch(/<meta property="og:image" content="http[^"]+\/uploads\/[^"]+">/);
      expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
      const data = structuredData(head);
      const productData = data.find((item) => item['@type'] === 'Product') as {
        name: string;
        offers: { price: string; priceCurrency: string; availability: string };
        aggregateRating?: { ratingValue: string; reviewCount: number };
      };
      expect(productData.name).toBe(detail.name);
      expect(productData.offers.priceCurrency).toBe('USDT');
      expect(Number(productData.offers.price)).toBeGreaterThan(0);
      expect(productData.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
      const crumbs = data.find((item) => item['@type'] === 'BreadcrumbList') as {
        itemListElement: Array<{ name: string }>;
      };
      expect(crumbs.itemListElement.at(-1)?.name).toBe(detail.name);
      expect(data.some((item) => item['@type'] === 'Organization')).toBe(true);
    }
  });

  it('lists every product of the demo catalogue in the sitemap, named by robots.txt', async () => {
    const robots = await getPage('/robots.txt');
    expect(robots.html).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const index = await getPage('/sitemap.xml');
    const files = [...index.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    const productIds = new Set<string>();
    for (const file of files.filter((url) => url.includes('/sitemaps/products-'))) {
      const { html } = await getPage(new URL(file).pathname);
      for (const match of html.matchAll(/\/productDetails\?id=(\d+)<\/loc><lastmod>[^<]+<\/lastmod>/g)) {
        productIds.add(match[1] ?? '');
      }
    }
    const all = await getJson<{ total: number }>('/api/v1/catalog/products?pageSize=1');
    expect(productIds.size).toBe(all.total);
    expect(productIds.has(product.id)).toBe(true);
  });

  it('answers a missing product or store with 404 and its page', async () => {
    const product404 = await getPage('/productDetails?id=987654321');
    expect(product404.status).toBe(404);
    expect(rootMarkup(product404.html)).toContain('data-testid="product-not-found"');
    const store404 = await getPage('/store?id=987654321');
    expect(store404.status).toBe(404);
    expect(rootMarkup(store404.html)).toContain('data-testid="store-not-found"');
    const malformed = await getPage('/productDetails?id=not-a-number');
    expect(malformed.status).toBe(404);
    // Pages that show "not found" without reading anything, and a path no page has: 404 with that page too.
    for (const [path, testId] of [
      ['/productDetails', 'product-not-found'],
      ['/store', 'store-not-found'],
    ]) {
      const missing = await getPage(path ?? '');
      expect(missing.status, path).toBe(404);
      expect(rootMarkup(missing.html), path).toContain(`data-testid="${testId}"`);
    }
    // An unknown category still lists the first one (with a note), but as a 404 a crawler does not index.
    const category404 = await getPage('/classification?id=987654321');
    expect(category404.status).toBe(404);
    expect(rootMarkup(category404.html)).toContain('data-testid="product-card"');
    expect(category404.html).toContain('<meta name="robots" content="noindex">');
    for (const path of ['/help/no-such-topic', '/no-such-page', '/no-such-file.png']) {
      const missing = await getPage(path, { accept: 'text/html' });
      expect(missing.status, path).toBe(404);
      expect(missing.html, path).toContain('<meta name="robots" content="noindex">');
      expect(missing.html, path).toContain(`id="${SERVER_STATE_ELEMENT_ID}"`);
    }
  });

  it('keeps consoles and personal pages client-rendered', async () => {
    const { status, html } = await getPage('/userInfo/dashboard', { accept: 'text/html' });
    expect(status).toBe(200);
    expect(html).not.toContain(`id="${SERVER_STATE_ELEMENT_ID}"`);
  });

  async function watchPage(page: Page) {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => {
      const state = window as unknown as { __layoutShift: number };
      state.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >) {
          if (!entry.hadRecentInput) {
            state.__layoutShift += entry.value;
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    return problems;
  }

  it('paints a half-arrived page without moving its header or footer once the rest arrives', async () => {
    // The missing product is a short page: its footer is pinned to the bottom, so a footer painted half-parsed
    // moved up as its last rows arrived (1280 px). At 360 px the header's actions wrap under the logo once they
    // are all there, which pushed a search box painted earlier down.
    const pagePath = '/productDetails?id=987654321';
    const proxy = await startSlowPageProxy(
      pagePath,
      ['<div class="cv-header__actions">', '<div class="cv-container cv-footer__payments">'],
      400,
    );
    try {
      for (const width of [1280, 360]) {
        const { context, page } = await newPage(browser, { width, height: 800, baseURL: proxy.url });
        await page.addInitScript(() => {
          const state = window as unknown as { __movedInFrame: string[] };
          state.__movedInFrame = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<
              PerformanceEntry & { value: number; sources: Array<{ node: Node | null }> }
            >) {
              for (const source of entry.sources) {
                const element =
                  source.node instanceof Element ? source.node : (source.node?.parentElement ?? null);
                const frame = element?.closest('header, footer');
                if (frame) {
                  state.__movedInFrame.push(`${frame.tagName} ${element?.className} ${entry.value}`);
                }
              }
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(pagePath, { waitUntil: 'load' });
        await poll(() => page.getByTestId('product-not-found').isVisible()).toBe(true);
        const moved = await page.evaluate(
          () => (window as unknown as { __movedInFrame: string[] }).__movedInFrame,
        );
        expect(moved, `at ${width}px`).toEqual([]);
        await context.close();
      }
    } finally {
      await proxy.close();
    }
  });

  it('hydrates each public page without a hydration error or a layout shift, then navigates client-side', async () => {
    const paths = [
      '/index',
      '/commodity',
      `/productDetails?id=${product.id}`,
      `/store?id=${product.store.id}`,
      '/productDetails?id=987654321',
      '/no-such-page',
      `/productDetails?id=${product.id}&lang=ar`,
      // Titled by what they show (a keyword, a category's names), which the page itself writes again.
      `/searchGoods?k=${encodeURIComponent(JSON.stringify(product.name.split(' ')[0] ?? ''))}`,
      `/classification?id=${product.categoryPath.at(-1)?.id ?? ''}`,
    ];
    for (const width of [1280, 360]) {
      for (const path of paths) {
        const { context, page } = await newPage(browser, { width, height: 800 });
        const problems = await watchPage(page);
        // The page's styles are inline: fetching them again made the browser restyle the whole page (issue 11).
        const stylesheets: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'stylesheet') {
            stylesheets.push(request.url());
          }
        });
        const response = await page.goto(path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        // The tab keeps the server's title once the app runs (a crawler that runs scripts reads this one).
        const serverHtml = (await response?.text()) ?? '';
        const serverTitle = await page.evaluate(
          (html) => new DOMParser().parseFromString(html, 'text/html').title,
          serverHtml,
        );
        expect(serverTitle, path).not.toBe('');
        expect(await page.title(), `${path} at ${width}px`).toBe(serverTitle);
        const layoutShift = await page.evaluate(
          () => (window as unknown as { __layoutShift: number }).__layoutShift,
        );
        expect(problems, `${path} at ${width}px`).toEqual([]);
        expect(stylesheets, `${path} at ${width}px`).toEqual([]);
        expect(layoutShift, `${path} at ${width}px`).toBeLessThanOrEqual(0.05);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(width);
        await context.close();
      }
    }

    // After the first page the app navigates in the browser: no second document request.
    const { context, page } = await newPage(browser);
    await page.goto('/index', { waitUntil: 'networkidle' });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') {
        documents.push(request.url());
      }
    });
    await page.locator('header').getByRole('link', { name: 'All products' }).first().click();
    await poll(() => new URL(page.url()).pathname).toBe('/commodity');
    await poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(0);
    expect(documents).toEqual([]);
    await context.close();
  });

  it("leaves home's lower lists unrendered until they come near, at the height they will have", async () => {
    for (const width of [1280, 360]) {
      const { context, page } = await newPage(browser, { width, height: 800 });
      await page.goto('/index', { waitUntil: 'networkidle' });
      const readSections = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.cv-section--below-fold')].map((section) => ({
            name: section.dataset.testid,
            contentVisibility: getComputedStyle(section).contentVisibility,
            height: section.getBoundingClientRect().height,
            isRendered: section.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? false,
          })),
        );
      const atLoad = await readSections();
      expect(atLoad.map((section) => section.name)).toEqual([
        'home-stores',
        'home-new',
        'home-hot',
        'home-guess',
        'home-discounted',
      ]);
      expect(atLoad.every((section) => section.contentVisibility === 'auto')).toBe(true);
      // The browser skips the lists far from the first screen.
      expect(atLoad.at(-1)?.isRendered, `at ${width}px`).toBe(false);
      // Each list, brought into view, is rendered at the height its stand-in gave it: the page does not grow or
      // shrink as the visitor scrolls down.
      for (const [i, name] of atLoad.map((section) => section.name).entries()) {
        await page.getByTestId(name ?? '').scrollIntoViewIfNeeded();
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const shown = (await readSections())[i];
        const standIn = atLoad[i]?.height ?? 0;
        expect(shown?.isRendered, `${name} at ${width}px`).toBe(true);
        expect(Math.abs((shown?.height ?? 0) - standIn) / standIn, `${name} at ${width}px`).toBeLessThan(
          0.05,
        );
      }
      await context.close();
    }
  });

  it("fetches home's far lists' pictures only when scrolled near, and the first banner before any card", async () => {
    for (const width of [1280, 360]) {
      const { context, page } = await newPage(browser, { width, height: 800 });
      const pictures: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image' && request.url().includes('/uploads/')) {
          pictures.push(new URL(request.url()).pathname);
        }
      });
      await page.goto('/index', { waitUntil: 'networkidle' });
      // A picture's file without its width (a srcset picks one of several).
      const stem = (address: string) => address.replace(/-\d+\.webp$/, '');
      const sections = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main section')].map((section) => ({
          name: section.dataset.testid ?? '',
          isBelowFold: section.classList.contains('cv-section--below-fold'),
          top: section.getBoundingClientRect().top,
          pictures: [...section.querySelectorAll('img')].map((img) => ({
            path: new URL(img.getAttribute('src') ?? '', location.href).pathname,
            loading: img.loading,
            fetchPriority: img.fetchPriority,
          })),
        })),
      );
      const firstScreen = new Set(
        sections
          .filter((section) => !section.isBelowFold)
          .flatMap((section) => section.pictures.map((p) => stem(p.path))),
      );
      const fetched = new Set(pictures.map(stem));
      const lists = sections.filter((section) => section.isBelowFold && section.name !== 'home-stores');
      expect(lists.length, `at ${width}px`).toBe(4);
      for (const list of lists) {
        // Lazy, at no more than normal priority: nothing of theirs goes ahead of the first screen's pictures.
        expect(
          list.pictures.every((p) => p.loading === 'lazy' && p.fetchPriority !== 'high'),
          list.name,
        ).toBe(true);
      }
      // The lists beyond the browser's lazy-loading distance (at most 2,500 px from the first screen) are not
      // fetched at all (a product also in the first screen's lists aside).
      const far = lists.filter((list) => list.top > 800 + 2500);
      expect(far.length, `at ${width}px`).toBeGreaterThan(0);
      const fetchedFar = far.flatMap((list) =>
        list.pictures.map((p) => stem(p.path)).filter((file) => fetched.has(file) && !firstScreen.has(file)),
      );
      expect(fetchedFar, `at ${width}px`).toEqual([]);
      const banner = await page.locator('.cv-carousel__slide img').first().getAttribute('src');
      expect(stem(pictures[0] ?? ''), `at ${width}px`).toBe(stem(banner ?? ''));
      await context.close();
    }
  });

  it('is installable: manifest with icons, a service worker that never caches the API, an offline page', async () => {
    const manifest = await getJson<{ start_url: string; display: string; icons: Array<{ sizes: string }> }>(
      '/manifest.webmanifest',
    );
    expect(manifest.start_url).toBe('/index');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const home = await getPage('/index');
    expect(home.html).toContain('<link rel="manifest" href="/manifest.webmanifest"');

    const { context, page } = await newPage(browser, { serviceWorkers: 'allow' });
    await page.goto('/index', { waitUntil: 'load' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A second load under the worker's control, so its fetch handler sees what follows.
    await page.reload({ waitUntil: 'networkidle' });
    const cachedPaths = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          paths.push(new URL(request.url).pathname);
        }
      }
      return paths;
    });
    expect(cachedPaths).toContain('/offline.html');
    expect(cachedPaths.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cachedPaths.filter((path) => path.startsWith('/api/'))).toEqual([]);

    await context.setOffline(true);
    await page.goto('/commodity', { waitUntil: 'load' }).catch(() => null);
    await poll(() => page.locator('h1').textContent()).toBe('You are offline');
    await context.close();
  });

  it('sends scripts and styles as compressed at build time: brotli or gzip, whichever the browser takes', async () => {
    const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    // The boot chunk every page loads, the largest script of the first load.
    const boot = manifest['index.html']?.imports?.map((key) => manifest[key]?.file ?? '') ?? [];
    const file = boot
      .map((name) => ({ name, size: readFileSync(path.join(dist, name)).length }))
      .sort((a, b) => b.size - a.size)[0]?.name;
    expect(file).toMatch(/^assets\/.+\.js$/);
    const plain = readFileSync(path.join(dist, `${file}`));
    /** The answer's bytes as they came over the wire (fetch would decode them). */
    const rawGet = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${baseUrl()}/${file}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });

    const brotli = await rawGet('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.body.equals(readFileSync(path.join(dist, `${file}.br`)))).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(plain)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.length / 3);

    const gzipped = await rawGet('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body.equals(readFileSync(path.join(dist, `${file}.gz`)))).toBe(true);

    const identity = await rawGet('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
  });

  it('a search-engine link in Arabic keeps the language without loading the page twice', async () => {
    const { context, page } = await newPage(browser);
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') {
        documents += 1;
      }
    });
    await page.goto(`/productDetails?id=${product.id}&lang=ar`, { waitUntil: 'networkidle' });
    await poll(() => new URL(page.url()).search).toBe(`?id=${product.id}`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(documents).toBe(1);
    await context.close();
  });
});

import type { TCategoryNode } from '@caravan/contracts';
import type { TLanguage } from '@caravan/contracts/languages';
import { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { categoriesQuery } from '../components/catalog/categories';
import { buildPageHead, canonicalUrl } from './page-head';

const ORIGIN = 'https://shop.example';
const TEXTS: Record<string, string> = {
  'common:brand': 'Caravan',
  'common:footer.tagline': 'Wholesale goods from trusted shops',
  'common:routes.index': 'Home',
};
const t = ((key: string) => TEXTS[key] ?? key) as unknown as TFunction;

function category(id: string, name: string, children: TCategoryNode[] = []): TCategoryNode {
  return { id, parentId: null, level: 1, name, icon: '', isRecommended: false, children };
}

function headOf(
  address: string,
  options: { html?: string; queryClient?: QueryClient; lang?: TLanguage; status?: number } = {},
): string {
  return buildPageHead({
    url: new URL(address, ORIGIN),
    lang: options.lang ?? 'en',
    origin: ORIGIN,
    t,
    queryClient: options.queryClient ?? new QueryClient(),
    html: options.html ?? '<main><h1>Categories</h1></main>',
    status: options.status ?? 200,
  });
}

function attribute(head: string, pattern: RegExp): string | undefined {
  return head.match(pattern)?.[1];
}

describe('page head (issue 11: findable)', () => {
  it('keeps only the parameters that make another page in the canonical address', () => {
    const canonical = (address: string, ids?: { id?: string }) =>
      canonicalUrl(new URL(address, ORIGIN), ORIGIN, ids).toString();
    expect(canonical('/productDetails?id=1&utm_source=x&id=2')).toBe(`${ORIGIN}/productDetails?id=1`);
    // The catalogue's own spelling of the id, once the page has read it.
    expect(canonical('/store?id=01&page=1&q=tea', { id: '1' })).toBe(`${ORIGIN}/store?id=1`);
    expect(canonical('/commodity?sort=price_asc&min=1&page=3&c=12')).toBe(`${ORIGIN}/commodity?c=12&page=3`);
    expect(canonical('/commodity?page=abc')).toBe(`${ORIGIN}/commodity`);
    // The keyword as the site's own links write it (JSON), so it reads back as the same search: a bare `1e2`
    // would be read as JSON, the search 100.
    expect(canonical('/searchGoods?k=%20linen%20&fbclid=1')).toBe(`${ORIGIN}/searchGoods?k=%22linen%22`);
    expect(canonical('/searchGoods?k=%221e2%22')).toBe(`${ORIGIN}/searchGoods?k=%221e2%22`);
    expect(canonical('/privacy-policy?ref=mail')).toBe(`${ORIGIN}/privacy-policy`);
  });

  it('writes the clean address into canonical, the alternates and og:url, with the language where not English', () => {
    const head = headOf('/commodity?c=12&sort=sales&utm_campaign=x&lang=ar', { lang: 'ar' });
    expect(attribute(head, /<link rel="canonical" href="([^"]+)"/)).toBe(
      `${ORIGIN}/commodity?c=12&amp;lang=ar`,
    );
    expect(attribute(head, /<meta property="og:url" content="([^"]+)"/)).toBe(
      `${ORIGIN}/commodity?c=12&amp;lang=ar`,
    );
    expect(attribute(head, /hreflang="en" href="([^"]+)"/)).toBe(`${ORIGIN}/commodity?c=12`);
    expect(head).not.toContain('utm_campaign');
    expect(head).not.toContain('sort=');
  });

  it('names a category page after its category, in the title, the cards and the breadcrumb', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(categoriesQuery().queryKey, {
      categories: [category('1', 'Apparel', [category('12', "Men's Clothing")])],
    });
    const head = headOf('/classification?id=12', { queryClient });
    expect(head).toContain("<title>Apparel / Men's Clothing · Caravan</title>");
    expect(attribute(head, /<meta property="og:title" content="([^"]+)"/)).toBe("Apparel / Men's Clothing");
    expect(attribute(head, /<meta name="description" content="([^"]+)"/)).toContain(
      "Apparel / Men's Clothing",
    );
    const breadcrumb = head
      .match(/<script type="application\/ld\+json">(.*?)<\/script>/g)
      ?.map((tag) => JSON.parse(tag.replace(/<\/?script[^>]*>/g, '')))
      .find((data) => data['@type'] === 'BreadcrumbList');
    expect(breadcrumb.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      'Home',
      'Apparel',
      "Men's Clothing",
    ]);
    expect(breadcrumb.itemListElement[2].item).toBe(`${ORIGIN}/classification?id=12`);
  });

  it('puts the keyword in a search page title and keeps the results out of the index', () => {
    const head = headOf('/searchGoods?k=linen', { html: '<main><h1>Search goods</h1></main>' });
    expect(head).toContain('<title>linen · Search goods · Caravan</title>');
    expect(head).toContain('<meta name="robots" content="noindex, follow">');
    expect(headOf('/commodity')).not.toContain('name="robots"');
    expect(headOf('/productDetails?id=9', { status: 404 })).toContain(
      '<meta name="robots" content="noindex">',
    );
  });

  it('puts the keyword of /searchResult/:k, its path segment, in the title as the page reads it', () => {
    const html = { html: '<main><h1>Search results</h1></main>' };
    expect(headOf('/searchResult/linen', html)).toContain('<title>linen · Search results · Caravan</title>');
    expect(headOf(`/searchResult/${encodeURIComponent('قطن ناعم')}`, html)).toContain(
      '<title>قطن ناعم · Search results · Caravan</title>',
    );
    // Not valid percent-encoding: kept as written, as the router's useParams() keeps it.
    expect(headOf('/searchResult/100%25%zz', html)).toContain(
      '<title>100%25%zz · Search results · Caravan</title>',
    );
    const description = attribute(
      headOf('/searchResult/linen', html),
      /<meta name="description" content="([^"]+)"/,
    );
    expect(description).toContain('linen');
  });

  it('describes a page by its opening paragraph when it has one, else by the tagline', () => {
    const opening =
      'We collect only what an order needs: your name, an address to deliver to and a way to reach you.';
    const policy = headOf('/privacy-policy', {
      html: `<header><p>Free shipping</p></header><main><h1>Privacy</h1><p>${opening}</p></main>`,
    });
    expect(attribute(policy, /<meta name="description" content="([^"]+)"/)).toBe(opening);
    const short = headOf('/privacy-policy', { html: '<main><h1>Privacy</h1><p>Updated today.</p></main>' });
    expect(attribute(short, /<meta name="description" content="([^"]+)"/)).toBe(
      TEXTS['common:footer.tagline'],
    );
    // Neither a picture's <path> nor the footer's paragraph after the page's content is its opening.
    const list = headOf('/commodity', {
      html: `<main><h1>All products</h1><svg><path d="M13 39c0-6 3-9 7-9"></path></svg></main><footer><p>${opening}</p></footer>`,
    });
    expect(attribute(list, /<meta name="description" content="([^"]+)"/)).toBe(
      TEXTS['common:footer.tagline'],
    );
  });

  it('writes og:locale as language and territory in every language', () => {
    expect(attribute(headOf('/index', { lang: 'en' }), /og:locale" content="([^"]+)"/)).toBe('en_US');
    expect(attribute(headOf('/index', { lang: 'ar' }), /og:locale" content="([^"]+)"/)).toBe('ar_AR');
    expect(attribute(headOf('/index', { lang: 'tw' }), /og:locale" content="([^"]+)"/)).toBe('zh_TW');
  });
});

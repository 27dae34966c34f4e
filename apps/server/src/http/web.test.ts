import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { POLICY_PAGES } from '@caravan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../testing/test-app';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';

describe('web app serving', () => {
  let ctx: TTestContext;
  const dist = path.resolve('.tmp/test-web-dist');
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head>\n    <link rel="expect" href="#main" blocking="render" />\n  </head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(
      path.join(dist, 'assets', 'big-1234.js'),
      `export const TEXT = '${'caravan '.repeat(600)}';`,
    );
    const precompressed = `export const TEXT = '${'bazaar '.repeat(600)}';`;
    writeFileSync(path.join(dist, 'assets', 'pre-1234.js'), precompressed);
    writeFileSync(path.join(dist, 'assets', 'pre-1234.js.br'), brotliCompressSync(precompressed));
    writeFileSync(path.join(dist, 'assets', 'pre-1234.js.gz'), gzipSync(precompressed, { level: 9 }));
    ctx = await createTestApp({
      SERVE_WEB: 'true',
      WEB_DIST_DIR: dist,
      MOBILE_SITE_URL: 'https://m.caravan.example/',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('redirects / to /index keeping the query', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/?lang=de' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/index?lang=de');
  });

  it('answers page paths with the SPA and API misses with the error envelope', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/userInfo/dashboard',
      headers: { accept: 'text/html', 'user-agent': DESKTOP },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    // The shell has no <main> to wait for: Chromium would warn that the expected element never came.
    expect(page.body).not.toContain('rel="expect"');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/unknown',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
  });

  it('answers a long path parameter by its route, and a longer one or a broken escape with the envelope, localised', async () => {
    // 120 digits: Fastify answered 414 in its own English shape before any route looked at it.
    const longId = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/products/${'1'.repeat(120)}?lang=de`,
    });
    expect(longId.statusCode).toBe(400);
    expect(longId.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(longId.json().error.message).toContain('gültige');
    const longKeyword = await ctx.app.inject({
      method: 'GET',
      url: `/searchResult/${'linen'.repeat(30)}`,
      headers: { accept: 'text/html', 'user-agent': DESKTOP },
    });
    expect(longKeyword.statusCode).toBe(200);
    expect(longKeyword.headers['content-type']).toContain('text/html');
    for (const [url, headers] of [
      [`/api/v1/catalog/products/${'1'.repeat(600)}`, { 'accept-language': 'de-DE,de;q=0.9' }],
      ['/api/v1/catalog/products/%E0%A4%A', { cookie: 'lang=de' }],
      ['/searchResult/%E0%A4%A?lang=de', { accept: 'application/json' }],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        error: { code: 'ROUTE_NOT_FOUND', message: 'Die angeforderte Adresse existiert nicht' },
      });
    }
  });

  it('answers a browser visiting a bad address with the app and the error status, not the JSON envelope', async () => {
    for (const [url, status] of [
      ['/productDetails?id=%00', 400],
      ['/store?id=%00&lang=de', 400],
      ['/searchResult/%E0%A4%A?lang=de', 404],
      ['/help/%ZZ', 404],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'user-agent': DESKTOP },
      });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
    }
    // An API call's refusal stays the envelope, whatever the client accepts.
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/catalog/products/%00',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('answers storefront pages through their own routes as before: the page for browsers, 404 for JSON', async () => {
    for (const url of [
      '/productDetails?id=1',
      '/searchResult/tea',
      '/index',
      '/privacy-policy',
      '/help/news',
    ]) {
      const page = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'user-agent': DESKTOP },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      const json = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    }
    // The mobile redirect still applies on these routes.
    const mobile = await ctx.app.inject({
      method: 'GET',
      url: '/store?id=9',
      headers: { accept: 'text/html', 'user-agent': IPHONE },
    });
    expect(mobile.statusCode).toBe(302);
    expect(mobile.headers.location).toContain('storeId=9');
  });

  it('answers HEAD on a page as GET, without the body', async () => {
    for (const url of ['/productDetails?id=1', '/index', '/userInfo/dashboard']) {
      const head = await ctx.app.inject({
        method: 'HEAD',
        url,
        headers: { accept: 'text/html', 'user-agent': DESKTOP },
      });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toContain('text/html');
      expect(head.body, url).toBe('');
    }
  });

  it("sends a storefront page's other spellings to its own address for good, the query kept", async () => {
    for (const [url, location] of [
      ['/productDetails/?id=999999', '/productDetails?id=999999'],
      ['/ProductDetails?id=1', '/productDetails?id=1'],
      ['/INDEX', '/index'],
      ['/store/?id=2&page=3', '/store?id=2&page=3'],
      ['/searchresult/Linen%20Shirt/', '/searchResult/Linen%20Shirt'],
      ['/Help/news', '/help/news'],
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'user-agent': DESKTOP },
      });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
    // Other pages are the app's, whatever their spelling; the redirect's target is served itself.
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/userInfo/Dashboard/',
      headers: { accept: 'text/html', 'user-agent': DESKTOP },
    });
    expect(other.statusCode).toBe(200);
  });

  it('gives every policy page a route of its own, so a visit never first looks for a file of its name', async () => {
    for (const name of POLICY_PAGES) {
      expect(ctx.app.hasRoute({ method: 'GET', url: `/${name}` }), name).toBe(true);
    }
    expect(ctx.app.hasRoute({ method: 'GET', url: '/help/:topic' })).toBe(true);
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('gzips scripts and JSON above 1 KB for clients that accept it, and leaves small JSON replies alone', async () => {
    const script = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(script.rawPayload).toString()).toContain('caravan caravan');

    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('caravan caravan');

    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTypeOf('object');

    const docs = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('sends a script compressed at build time as it is: brotli, else gzip, else the file', async () => {
    const dir = path.join(dist, 'assets');
    const get = (acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/assets/pre-1234.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.rawPayload.equals(readFileSync(path.join(dir, 'pre-1234.js.br')))).toBe(true);

    const gzipped = await get('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(readFileSync(path.join(dir, 'pre-1234.js.gz')))).toBe(true);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(readFileSync(path.join(dir, 'pre-1234.js'), 'utf8'));
  });

  it('sends mobile visitors to MOBILE_SITE_URL keeping goods id, store id and lang', async () => {
    const goods = await ctx.app.inject({
      method: 'GET',
      url: '/productDetails?id=42&lang=fr',
      headers: { accept: 'text/html', 'user-agent': IPHONE },
    });
    expect(goods.statusCode).toBe(302);
    const target = new URL(goods.headers.location as string);
    expect(target.origin).toBe('https://m.caravan.example');
    expect(target.searchParams.get('goodsId')).toBe('42');
    expect(target.searchParams.get('lang')).toBe('fr');
    const store = await ctx.app.inject({
      method: 'GET',
      url: '/store?id=7',
      headers: { accept: 'text/html', 'user-agent': IPHONE, 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    const storeTarget = new URL(store.headers.location as string);
    expect(storeTarget.searchParams.get('storeId')).toBe('7');
    expect(storeTarget.searchParams.get('lang')).toBe('ja');
    // A language the site does not have is not passed on: the visitor's own is.
    const unknownLanguage = await ctx.app.inject({
      method: 'GET',
      url: '/productDetails?id=5&lang=xx',
      headers: { accept: 'text/html', 'user-agent': IPHONE, 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(new URL(unknownLanguage.headers.location as string).searchParams.get('lang')).toBe('de');
    // The same address answers phones and computers differently: caches must keep the two apart.
    expect(goods.headers.vary).toContain('user-agent');
    const desktop = await ctx.app.inject({
      method: 'GET',
      url: '/productDetails?id=42',
      headers: { accept: 'text/html', 'user-agent': DESKTOP },
    });
    expect(desktop.statusCode).toBe(200);
    expect(desktop.headers.vary).toContain('user-agent');
    // Consoles are never redirected.
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/admin/login',
      headers: { accept: 'text/html', 'user-agent': IPHONE },
    });
    expect(admin.statusCode).toBe(200);
  });
});

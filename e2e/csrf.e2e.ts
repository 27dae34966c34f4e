import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, uniqueName } from './browser';

/**
 * Issue 10, defect 1 in a real browser: a page on another origin of the same site (another port, so the
 * SameSite=Lax session cookie does go along) tries the forgeries of the report against a logged-in buyer:
 * a legacy call by link (GET) and by form-like POST, and a /api/v1 write. All are refused; the same calls
 * made from the shop's own origin work.
 */
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

type TCount = { count: number };

async function firstProductId(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/catalog/products?pageNum=1&pageSize=1');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { pageList: { id: string }[] };
  const id = body.pageList[0]?.id;
  expect(id).toBeTruthy();
  return id!;
}

describe('CSRF from a page on another origin', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let attacker: Server;
  let attackerUrl = '';
  let token = '';

  beforeAll(async () => {
    // The foreign page: same host (127.0.0.1), another port. It only serves a blank document.
    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>elsewhere</title><p>another site</p>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await page.goto('/index');
    // Register from the shop's own origin: the browser now holds the buyer's session cookie.
    const registered = await page.evaluate(async (username) => {
      const res = await fetch('/api/v1/auth/register', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          accountType: 'username',
          account: username,
          password: 'Sekrit-12x',
          confirmPassword: 'Sekrit-12x',
        }),
      });
      return { status: res.status, body: (await res.json()) as { token: string } };
    }, uniqueName('csrf'));
    expect(registered.status).toBe(201);
    token = registered.body.token;
    expect((await context.cookies()).some((c) => c.name === 'caravan_session')).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => attacker?.close(() => resolve()));
  });

  it('refuses the legacy withdrawal-address binding and a /api/v1 write from the other origin', async () => {
    const productId = await firstProductId(page);
    const evil = await context.newPage();
    await evil.goto(attackerUrl);
    const target = baseUrl();
    await evil.evaluate(
      async ({ target, productId, tron }) => {
        const bind = `${target}/api/user!bindWithdrawAddress.action?channel=TRC20&address=${tron}`;
        // 1. A link or image: GET with the cookie.
        await new Promise<void>((resolve) => {
          const img = new Image();
          img.onload = () => resolve();
          img.onerror = () => resolve();
          img.src = bind;
        });
        // The request reaches the server either way; the browser may then hide or block the answer
        // (Cross-Origin-Resource-Policy makes fetch reject), which does not matter to a forger.
        const send = (url: string, init: RequestInit) => fetch(url, init).catch(() => undefined);
        // 2. A simple cross-origin POST (what a hidden form does): the cookie goes along, the answer is opaque.
        await send(bind, { method: 'POST', mode: 'no-cors', credentials: 'include' });
        await send(bind, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'channel=TRC20',
        });
        // 3. A /api/v1 write that needs no body: add a favourite.
        await send(`${target}/api/v1/favourites/products/${productId}`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
        });
      },
      { target, productId, tron: TRON },
    );
    await evil.close();

    // Nothing happened: no bound address, no favourite.
    const open = await page.evaluate(async (tokenValue) => {
      const res = await fetch(`/api/withdraw!withdraw_open.action?token=${tokenValue}`, { method: 'POST' });
      return (await res.json()) as { code: number; data: { address: unknown } };
    }, token);
    expect(open).toMatchObject({ code: 0, data: { address: null } });
    const favourites = await page.evaluate(async () => {
      const res = await fetch('/api/v1/favourites/products/count', { credentials: 'include' });
      return (await res.json()) as TCount;
    });
    expect(favourites.count).toBe(0);
  });

  it('takes the same calls from the shop’s own origin', async () => {
    const productId = await firstProductId(page);
    const results = await page.evaluate(
      async ({ productId, tron, tokenValue }) => {
        // The old apps' way: POST with the token they keep.
        const bind = await fetch(
          `/api/user!bindWithdrawAddress.action?channel=TRC20&address=${tron}&token=${tokenValue}`,
          { method: 'POST' },
        );
        // The web app's way: the cookie, from its own origin.
        const favourite = await fetch(`/api/v1/favourites/products/${productId}`, {
          method: 'POST',
          credentials: 'include',
        });
        const count = await fetch('/api/v1/favourites/products/count', { credentials: 'include' });
        return {
          bind: (await bind.json()) as { code: number; data: { address: string } },
          favouriteStatus: favourite.status,
          count: ((await count.json()) as TCount).count,
        };
      },
      { productId, tron: TRON, tokenValue: token },
    );
    expect(results.bind).toMatchObject({ code: 0, data: { address: TRON } });
    expect(results.favouriteStatus).toBe(200);
    expect(results.count).toBe(1);
  });
});
